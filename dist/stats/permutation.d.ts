/** Defaults of {@link pairedPermutationTest}: 10,000 Monte Carlo resamples, exact up to n = 20. */
export declare const DEFAULT_PERMUTATION_OPTIONS: {
    readonly resamples: 10000;
    readonly seed: 24301;
    readonly exactUpTo: 20;
};
/** Options of {@link pairedPermutationTest}. */
export interface PermutationOptions {
    /** Random sign patterns when n > exactUpTo; default 10,000. */
    resamples?: number;
    /** PRNG seed; default {@link DEFAULT_SEED}. */
    seed?: number;
    /** Enumerate all 2^n sign patterns when n <= exactUpTo; default 20 (about a million patterns). */
    exactUpTo?: number;
}
/** The test's result. */
export interface PermutationResult {
    /** Two-sided p-value in (0, 1]. */
    pValue: number;
    /** True when all 2^n sign patterns were enumerated (no Monte Carlo error). */
    exact: boolean;
}
/**
 * Two-sided sign-flip test on the sum (equivalently the mean) of `diffs`.
 * p = share of sign patterns whose |sum| is at least the observed |sum| (within a relative 1e-9, so that
 * equal sums that differ only by rounding count as ties, as SciPy does).
 * - n <= exactUpTo: exact, over all 2^n patterns (the identity included), walked in Gray-code order so each
 *   step flips one sign: O(2^n). Example: diffs [1, 2, 3] -> sums of ±1±2±3 are ±6, ±4, ±2, ±0 (twice);
 *   |sum| >= 6 in 2 of 8 patterns -> p = 0.25.
 * - otherwise Monte Carlo: p = (count + 1) / (resamples + 1), which never returns 0 and is a valid p-value.
 * All differences zero -> p = 1.
 */
export declare function pairedPermutationTest(diffs: readonly number[], options?: PermutationOptions): PermutationResult;
