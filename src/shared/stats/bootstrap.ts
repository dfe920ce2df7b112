/**
 * Paired bootstrap confidence interval for a mean difference, bias-corrected and accelerated (BCa; Efron
 * 1987, Efron & Tibshirani 1993 ch. 14). The arithmetic follows `scipy.stats.bootstrap(method='BCa')` so
 * our intervals can be checked against SciPy's.
 */
import { StatsError } from './errors.ts'
import { inverseNormalCdf, normalCdf } from './normal.ts'
import { groupByCluster } from './clusters.ts'
import { DEFAULT_SEED } from './prng.ts'

/** Defaults of {@link pairedBootstrapBca}: 10,000 resamples, a 95% interval, a fixed seed. */
export const DEFAULT_BOOTSTRAP_OPTIONS = { resamples: 10_000, alpha: 0.05, seed: DEFAULT_SEED } as const

/** Options of {@link pairedBootstrapBca}. */
export interface BootstrapOptions {
  /** Bootstrap resamples; default 10,000. */
  resamples?: number
  /** 1 - confidence level, in (0, 1); default 0.05 (a 95% interval). */
  alpha?: number
  /** PRNG seed; default {@link DEFAULT_SEED}. */
  seed?: number
  /**
   * Cluster label of each difference (same order as the differences; `undefined` = a cluster of its own).
   * Differences that share a label are resampled together (see {@link pairedBootstrapBca}); default: every
   * difference is its own cluster, the ordinary paired bootstrap.
   */
  clusters?: ReadonlyArray<string | undefined>
}

/** A mean and its two-sided confidence interval `[lo, hi]`, in the unit of the data. */
export interface ConfidenceInterval {
  mean: number
  lo: number
  hi: number
}

function sumOf(values: ArrayLike<number>): number {
  let sum = 0
  for (let i = 0; i < values.length; i++) sum += values[i]!
  return sum
}

function mean(values: ArrayLike<number>): number {
  return sumOf(values) / values.length
}

/** Linear-interpolation quantile of sorted values (NumPy's default, `method='linear'`), q in [0, 1]. */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const position = q * (sorted.length - 1)
  const below = Math.floor(position)
  const above = Math.min(sorted.length - 1, below + 1)
  const fraction = position - below
  return sorted[below]! + (sorted[above]! - sorted[below]!) * fraction
}

/**
 * Means of `resamples` bootstrap resamples of `values` (indices drawn uniformly with replacement). With
 * `sizes` the values are cluster sums and `sizes` the clusters' case counts: a resample draws clusters, and its
 * mean is (sum of the drawn sums) / (sum of the drawn sizes), the case mean of the resampled cases. Without
 * `sizes` every value is one case.
 */
export function bootstrapMeans(
  values: readonly number[],
  resamples: number,
  seed: number,
  sizes?: readonly number[],
): Float64Array {
  const n = values.length
  const data = Float64Array.from(values)
  const weight = sizes === undefined ? new Float64Array(n).fill(1) : Float64Array.from(sizes)
  const means = new Float64Array(resamples)
  // Hot loop (n x resamples draws): mulberry32 is inlined, and gives exactly the sequence of
  // mulberry32(seed) (a test checks it); the index is floor(u32 / 2^32 x n), i.e. floor(random() x n).
  let state = seed >>> 0
  for (let b = 0; b < resamples; b++) {
    let sum = 0
    let count = 0
    for (let i = 0; i < n; i++) {
      state = (state + 0x6d2b79f5) | 0
      let t = Math.imul(state ^ (state >>> 15), state | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      const drawn = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)
      sum += data[drawn]!
      count += weight[drawn]!
    }
    means[b] = sum / count
  }
  return means
}

/**
 * {@link bootstrapMeans} of several unclustered vectors of the same length at once, each result equal to
 * `bootstrapMeans(vectors[j], resamples, seed)` bit for bit: the drawn indices depend only on the seed and the
 * length, so one draw serves every vector and each vector's sum is taken in the same draw order. The draws are
 * the cost (n x resamples of them); an experiment comparing 7 metrics over the same cases pays for them once.
 */
export function bootstrapMeansBatch(
  vectors: ReadonlyArray<readonly number[]>,
  resamples: number,
  seed: number,
): Float64Array[] {
  const k = vectors.length
  const n = vectors[0]?.length ?? 0
  // Interleaved (case-major) so one draw reads k adjacent values.
  const data = new Float64Array(n * k)
  vectors.forEach((v, j) => v.forEach((x, i) => (data[i * k + j] = x)))
  const means = vectors.map(() => new Float64Array(resamples))
  const sums = new Float64Array(k)
  let state = seed >>> 0
  for (let b = 0; b < resamples; b++) {
    sums.fill(0)
    for (let i = 0; i < n; i++) {
      state = (state + 0x6d2b79f5) | 0
      let t = Math.imul(state ^ (state >>> 15), state | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      const at = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n) * k
      for (let j = 0; j < k; j++) sums[j] = sums[j]! + data[at + j]!
    }
    // bootstrapMeans divides by the count it summed, n ones: exactly n.
    for (let j = 0; j < k; j++) means[j]![b] = sums[j]! / n
  }
  return means
}

