/**
 * The scorecard's usage section: what the run's model calls cost, per case and per provider.
 */
import type { ProviderUsage } from '../../evaluation/provider-usage.ts'

/** Model usage over the run. */
export interface UsageSection {
  calls: number
  cachedCalls: number
  retries: number
  costUsd: number
  savedUsd: number
  /** Sum of per-case latencies, milliseconds. */
  latencyMsTotal: number
  /**
   * Every model call of the run per provider, the judge's and embedder's included: network calls, cache hits,
   * retries by cause (never hidden), chain fallbacks, failures, tokens, cost and what the cache saved.
   */
  providers?: Record<string, ProviderUsage>
  /**
   * The one cost ledger of the run: every model call summed over the providers (generator, judge, embedder,
   * re-asks and errored cases included), when provider stats exist; the per-case figures above count only
   * what the system under test reported for its own answers.
   */
  total?: { calls: number; cachedCalls: number; failures: number; costUsd: number; savedUsd: number }
  /** Set when the spend limit stopped cases: which, and the limit's message (what was left, how to resume). */
  spendLimit?: { stoppedCases: number; caseIds: string[]; message: string }
}
