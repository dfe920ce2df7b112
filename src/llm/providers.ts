/**
 * Providers as data: where a model is served (any OpenAI-compatible base URL), which environment variable
 * holds its key (the NAME, never the key), and an optional upstream pin (OpenRouter's `provider` body field).
 * Generator and judge have separate chains; the judge's default chain is the generator's reversed, with the
 * generator's own model removed, so a rate-limited judge can never silently fall back onto the model it grades.
 */
import { z } from 'zod'
import { JudgeIsGeneratorError } from './errors.ts'

/** Upstream routing pin (OpenRouter `provider` field): try these upstreams in order, never others. */
export const UpstreamPinSchema = z.strictObject({
  order: z.array(z.string().min(1)).min(1),
  allowFallbacks: z.literal(false),
})
/** See {@link UpstreamPinSchema}. */
export type UpstreamPin = z.infer<typeof UpstreamPinSchema>

/** One provider entry of a chain. */
export const ProviderSchema = z.strictObject({
  /** Stable name: stats, limiter and cache key use it (e.g. `openrouter-qwen`). */
  name: z.string().min(1),
  /** OpenAI-compatible base URL, e.g. `https://openrouter.ai/api/v1`. */
  baseURL: z.url(),
  /** Name of the env var holding the API key, e.g. `OPENROUTER_API_KEY`. Never the key itself. */
  apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable NAME such as OPENROUTER_API_KEY'),
  /** Model id as the provider spells it. */
  model: z.string().min(1),
  /** Upstream pin, sent as the request body's `provider` field. */
  upstream: UpstreamPinSchema.optional(),
  /** Extra headers (e.g. `HTTP-Referer`). Not part of the cache key; never put a key here. */
  headers: z.record(z.string(), z.string()).optional(),
  /** Concurrent requests to this provider across the process. Default {@link defaultProviderLimits}. */
  concurrency: z.number().int().positive().optional(),
  /** Requests per minute to this provider across the process. Default: unlimited. */
  requestsPerMinute: z.number().int().positive().optional(),
  /** The body field carrying `maxTokens`: OpenAI reasoning models take `max_completion_tokens`. Default `max_tokens`. */
  maxTokensParam: z.enum(['max_tokens', 'max_completion_tokens']).optional(),
  /** Per-attempt timeout in ms. Default {@link defaultProviderLimits}. */
  timeoutMs: z.number().int().positive().optional(),
})
/** See {@link ProviderSchema}. */
export type Provider = z.infer<typeof ProviderSchema>

/** A provider chain: the first entry answers; later ones are fallbacks used only after retries are exhausted. */
export const ProviderChainSchema = z.array(ProviderSchema).min(1)

/** Defaults for a provider's limits. */
export const defaultProviderLimits = {
  /** Concurrent in-flight requests per provider. */
  concurrency: 4,
  /** Per-attempt timeout: 60 s. */
  timeoutMs: 60_000,
} as const

/** The judge chain actually used, and why entries were dropped. */
export interface ResolvedJudgeChain {
  chain: Provider[]
  /** True when the chain was derived from the generator's (reversed). */
  derived: boolean
  /** Provider names removed because they serve the generator's model. */
  dropped: string[]
  /**
   * The configuration let the judge serve the generator's model (`models.judge.allowSameModel`): the judge
   * itself needs it too, to allow grading its own model's answers.
   */
  allowSameModel: boolean
}

/**
 * The judge's chain: `judgeChain` when given, else the generator chain reversed. Entries serving the
 * generator's primary model are removed from a derived chain (so fallback never lands on it); an explicit
 * chain containing that model, or a derived chain left empty, is refused with {@link JudgeIsGeneratorError}
 * unless `allowSameModel` is true.
 *
 * Example: generator [A(m1), B(m2)] -> judge [B(m2)] (A dropped: it serves m1, the graded model).
 */
export function resolveJudgeChain(
  generatorChain: readonly Provider[],
  judgeChain: readonly Provider[] | undefined,
  allowSameModel = false,
): ResolvedJudgeChain {
  const derived = judgeChain === undefined
  const candidates = derived ? [...generatorChain].reverse() : [...judgeChain]
  const gradedModel = generatorChain[0]?.model
  if (allowSameModel || gradedModel === undefined) return { chain: candidates, derived, dropped: [], allowSameModel }
  const same = candidates.filter((p) => p.model === gradedModel)
  if (same.length > 0 && !derived) throw new JudgeIsGeneratorError(gradedModel)
  const chain = candidates.filter((p) => p.model !== gradedModel)
  if (chain.length === 0) throw new JudgeIsGeneratorError(gradedModel)
  return { chain, derived, dropped: same.map((p) => p.name), allowSameModel }
}

/**
 * The model the judge calls first for a models config (`generator` and `judge` as configured): the first entry
 * of {@link resolveJudgeChain}'s chain; undefined without a judge. Throws as resolveJudgeChain does.
 */
export function primaryJudgeModel(models: {
  generator?: { chain: readonly Provider[] }
  judge?: { chain?: readonly Provider[]; allowSameModel?: boolean }
}): string | undefined {
  if (!models.judge) return undefined
  return resolveJudgeChain(models.generator?.chain ?? [], models.judge.chain, models.judge.allowSameModel).chain[0]
    ?.model
}