/**
 * BCa end points from a bootstrap distribution of means (any order) and the original values:
 * - bias correction z0 = Φ⁻¹(share of bootstrap means below the observed mean, ties counted half);
 * - acceleration a = Σ(m̄ - mᵢ)³ / (6 (Σ(m̄ - mᵢ)²)^1.5) over the jackknife means mᵢ (mean without value i);
 * - the end points are the bootstrap quantiles at Φ(z0 + (z0 + z_q) / (1 - a (z0 + z_q))) for z_q = Φ⁻¹(α/2)
 *   and Φ⁻¹(1 - α/2), with linear interpolation.
 * With `sizes` (clustered: `values` are cluster sums) the observed mean is Σ sums / Σ sizes and the jackknife
 * leaves out one cluster at a time: mᵢ = (Σ sums - sumᵢ) / (Σ sizes - sizeᵢ), as SciPy's paired jackknife does
 * over cluster-level samples.
 * When z0 is infinite (the observed mean lies outside every resample, possible with few resamples) the
 * plain percentile interval is returned instead.
 */
export function bcaInterval(
  values: readonly number[],
  bootMeans: Float64Array,
  alpha: number,
  sizes?: readonly number[],
): { lo: number; hi: number } {
  const n = sizes === undefined ? values.length : sizes.reduce((s, v) => s + v, 0)
  const observed = sizes === undefined ? mean(values) : sumOf(values) / n
  const sorted = Float64Array.from(bootMeans).sort()
  let below = 0
  let atOrBelow = 0
  for (const m of sorted) {
    if (m < observed) below++
    if (m <= observed) atOrBelow++
  }
  const z0 = inverseNormalCdf((below + atOrBelow) / (2 * sorted.length))
  const total = observed * n
  const jackknife = values.map((v, i) => (total - v) / (n - (sizes?.[i] ?? 1)))
  const jackMean = mean(jackknife)
  let num = 0
  let den = 0
  for (const m of jackknife) {
    const d = jackMean - m
    num += d * d * d
    den += d * d
  }
  const acceleration = den === 0 ? 0 : num / (6 * den ** 1.5)
  if (!Number.isFinite(z0)) return { lo: quantileSorted(sorted, alpha / 2), hi: quantileSorted(sorted, 1 - alpha / 2) }
  const adjust = (zq: number): number => normalCdf(z0 + (z0 + zq) / (1 - acceleration * (z0 + zq)))
  return {
    lo: quantileSorted(sorted, adjust(inverseNormalCdf(alpha / 2))),
    hi: quantileSorted(sorted, adjust(inverseNormalCdf(1 - alpha / 2))),
  }
}

/**
 * Paired bootstrap BCa interval of the mean of per-case differences (b - a).
 * Clustered (`options.clusters`): the differences that share a cluster are resampled together, as one unit, so
 * that cases drawn from one document (which tend to move together) do not count as independent evidence. The
 * statistic is still the case mean: a resample of clusters c₁..c_K (drawn with replacement from the K clusters)
 * has mean Σ sum(cᵢ) / Σ size(cᵢ). Example: diffs [1, 1, 0, 0] in clusters {x, x, y, y}: a resample is xx, xy,
 * yx or yy with means 1, 0.5, 0.5, 0 (never 0.25 or 0.75, which the unclustered bootstrap draws).
 * With every cluster of one case this is the ordinary bootstrap, draw for draw.
 * Degenerate inputs: one difference or one cluster, or all equal -> `[mean, mean]` (no spread to resample; this
 * is not an interval estimate, and the permutation test will not call it significant); no differences -> a
 * StatsError.
 * Example: diffs [0.1, 0.1, 0.1] -> { mean: 0.1, lo: 0.1, hi: 0.1 }.
 * `precomputed`: the unclustered resample means when already drawn ({@link bootstrapMeansBatch}); they must be
 * `bootstrapMeans(diffs, resamples, seed)`, and are ignored with clusters.
 */
export function pairedBootstrapBca(
  diffs: readonly number[],
  options: BootstrapOptions = {},
  precomputed?: Float64Array,
): ConfidenceInterval {
  const { resamples, alpha, seed } = { ...DEFAULT_BOOTSTRAP_OPTIONS, ...options }
  if (diffs.length === 0) {
    throw new StatsError(
      'VITEST_RAG_STATS_EMPTY',
      'pairedBootstrapBca got no differences (fix: pair at least one case; check both runs share case ids)',
    )
  }
  if (!(alpha > 0 && alpha < 1)) {
    throw new StatsError(
      'VITEST_RAG_STATS_BAD_OPTION',
      `bootstrap alpha ${JSON.stringify(alpha)} is not in (0, 1) (fix: e.g. 0.05 for a 95% interval)`,
    )
  }
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new StatsError(
      'VITEST_RAG_STATS_BAD_OPTION',
      `bootstrap resamples ${JSON.stringify(resamples)} is not a whole number >= 1 (fix: e.g. 10000)`,
    )
  }
  const observed = mean(diffs)
  const first = diffs[0]!
  if (diffs.every((d) => d === first)) return { mean: first, lo: first, hi: first }
  const grouped = options.clusters === undefined ? undefined : groupByCluster(diffs, options.clusters)
  if (grouped === undefined || grouped.sizes.every((size) => size === 1)) {
    const { lo, hi } = bcaInterval(diffs, precomputed ?? bootstrapMeans(diffs, resamples, seed), alpha)
    return { mean: observed, lo, hi }
  }
  if (grouped.sums.length === 1) return { mean: observed, lo: observed, hi: observed }
  const { lo, hi } = bcaInterval(
    grouped.sums,
    bootstrapMeans(grouped.sums, resamples, seed, grouped.sizes),
    alpha,
    grouped.sizes,
  )
  return { mean: observed, lo, hi }
}
