/**
 * Factor applied to the sd of run means to get the smallest difference distinguishable from noise:
 * 1.96 x √2 ≈ 2.77. The difference of two independent runs has sd √2·σ, and 1.96 of those is a two-sided 95%
 * range, so two runs of one configuration differ by more than this only 5% of the time.
 */
export declare const NOISE_DETECTION_FACTOR: number;
/** One metric's spread across repeated runs. */
export interface NoiseSummary {
    /** Runs that had the metric. */
    runs: number;
    /** Mean of the run means. */
    mean: number;
    /** Sample standard deviation (n - 1) of the run means. */
    sd: number;
    /** Lowest and highest run mean. */
    min: number;
    max: number;
    /** {@link NOISE_DETECTION_FACTOR} x sd: differences below this are within noise. */
    minDetectableDiff: number;
}
/**
 * Per metric, the spread of the run means across repeated runs. Each run maps case id -> metric -> value; a
 * run's mean of a metric is over the cases that have it. Needs at least 2 runs (one run says nothing about
 * noise). Example: recall@5 means 0.70, 0.72, 0.74 -> mean 0.72, sd 0.02, minDetectableDiff 0.0554.
 */
export declare function estimateNoise(runs: ReadonlyArray<Record<string, Record<string, number>>>): Record<string, NoiseSummary>;
