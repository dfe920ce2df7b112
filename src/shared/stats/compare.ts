/**
 * Comparing two runs case by case: the paired mean difference with a BCa bootstrap interval and a sign-flip
 * permutation p-value. The baseline gate calls exactly this.
 */
import { bootstrapMeansBatch, DEFAULT_BOOTSTRAP_OPTIONS, pairedBootstrapBca } from './bootstrap.ts'
import { countClusters } from './clusters.ts'
import { DEFAULT_PERMUTATION_OPTIONS, pairedPermutationTest } from './permutation.ts'
import { DEFAULT_SEED } from './prng.ts'

/** Options of {@link compareRuns}; defaults in {@link DEFAULT_COMPARE_OPTIONS}. */
export interface CompareOptions {
  /** Significance level, also 1 - the interval's confidence; default 0.05. */
  alpha?: number
  /** Bootstrap and Monte Carlo permutation resamples; default 10,000. */
  resamples?: number
  /** PRNG seed for both; default {@link DEFAULT_SEED}. */
  seed?: number
  /** Exact permutation test up to this many pairs (clusters, when clustered); default 20. */
  exactUpTo?: number
  /**
   * Case id -> cluster label: paired cases with the same label are resampled and sign-flipped together (a
   * case without a label is a cluster of its own). Default: none, every case is its own cluster.
   */
  clusters?: Readonly<Record<string, string | undefined>>
}

/** Defaults of {@link compareRuns}. */
export const DEFAULT_COMPARE_OPTIONS = {
  alpha: DEFAULT_BOOTSTRAP_OPTIONS.alpha,
  resamples: DEFAULT_BOOTSTRAP_OPTIONS.resamples,
  seed: DEFAULT_SEED,
  exactUpTo: DEFAULT_PERMUTATION_OPTIONS.exactUpTo,
} as const

/** The paired comparison of run `b` against run `a` on one metric. */
export interface RunComparison {
  /** Cases present in both runs (the pairs). */
  n: number
  /** Clusters the pairs form (= `n` when unclustered): the units the tests resample and flip. */
  clusters: number
  /** Mean of `a` over the paired cases only. */
  meanA: number
  /** Mean of `b` over the paired cases only. */
  meanB: number
  /** Mean of b - a over the pairs (positive: b is higher). */
  meanDiff: number
  /** BCa bootstrap interval of `meanDiff`. */
  ci: [number, number]
  /** Two-sided sign-flip permutation p-value. */
  pValue: number
  /** The interval excludes 0 AND p < alpha: both tests must agree before a change counts. */
  significant: boolean
  /** Case ids only in `a` (sorted); they are not paired, the gate decides what missing cases mean. */
  onlyInA: string[]
  /** Case ids only in `b` (sorted). */
  onlyInB: string[]
}

/** A comparison without pairs: nothing to test, nothing significant. */
const NO_PAIRS = { n: 0, clusters: 0, meanA: 0, meanB: 0, meanDiff: 0, pValue: 1, significant: false } as const

/**
 * Pairs two runs' per-case values of one metric by case id (ids sorted, so the result does not depend on key
 * order) and tests the mean difference b - a. With no pairs: n = 0, means 0, ci [0, 0], p = 1, not
 * significant (the gate must fail closed on n = 0 itself).
 * Example: a {x: 0.5, y: 0.5}, b {x: 1, y: 1} -> meanDiff 0.5, ci [0.5, 0.5], p = 0.5 (2 of 4 sign patterns),
 * not significant with only two cases.
 * With `options.clusters` both tests work on clusters (see {@link pairedBootstrapBca}, {@link pairedPermutationTest}).
 * `precomputed`: the bootstrap means of the differences when {@link compareRunsMany} drew them already.
 */
export function compareRuns(
  a: Record<string, number>,
  b: Record<string, number>,
  options: CompareOptions = {},
  precomputed?: Float64Array,
): RunComparison {
  const { alpha, resamples, seed, exactUpTo } = { ...DEFAULT_COMPARE_OPTIONS, ...options }
  const paired = Object.keys(a)
    .filter((id) => Object.hasOwn(b, id))
    .sort()
  const onlyInA = Object.keys(a)
    .filter((id) => !Object.hasOwn(b, id))
    .sort()
  const onlyInB = Object.keys(b)
    .filter((id) => !Object.hasOwn(a, id))
    .sort()
  if (paired.length === 0) return { ...NO_PAIRS, ci: [0, 0], onlyInA, onlyInB }
  let sumA = 0
  let sumB = 0
  const diffs = paired.map((id) => {
    sumA += a[id]!
    sumB += b[id]!
    return b[id]! - a[id]!
  })
  const labels = options.clusters === undefined ? undefined : paired.map((id) => options.clusters?.[id])
  const interval = pairedBootstrapBca(
    diffs,
    { resamples, alpha, seed, ...(labels ? { clusters: labels } : {}) },
    precomputed,
  )
  const { pValue } = pairedPermutationTest(diffs, {
    resamples,
    seed,
    exactUpTo,
    ...(labels ? { clusters: labels } : {}),
  })
  const excludesZero = interval.lo > 0 || interval.hi < 0
  return {
    n: paired.length,
    clusters: labels === undefined ? paired.length : countClusters(labels),
    meanA: sumA / paired.length,
    meanB: sumB / paired.length,
    meanDiff: interval.mean,
    ci: [interval.lo, interval.hi],
    pValue,
    significant: excludesZero && pValue < alpha,
    onlyInA,
    onlyInB,
  }
}

/**
 * {@link compareRuns} of several pairs of runs (one per metric, say) at once, each result equal to its own
 * `compareRuns` call: unclustered pairs over the same case ids share their bootstrap draws
 * ({@link bootstrapMeansBatch}), which are most of the cost, instead of drawing them once per metric.
 */
export function compareRunsMany(
  runs: ReadonlyArray<{ a: Record<string, number>; b: Record<string, number> }>,
  options: CompareOptions = {},
): RunComparison[] {
  const { resamples, seed } = { ...DEFAULT_COMPARE_OPTIONS, ...options }
  const precomputed: Array<Float64Array | undefined> = runs.map(() => undefined)
  if (options.clusters === undefined) {
    // Runs whose paired case ids are the same, and whose differences vary (the bootstrap only draws then).
    const groups = new Map<string, Array<{ at: number; diffs: number[] }>>()
    runs.forEach(({ a, b }, at) => {
      const paired = Object.keys(a)
        .filter((id) => Object.hasOwn(b, id))
        .sort()
      const diffs = paired.map((id) => b[id]! - a[id]!)
      if (diffs.length < 2 || diffs.every((d) => d === diffs[0])) return
      const key = paired.join('\n')
      groups.set(key, [...(groups.get(key) ?? []), { at, diffs }])
    })
    for (const group of groups.values()) {
      const means = bootstrapMeansBatch(
        group.map((g) => g.diffs),
        resamples,
        seed,
      )
      group.forEach((g, j) => (precomputed[g.at] = means[j]))
    }
  }
  return runs.map(({ a, b }, i) => compareRuns(a, b, options, precomputed[i]))
}
