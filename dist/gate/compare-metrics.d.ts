import type { Scorecard } from '../scorecard/scorecard.js';
import type { Baseline } from './baseline.js';
import type { MetricComparison } from './gate-result.js';
import { type GatePolicy } from './policy.js';
/** Formats a metric value for messages: 3 decimals. */
export declare function formatValue(value: number): string;
/** Formats a relative change for messages: signed percent with one decimal (`-6.0%`). */
export declare function formatChange(change: number): string;
/** Formats a p-value: two significant digits, in exponent form below 0.001 (`1.9e-6`, `0.031`, `0.50`). */
export declare function formatPValue(p: number): string;
/** `(current - baseline) / |baseline|`; 0 when both are 0; +Infinity when only the baseline is 0. */
export declare function relativeChange(baseline: number, current: number): number;
/** Why judge metrics cannot be compared between these runs, or undefined when they can. */
export declare function judgeSkipReason(current: Scorecard, baseline: Baseline, policy: GatePolicy): string | undefined;
/**
 * Compares every gated metric the baseline has, overall and (by policy) per case type. Returns the
 * comparisons, the failing messages (regressions and missing metrics) and the notes (skips, unconfirmed drops).
 */
export declare function compareGatedMetrics(current: Scorecard, baseline: Baseline, policy: GatePolicy): {
    comparisons: MetricComparison[];
    failures: {
        comparison: MetricComparison;
        message: string;
    }[];
    notes: string[];
};
