/** Options of {@link compareRuns}; defaults in {@link DEFAULT_COMPARE_OPTIONS}. */
export interface CompareOptions {
    /** Significance level, also 1 - the interval's confidence; default 0.05. */
    alpha?: number;
    /** Bootstrap and Monte Carlo permutation resamples; default 10,000. */
    resamples?: number;
    /** PRNG seed for both; default {@link DEFAULT_SEED}. */
    seed?: number;
    /** Exact permutation test up to this many pairs; default 20. */
    exactUpTo?: number;
}
/** Defaults of {@link compareRuns}. */
export declare const DEFAULT_COMPARE_OPTIONS: {
    readonly alpha: 0.05;
    readonly resamples: 10000;
    readonly seed: 24301;
    readonly exactUpTo: 20;
};
/** The paired comparison of run `b` against run `a` on one metric. */
export interface RunComparison {
    /** Cases present in both runs (the pairs). */
    n: number;
    /** Mean of `a` over the paired cases only. */
    meanA: number;
    /** Mean of `b` over the paired cases only. */
    meanB: number;
    /** Mean of b - a over the pairs (positive: b is higher). */
    meanDiff: number;
    /** BCa bootstrap interval of `meanDiff`. */
    ci: [number, number];
    /** Two-sided sign-flip permutation p-value. */
    pValue: number;
    /** The interval excludes 0 AND p < alpha: both tests must agree before a change counts. */
    significant: boolean;
    /** Case ids only in `a` (sorted); they are not paired, the gate decides what missing cases mean. */
    onlyInA: string[];
    /** Case ids only in `b` (sorted). */
    onlyInB: string[];
}
/**
 * Pairs two runs' per-case values of one metric by case id (ids sorted, so the result does not depend on key
 * order) and tests the mean difference b - a. With no pairs: n = 0, means 0, ci [0, 0], p = 1, not
 * significant (the gate must fail closed on n = 0 itself).
 * Example: a {x: 0.5, y: 0.5}, b {x: 1, y: 1} -> meanDiff 0.5, ci [0.5, 0.5], p = 0.5 (2 of 4 sign patterns),
 * not significant with only two cases.
 */
export declare function compareRuns(a: Record<string, number>, b: Record<string, number>, options?: CompareOptions): RunComparison;
