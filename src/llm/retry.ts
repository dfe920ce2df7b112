/**
 * Retries: 429, 5xx, timeouts, dropped connections and malformed responses (non-JSON body, missing `choices`)
 * are retried with exponential backoff and full jitter (delay = random() * min(maxDelay, base * 2^attempt)),
 * honouring `Retry-After` (seconds or an HTTP date) and `retry-after-ms`. Other failures (400, 401, 404, ...)
 * are not retried. The SDK's own retries are disabled (`maxRetries: 0`) so these are the only ones, and each
 * is counted by cause.
 */
import type OpenAI from 'openai'
import { z } from 'zod'
import { mulberry32 } from '../shared/stats/prng.ts'
import type { CodeOf } from '../shared/util/error-code-types.ts'
import { VitestRagError } from '../shared/util/errors.ts'

/** Why an attempt is retried. */
export type RetryCause = 'rate_limit' | 'server' | 'timeout' | 'network' | 'malformed'

/** All causes, for zero-filled counters. */
export const retryCauses: readonly RetryCause[] = ['rate_limit', 'server', 'timeout', 'network', 'malformed']

/** Retry policy. */
export const RetryOptionsSchema = z.strictObject({
  /** Retries per provider after the first attempt. Default 4. */
  maxRetries: z.number().int().nonnegative().optional(),
  /** Backoff base in ms (attempt n waits up to base * 2^n). Default 500; tests use a few ms. */
  baseDelayMs: z.number().nonnegative().optional(),
  /** Backoff cap in ms. Default 20,000. */
  maxDelayMs: z.number().nonnegative().optional(),
  /** Longest `Retry-After` honoured, in ms; longer waits are capped to this. Default 120,000. */
  maxRetryAfterMs: z.number().nonnegative().optional(),
  /** Seed for the jitter (deterministic delays in tests). Default: unseeded. */
  seed: z.number().int().optional(),
})
/** See {@link RetryOptionsSchema}. */
export type RetryOptions = z.infer<typeof RetryOptionsSchema>

/** Defaults for {@link RetryOptions}. */
export const defaultRetryOptions = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 120_000,
} as const

/** A 200 response whose body is unusable (no choices, no message content, wrong vector count). */
export class MalformedResponseError extends VitestRagError<CodeOf<'MalformedResponseError'>> {
  constructor(message: string) {
    super('VITEST_RAG_MALFORMED_RESPONSE', message)
  }
}

/** A failed attempt, classified. `cause` null: not retryable. */
export interface ClassifiedFailure {
  cause: RetryCause | null
  /** Server-requested wait, when it sent one. */
  retryAfterMs?: number
  status?: number
}

/** Reads `retry-after-ms`, else `Retry-After` (seconds or HTTP date), as ms from `now`. */
export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (headers === undefined) return undefined
  const ms = headers.get('retry-after-ms')
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms))
  const value = headers.get('retry-after')
  if (value === null || value.trim() === '') return undefined
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.max(0, Number(value) * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * Classifies an error thrown by the SDK (or by our response checks). `sdk` is the loaded `openai` module's
 * client class (its error classes are static members): passed in, so this module never loads the SDK itself.
 */
export function classifyFailure(error: unknown, sdk: typeof OpenAI): ClassifiedFailure {
  if (error instanceof MalformedResponseError || error instanceof SyntaxError) return { cause: 'malformed' }
  if (error instanceof sdk.APIConnectionTimeoutError) return { cause: 'timeout' }
  if (error instanceof sdk.APIUserAbortError) return { cause: null }
  if (error instanceof sdk.APIConnectionError) return { cause: 'network' }
  if (error instanceof sdk.APIError) {
    const status = error.status
    const retryAfterMs = parseRetryAfter(error.headers)
    const base = { status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) }
    if (status === 429) return { cause: 'rate_limit', ...base }
    if (status === 408) return { cause: 'timeout', ...base }
    if (status !== undefined && status >= 500) return { cause: 'server', ...base }
    return { cause: null, ...base }
  }
  return { cause: null }
}

/** A uniform [0, 1) generator: mulberry32 when seeded (reproducible jitter), else `Math.random`. */
export function createRandom(seed?: number): () => number {
  return seed === undefined ? Math.random : mulberry32(seed)
}

/**
 * The wait before retry number `attempt` (0-based): the server's Retry-After when given (capped at
 * maxRetryAfterMs), else full jitter random() * min(maxDelayMs, baseDelayMs * 2^attempt).
 * Example: base 500, attempt 2, random 0.5 -> 0.5 * min(20000, 2000) = 1000 ms.
 */
export function retryDelayMs(
  attempt: number,
  failure: ClassifiedFailure,
  options: Required<Omit<RetryOptions, 'seed'>>,
  random: () => number,
): number {
  if (failure.retryAfterMs !== undefined) return Math.min(failure.retryAfterMs, options.maxRetryAfterMs)
  return random() * Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt)
}

/** Thrown when one provider's retries are used up; the chain falls back to its next provider on this. */
export class RetriesExhaustedError extends VitestRagError<CodeOf<'RetriesExhaustedError'>> {
  readonly lastCause: RetryCause
  constructor(message: string, lastCause: RetryCause) {
    super('VITEST_RAG_RETRIES_EXHAUSTED', message)
    this.lastCause = lastCause
  }
}

/** What {@link withRetries} reports for each retry. */
export type RetryListener = (cause: RetryCause, attempt: number, delayMs: number) => void

/**
 * Runs `attempt` until it succeeds, fails non-retryably (rethrown as is), or exhausts `maxRetries`
 * ({@link RetriesExhaustedError}). `describe` turns an error into safe (redacted) text; `sdk` classifies the
 * SDK's errors (see {@link classifyFailure}).
 */
export async function withRetries<T>(
  run: (attempt: number) => Promise<T>,
  options: Required<Omit<RetryOptions, 'seed'>>,
  random: () => number,
  onRetry: RetryListener,
  describe: (error: unknown) => string,
  sdk: typeof OpenAI,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run(attempt)
    } catch (error) {
      const failure = classifyFailure(error, sdk)
      if (failure.cause === null) throw error
      if (attempt >= options.maxRetries) {
        throw new RetriesExhaustedError(
          `${options.maxRetries} retries exhausted (last: ${failure.cause}${failure.status ? ` ${failure.status}` : ''}: ${describe(error)})`,
          failure.cause,
        )
      }
      const delay = retryDelayMs(attempt, failure, options, random)
      onRetry(failure.cause, attempt, delay)
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}
