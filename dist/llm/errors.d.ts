/**
 * The model client's error classes, each with a stable `code`. Messages quote the bad value and say the fix,
 * and never contain an API key (keys are read from the environment at call time and redacted from any
 * upstream error text, see `redact.ts`).
 */
/** Base class: every model-client failure carries a stable code. */
export declare class LlmError extends Error {
    readonly code: string;
    constructor(code: string, message: string);
}
/** A model has no entry in the price table: a missing price is not zero, so the call is refused up front. */
export declare class UnpricedModelError extends LlmError {
    readonly model: string;
    constructor(model: string);
}
/** The next call could push the run past its hard spend limit. Work done so far is kept. */
export declare class SpendLimitError extends LlmError {
    readonly limitUsd: number;
    readonly spentUsd: number;
    readonly neededUsd: number;
    constructor(limitUsd: number, spentUsd: number, reservedUsd: number, neededUsd: number, what: string);
}
/** The dry-run estimate of a whole run exceeds the spend limit: refused before the first call. */
export declare class EstimatedSpendTooHighError extends LlmError {
    constructor(estimateUsd: number, limitUsd: number, calls: number);
}
/** Replay mode (CI) found no cache entry for a request: the committed cache is stale or incomplete. */
export declare class CacheReplayMissError extends LlmError {
    readonly key: string;
    readonly path: string;
    constructor(key: string, path: string, summary: string);
}
/** The judge resolves to the generator's model: a model grading its own answers is biased. */
export declare class JudgeIsGeneratorError extends LlmError {
    constructor(model: string);
}
/** A provider's API key environment variable is unset or empty. */
export declare class MissingApiKeyError extends LlmError {
    constructor(provider: string, envName: string);
}
/** Every provider of a chain failed (retries exhausted, or a non-retryable error). */
export declare class ProviderChainError extends LlmError {
    readonly failures: string[];
    constructor(role: string, failures: string[]);
}
/** The model configuration does not validate. */
export declare class ModelConfigError extends LlmError {
    constructor(detail: string);
}
