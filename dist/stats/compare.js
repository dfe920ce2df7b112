/**
 * Comparing two runs case by case: the paired mean difference with a BCa bootstrap interval and a sign-flip
 * permutation p-value. The baseline gate calls exactly this.
 */
import { DEFAULT_BOOTSTRAP_OPTIONS, pairedBootstrapBca } from "./bootstrap.js";
import { DEFAULT_PERMUTATION_OPTIONS, pairedPermutationTest } from "./permutation.js";
import { DEFAULT_SEED } from "./prng.js";
/** Defaults of {@link compareRuns}. */
export const DEFAULT_COMPARE_OPTIONS = {
    alpha: DEFAULT_BOOTSTRAP_OPTIONS.alpha,
    resamples: DEFAULT_BOOTSTRAP_OPTIONS.resamples,
    seed: DEFAULT_SEED,
    exactUpTo: DEFAULT_PERMUTATION_OPTIONS.exactUpTo,
};
/**
 * Pairs two runs' per-case values of one metric by case id (ids sorted, so the result does not depend on key
 * order) and tests the mean difference b - a. With no pairs: n = 0, means 0, ci [0, 0], p = 1, not
 * significant (the gate must fail closed on n = 0 itself).
 * Example: a {x: 0.5, y: 0.5}, b {x: 1, y: 1} -> meanDiff 0.5, ci [0.5, 0.5], p = 0.5 (2 of 4 sign patterns),
 * not significant with only two cases.
 */
export function compareRuns(a, b, options = {}) {
    const { alpha, resamples, seed, exactUpTo } = { ...DEFAULT_COMPARE_OPTIONS, ...options };
    const paired = Object.keys(a).filter((id) => Object.hasOwn(b, id)).sort();
    const onlyInA = Object.keys(a).filter((id) => !Object.hasOwn(b, id)).sort();
    const onlyInB = Object.keys(b).filter((id) => !Object.hasOwn(a, id)).sort();
    if (paired.length === 0) {
        return { n: 0, meanA: 0, meanB: 0, meanDiff: 0, ci: [0, 0], pValue: 1, significant: false, onlyInA, onlyInB };
    }
    let sumA = 0;
    let sumB = 0;
    const diffs = paired.map((id) => {
        sumA += a[id];
        sumB += b[id];
        return b[id] - a[id];
    });
    const interval = pairedBootstrapBca(diffs, { resamples, alpha, seed });
    const { pValue } = pairedPermutationTest(diffs, { resamples, seed, exactUpTo });
    const excludesZero = interval.lo > 0 || interval.hi < 0;
    return {
        n: paired.length,
        meanA: sumA / paired.length,
        meanB: sumB / paired.length,
        meanDiff: interval.mean,
        ci: [interval.lo, interval.hi],
        pValue,
        significant: excludesZero && pValue < alpha,
        onlyInA,
        onlyInB,
    };
}
//# sourceMappingURL=compare.js.map