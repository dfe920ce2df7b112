/**
 * The model client's error classes, each with a stable `code`. Messages quote the bad value and say the fix,
 * and never contain an API key (keys are read from the environment at call time and redacted from any
 * upstream error text, see `redact.ts`).
 */
import type { CodeOf } from '../shared/util/error-code-types.ts'
import { VitestRagError } from '../shared/util/errors.ts'

/** The stable codes of the model client's errors. */
export type LlmErrorCode = CodeOf<
  | 'LlmError'
  | 'UnpricedModelError'
  | 'SpendLimitError'
  | 'EstimatedSpendTooHighError'
  | 'CacheReplayMissError'
  | 'JudgeIsGeneratorError'
  | 'MissingApiKeyError'
  | 'ProviderChainError'
  | 'ResumeNeedsCacheError'
  | 'ModelConfigError'
  | 'ProviderRequestError'
  | 'SpendFileError'
>

/** Base class: every model-client failure carries one of the stable {@link LlmErrorCode}s. */
export class LlmError extends VitestRagError<LlmErrorCode> {}

/** A model has no entry in the price table: a missing price is not zero, so the call is refused up front. */
export class UnpricedModelError extends LlmError {
  readonly model: string
  constructor(model: string) {
    super(
      'VITEST_RAG_UNPRICED_MODEL',
      `model "${model}" has no price, and a missing price is not zero; add it to models.prices ` +
        `as { "${model}": { "inputPerMillion": <USD>, "outputPerMillion": <USD> } } (no request was made).`,
    )
    this.model = model
  }
}

/** The next call could push the run past its hard spend limit. Work done so far is kept. */
export class SpendLimitError extends LlmError {
  readonly limitUsd: number
  readonly spentUsd: number
  readonly neededUsd: number
  constructor(limitUsd: number, spentUsd: number, reservedUsd: number, neededUsd: number, what: string) {
    super(
      'VITEST_RAG_SPEND_LIMIT',
      `spend limit reached: ${what} could cost up to $${neededUsd.toFixed(6)} (worst case) but only ` +
        `$${Math.max(0, limitUsd - spentUsd - reservedUsd).toFixed(6)} of the $${limitUsd.toFixed(6)} limit is left ` +
        `($${spentUsd.toFixed(6)} spent, $${reservedUsd.toFixed(6)} in flight). The cases that finished keep their ` +
        'results (per-case checkpoints). To finish the run, raise models.spendLimitUsd in ragEval() and rerun with ' +
        'VITEST_RAG_RESUME=1 (resume needs the response cache on, models.cacheMode other than "off").',
    )
    this.limitUsd = limitUsd
    this.spentUsd = spentUsd
    this.neededUsd = neededUsd
  }
}

/** The dry-run estimate of a whole run exceeds the spend limit: refused before the first call. */
export class EstimatedSpendTooHighError extends LlmError {
  constructor(estimateUsd: number, limitUsd: number, calls: number) {
    super(
      'VITEST_RAG_ESTIMATE_OVER_LIMIT',
      `the run's worst-case estimate is $${estimateUsd.toFixed(6)} for ${calls} calls, over the ` +
        `$${limitUsd.toFixed(6)} spend limit; raise the limit, run fewer cases, or lower maxTokens.`,
    )
  }
}

/** Replay mode (CI) found no cache entry for a request: the committed cache is stale or incomplete. */
export class CacheReplayMissError extends LlmError {
  readonly key: string
  readonly path: string
  constructor(key: string, path: string, summary: string) {
    super(
      'VITEST_RAG_CACHE_REPLAY_MISS',
      `cache replay miss for key ${key} (looked for ${path}); request: ${summary}. ` +
        'Record the cache locally (cacheMode "read-write" or "record") and commit it, or run with cacheMode "read-write".',
    )
    this.key = key
    this.path = path
  }
}

/** The judge resolves to the generator's model: a model grading its own answers is biased. */
export class JudgeIsGeneratorError extends LlmError {
  constructor(model: string) {
    super(
      'VITEST_RAG_JUDGE_IS_GENERATOR',
      `the judge resolves to "${model}", the generator's model; a model grading its own answers is ` +
        'biased towards them. Configure models.judge.chain with a different model, or set ' +
        'models.judge.allowSameModel: true to accept the bias knowingly.',
    )
  }
}

/** A provider's API key environment variable is unset or empty. */
export class MissingApiKeyError extends LlmError {
  constructor(provider: string, envName: string) {
    super(
      'VITEST_RAG_MISSING_API_KEY',
      `provider "${provider}" reads its API key from the environment variable ${envName}, which is ` +
        `unset or empty; export ${envName}=<key> (the key itself never goes in a config file).`,
    )
  }
}

/** Every provider of a chain failed (retries exhausted, or a non-retryable error). */
export class ProviderChainError extends LlmError {
  readonly failures: string[]
  constructor(role: string, failures: string[]) {
    super(
      'VITEST_RAG_PROVIDER_CHAIN_FAILED',
      `every provider of the ${role} chain failed: ${failures.join('; ')}. ` +
        'Check the base URLs, keys and model names, or add a fallback provider.',
    )
    this.failures = failures
  }
}

/**
 * `resume` with the response cache off: a case interrupted between its calls (answer paid, verdict not) would
 * pay its completed calls again, because only whole cases are checkpointed and only the cache keeps single
 * calls. Refused up front instead of repeating paid calls without a word.
 */
export class ResumeNeedsCacheError extends LlmError {
  constructor() {
    super(
      'VITEST_RAG_RESUME_NEEDS_CACHE',
      'VITEST_RAG_RESUME=1 (or resume: true) needs the response cache, and models.cacheMode is "off": ' +
        'only whole cases are checkpointed, so a case interrupted between its calls would pay its completed calls ' +
        'again. Set models.cacheMode to "read-write" (the default) and rerun, or run without resume to start over.',
    )
  }
}

/** The model configuration does not validate. */
export class ModelConfigError extends LlmError {
  constructor(detail: string) {
    super('VITEST_RAG_MODEL_CONFIG', `invalid models config: ${detail}`)
  }
}
