/** Defaults of {@link pairedBootstrapBca}: 10,000 resamples, a 95% interval, a fixed seed. */
export declare const DEFAULT_BOOTSTRAP_OPTIONS: {
    readonly resamples: 10000;
    readonly alpha: 0.05;
    readonly seed: 24301;
};
/** Options of {@link pairedBootstrapBca}. */
export interface BootstrapOptions {
    /** Bootstrap resamples; default 10,000. */
    resamples?: number;
    /** 1 - confidence level, in (0, 1); default 0.05 (a 95% interval). */
    alpha?: number;
    /** PRNG seed; default {@link DEFAULT_SEED}. */
    seed?: number;
}
/** A mean and its two-sided confidence interval `[lo, hi]`, in the unit of the data. */
export interface ConfidenceInterval {
    mean: number;
    lo: number;
    hi: number;
}
/** Linear-interpolation quantile of sorted values (NumPy's default, `method='linear'`), q in [0, 1]. */
export declare function quantileSorted(sorted: ArrayLike<number>, q: number): number;
/** Means of `resamples` bootstrap resamples of `values` (indices drawn uniformly with replacement). */
export declare function bootstrapMeans(values: readonly number[], resamples: number, seed: number): Float64Array;
/**
 * BCa end points from a bootstrap distribution of means (any order) and the original values:
 * - bias correction z0 = Φ⁻¹(share of bootstrap means below the observed mean, ties counted half);
 * - acceleration a = Σ(m̄ - mᵢ)³ / (6 (Σ(m̄ - mᵢ)²)^1.5) over the jackknife means mᵢ (mean without value i);
 * - the end points are the bootstrap quantiles at Φ(z0 + (z0 + z_q) / (1 - a (z0 + z_q))) for z_q = Φ⁻¹(α/2)
 *   and Φ⁻¹(1 - α/2), with linear interpolation.
 * When z0 is infinite (the observed mean lies outside every resample, possible with few resamples) the
 * plain percentile interval is returned instead.
 */
export declare function bcaInterval(values: readonly number[], bootMeans: Float64Array, alpha: number): {
    lo: number;
    hi: number;
};
/**
 * Paired bootstrap BCa interval of the mean of per-case differences (b - a).
 * Degenerate inputs: one difference, or all equal -> `[d, d]` (no spread to resample; this is not an interval
 * estimate, and the permutation test will not call it significant); no differences -> a StatsError.
 * Example: diffs [0.1, 0.1, 0.1] -> { mean: 0.1, lo: 0.1, hi: 0.1 }.
 */
export declare function pairedBootstrapBca(diffs: readonly number[], options?: BootstrapOptions): ConfidenceInterval;
