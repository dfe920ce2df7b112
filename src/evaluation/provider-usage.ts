/**
 * The per-provider tally of a run's model calls: produced by the runtimes (provider-stats.ts writes and sums it)
 * and shown by the scorecard. A type of its own, so the scorecard, a pure core, reads it without the file code.
 */

/** One provider's model-call tally over a run (summed over every worker). */
export interface ProviderUsage {
  calls: number
  cached: number
  /** Retries by cause (`rate_limit`, `server`, `timeout`, `network`, `malformed`). */
  retries: Record<string, number>
  fallbacks: number
  failures: number
  inputTokens: number
  outputTokens: number
  costUsd: number
  savedUsd: number
}
