/**
 * The gate's policy: which metrics are gated, how much they may drop, and how a drop is confirmed.
 */
import { DEFAULT_COMPARE_OPTIONS } from "../stats/compare.js";
/** The default gate policy. */
export const defaultGatePolicy = Object.freeze({
    maxRelativeDrop: 0.05,
    gatedMetrics: Object.freeze(['recall@5', 'mrr', 'ndcg@10', 'faithfulness', 'citation_accuracy', 'answer_relevance', 'crag_truthfulness']),
    perCaseType: true,
    requireSignificance: true,
    alpha: 0.05,
    minPairedCases: 6,
    minJudgeCoverage: 0.25,
    onNotComparable: 'fail',
    seed: DEFAULT_COMPARE_OPTIONS.seed,
    resamples: DEFAULT_COMPARE_OPTIONS.resamples,
});
/** Tolerance for "strictly more than the allowed drop", so 1.00 -> 0.95 is exactly 5% despite rounding. */
export const RELATIVE_DROP_EPSILON = 1e-9;
//# sourceMappingURL=policy.js.map