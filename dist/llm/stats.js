/**
 * Usage statistics per provider: network calls, cache hits, retries by cause, fallbacks, tokens, latency,
 * cost, and what the cache saved. Cached answers count only in `cached` and `savedUsd`: they are excluded from
 * latency and token totals (a cache hit's 0 ms would flatter the provider).
 */
import { retryCauses } from "./retry.js";
/** Zeroed counters. */
export function emptyProviderStats() {
    return {
        calls: 0,
        cached: 0,
        retries: Object.fromEntries(retryCauses.map((c) => [c, 0])),
        fallbacks: 0,
        failures: 0,
        inputTokens: 0,
        outputTokens: 0,
        latencyMs: 0,
        costUsd: 0,
        savedUsd: 0,
    };
}
/** Mutable per-provider counters owned by one client. */
export class StatsRecorder {
    byProvider = new Map();
    /** The counters for `provider`, created on first use. */
    of(provider) {
        let stats = this.byProvider.get(provider);
        if (stats === undefined) {
            stats = emptyProviderStats();
            this.byProvider.set(provider, stats);
        }
        return stats;
    }
    /** A deep copy of all counters. */
    snapshot() {
        return mergeStats([this]);
    }
    /** Internal: iterate entries. */
    entries() {
        return this.byProvider.entries();
    }
}
/** Sums several recorders' counters per provider name. */
export function mergeStats(recorders) {
    const out = {};
    for (const recorder of recorders) {
        for (const [name, s] of recorder.entries()) {
            const t = (out[name] ??= emptyProviderStats());
            t.calls += s.calls;
            t.cached += s.cached;
            for (const cause of retryCauses)
                t.retries[cause] += s.retries[cause];
            t.fallbacks += s.fallbacks;
            t.failures += s.failures;
            t.inputTokens += s.inputTokens;
            t.outputTokens += s.outputTokens;
            t.latencyMs += s.latencyMs;
            t.costUsd += s.costUsd;
            t.savedUsd += s.savedUsd;
        }
    }
    return out;
}
//# sourceMappingURL=stats.js.map