/**
 * The standard normal CDF and its inverse, for the BCa bootstrap's bias and acceleration corrections.
 */
/**
 * Standard normal CDF Φ(x), absolute error below 1e-14: Hart's (1968) double-precision rational
 * approximation in the form published by G. West, "Better approximations to cumulative normal functions"
 * (Wilmott, 2005), with a continued fraction in the tails (|x| >= 7.07). Computed on |x| and reflected,
 * so the lower tail keeps full relative precision.
 */
export declare function normalCdf(x: number): number;
/**
 * Inverse standard normal CDF Φ⁻¹(p) for p in (0, 1); -Infinity at 0, Infinity at 1, NaN outside.
 * P. J. Acklam's rational approximation (relative error 1.15e-9), refined by one Halley step against
 * {@link normalCdf}, which brings it to about 1e-15 in the central region.
 */
export declare function inverseNormalCdf(p: number): number;
