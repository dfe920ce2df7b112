/**
 * Usage statistics per provider: network calls, cache hits, retries by cause, fallbacks, tokens, latency,
 * cost, and what the cache saved. Cached answers count only in `cached` and `savedUsd`: they are excluded from
 * latency and token totals (a cache hit's 0 ms would flatter the provider).
 */
import { type RetryCause } from './retry.js';
/** One provider's counters. */
export interface ProviderStats {
    /** Completed network calls (not counting retries or cache hits). */
    calls: number;
    /** Answers served from the cache. */
    cached: number;
    /** Retries, by cause. */
    retries: Record<RetryCause, number>;
    /** Times this provider gave up (retries exhausted) and the chain moved to the next provider. */
    fallbacks: number;
    /** Calls that failed for good on this provider (non-retryable, or exhausted). */
    failures: number;
    inputTokens: number;
    outputTokens: number;
    /** Sum of latencies of completed network calls, ms (mean = latencyMs / calls). */
    latencyMs: number;
    /** USD spent on completed network calls. */
    costUsd: number;
    /** USD the cache saved (original cost of cached answers). */
    savedUsd: number;
}
/** Stats keyed by provider name. */
export type StatsByProvider = Record<string, ProviderStats>;
/** Zeroed counters. */
export declare function emptyProviderStats(): ProviderStats;
/** Mutable per-provider counters owned by one client. */
export declare class StatsRecorder {
    private readonly byProvider;
    /** The counters for `provider`, created on first use. */
    of(provider: string): ProviderStats;
    /** A deep copy of all counters. */
    snapshot(): StatsByProvider;
    /** Internal: iterate entries. */
    entries(): IterableIterator<[string, ProviderStats]>;
}
/** Sums several recorders' counters per provider name. */
export declare function mergeStats(recorders: readonly StatsRecorder[]): StatsByProvider;
