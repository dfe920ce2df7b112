/**
 * Paired permutation (sign-flip) test of a mean difference: under the null hypothesis that the two runs are
 * exchangeable within each case, each per-case difference is equally likely to have either sign.
 */
import { groupByCluster } from './clusters.ts'
import { StatsError } from './errors.ts'
import { DEFAULT_SEED, mulberry32 } from './prng.ts'

/** Defaults of {@link pairedPermutationTest}: 10,000 Monte Carlo resamples, exact up to n = 20. */
export const DEFAULT_PERMUTATION_OPTIONS = { resamples: 10_000, seed: DEFAULT_SEED, exactUpTo: 20 } as const

/** Largest n enumerated exactly: 2^26 patterns take about a second. */
const MAX_EXACT = 26

/** Options of {@link pairedPermutationTest}. */
export interface PermutationOptions {
  /** Random sign patterns when n > exactUpTo; default 10,000. */
  resamples?: number
  /** PRNG seed; default {@link DEFAULT_SEED}. */
  seed?: number
  /** Enumerate all 2^n sign patterns when n <= exactUpTo; default 20 (about a million patterns). */
  exactUpTo?: number
  /**
   * Cluster label of each difference (`undefined` = a cluster of its own): differences that share a label are
   * flipped together. Default: every difference flips alone.
   */
  clusters?: ReadonlyArray<string | undefined>
}

/** The test's result. */
export interface PermutationResult {
  /** Two-sided p-value in (0, 1]. */
  pValue: number
  /** True when all 2^n sign patterns were enumerated (no Monte Carlo error). */
  exact: boolean
}

/**
 * Two-sided sign-flip test on the sum (equivalently the mean) of `diffs`.
 * p = share of sign patterns whose |sum| is at least the observed |sum| (within a relative 1e-9, so that
 * equal sums that differ only by rounding count as ties, as SciPy does).
 * - n <= exactUpTo: exact, over all 2^n patterns (the identity included), walked in Gray-code order so each
 *   step flips one sign: O(2^n). Example: diffs [1, 2, 3] -> sums of ±1±2±3 are ±6, ±4, ±2, ±0 (twice);
 *   |sum| >= 6 in 2 of 8 patterns -> p = 0.25.
 * - otherwise Monte Carlo: p = (count + 1) / (resamples + 1), which never returns 0 and is a valid p-value.
 * - clustered (`options.clusters`): the sign of a whole cluster flips at once, i.e. the test above runs on the
 *   clusters' sums, n being the number of clusters. Example: diffs [1, 1, 1, 1] in clusters {x, x, y, y} ->
 *   sums [2, 2], sums of ±2±2 are ±4, ±0 (twice); |sum| >= 4 in 2 of 4 patterns -> p = 0.5 (unclustered: 2 of
 *   16 -> 0.125).
 * All differences zero -> p = 1.
 */
export function pairedPermutationTest(diffs: readonly number[], options: PermutationOptions = {}): PermutationResult {
  const { resamples, seed, exactUpTo } = { ...DEFAULT_PERMUTATION_OPTIONS, ...options }
  if (diffs.length === 0) {
    throw new StatsError(
      'VITEST_RAG_STATS_EMPTY',
      'pairedPermutationTest got no differences (fix: pair at least one case)',
    )
  }
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new StatsError(
      'VITEST_RAG_STATS_BAD_OPTION',
      `permutation resamples ${JSON.stringify(resamples)} is not a whole number >= 1 (fix: e.g. 10000)`,
    )
  }
  if (!Number.isInteger(exactUpTo) || exactUpTo < 0 || exactUpTo > MAX_EXACT) {
    throw new StatsError(
      'VITEST_RAG_STATS_BAD_OPTION',
      `permutation exactUpTo ${JSON.stringify(exactUpTo)} is not a whole number in 0..${MAX_EXACT} (fix: e.g. 20; 2^n patterns are enumerated)`,
    )
  }
  const data = Float64Array.from(options.clusters === undefined ? diffs : groupByCluster(diffs, options.clusters).sums)
  const n = data.length
  let observed = 0
  let scale = 0
  for (const d of data) {
    observed += d
    scale += Math.abs(d)
  }
  if (scale === 0) return { pValue: 1, exact: n <= exactUpTo }
  const threshold = Math.abs(observed) - 1e-9 * scale
  if (n <= exactUpTo) return { pValue: exactPValue(data, observed, threshold), exact: true }
  return { pValue: (monteCarloCount(data, threshold, resamples, seed) + 1) / (resamples + 1), exact: false }
}

/**
 * Sign patterns (of `resamples` random ones) whose |sum| reaches `threshold`. One 32-bit draw gives the signs of
 * 32 consecutive differences (its bits are independent fair coins). Zero differences are skipped: adding ±0
 * leaves a sum unchanged (up to the sign of a zero sum, which |sum| ignores), so the sums, and the count, are
 * those of the plain loop over every difference, bit for bit, while a retrieval comparison's mostly-tied cases
 * cost nothing. The sign is a multiplication by ±1 (exact) rather than a branch the CPU cannot predict.
 */
function monteCarloCount(data: Float64Array, threshold: number, resamples: number, seed: number): number {
  const at: number[] = []
  for (let i = 0; i < data.length; i++) if (data[i] !== 0) at.push(i)
  const index = Int32Array.from(at)
  const value = Float64Array.from(at, (i) => data[i]!)
  const words = new Uint32Array(Math.ceil(data.length / 32))
  const random = mulberry32(seed)
  let count = 0
  for (let b = 0; b < resamples; b++) {
    for (let w = 0; w < words.length; w++) words[w] = random() * 4294967296
    let sum = 0
    for (let j = 0; j < index.length; j++) {
      const i = index[j]!
      sum += (1 - 2 * ((words[i >>> 5]! >>> (i & 31)) & 1)) * value[j]!
    }
    if (Math.abs(sum) >= threshold) count++
  }
  return count
}

function exactPValue(data: Float64Array, observed: number, threshold: number): number {
  const n = data.length
  const patterns = 2 ** n
  const sign = new Int8Array(n).fill(1)
  let sum = observed
  let count = Math.abs(sum) >= threshold ? 1 : 0
  for (let step = 1; step < patterns; step++) {
    // Gray code: step g flips the bit at the index of g's lowest set bit.
    const bit = 31 - Math.clz32(step & -step)
    sign[bit] = -sign[bit]! as 1 | -1
    sum += 2 * sign[bit]! * data[bit]!
    if (Math.abs(sum) >= threshold) count++
  }
  return count / patterns
}
