/**
 * Usage statistics per provider: network calls, cache hits, retries by cause, fallbacks, tokens, latency,
 * cost, and what the cache saved. Cached answers count only in `cached` and `savedUsd`: they are excluded from
 * latency and token totals (a cache hit's 0 ms would flatter the provider).
 */
import { retryCauses, type RetryCause } from './retry.ts'

/** One provider's counters. */
export interface ProviderStats {
  /** Completed network calls (not counting retries or cache hits). */
  calls: number
  /** Answers served from the cache. */
  cached: number
  /** Retries, by cause. */
  retries: Record<RetryCause, number>
  /** Times this provider gave up (retries exhausted) and the chain moved to the next provider. */
  fallbacks: number
  /** Calls that failed for good on this provider (non-retryable, or exhausted). */
  failures: number
  inputTokens: number
  outputTokens: number
  /** Sum of latencies of completed network calls, ms (mean = latencyMs / calls). */
  latencyMs: number
  /** USD spent on completed network calls. */
  costUsd: number
  /** USD the cache saved (original cost of cached answers). */
  savedUsd: number
}

/** Stats keyed by provider name. */
export type StatsByProvider = Record<string, ProviderStats>

/** Zeroed counters. */
export function emptyProviderStats(): ProviderStats {
  return {
    calls: 0,
    cached: 0,
    retries: Object.fromEntries(retryCauses.map((c) => [c, 0])) as Record<RetryCause, number>,
    fallbacks: 0,
    failures: 0,
    inputTokens: 0,
    outputTokens: 0,
    latencyMs: 0,
    costUsd: 0,
    savedUsd: 0,
  }
}

/** Mutable per-provider counters owned by one client. */
export class StatsRecorder {
  private readonly byProvider = new Map<string, ProviderStats>()

  /** The counters for `provider`, created on first use. */
  of(provider: string): ProviderStats {
    let stats = this.byProvider.get(provider)
    if (stats === undefined) {
      stats = emptyProviderStats()
      this.byProvider.set(provider, stats)
    }
    return stats
  }

  /** A deep copy of all counters. */
  snapshot(): StatsByProvider {
    return mergeStats([this])
  }

  /** Internal: iterate entries. */
  entries(): IterableIterator<[string, ProviderStats]> {
    return this.byProvider.entries()
  }
}

/** Sums several recorders' counters per provider name. */
export function mergeStats(recorders: readonly StatsRecorder[]): StatsByProvider {
  const out: StatsByProvider = {}
  for (const recorder of recorders) {
    for (const [name, s] of recorder.entries()) {
      const t = (out[name] ??= emptyProviderStats())
      t.calls += s.calls
      t.cached += s.cached
      for (const cause of retryCauses) t.retries[cause] += s.retries[cause]
      t.fallbacks += s.fallbacks
      t.failures += s.failures
      t.inputTokens += s.inputTokens
      t.outputTokens += s.outputTokens
      t.latencyMs += s.latencyMs
      t.costUsd += s.costUsd
      t.savedUsd += s.savedUsd
    }
  }
  return out
}
