import { describe, expect, test } from 'vitest'
import { bootstrapMeans, pairedBootstrapBca } from '../../../src/shared/stats/bootstrap.ts'
import { clusterLabels, countClusters, groupByCluster } from '../../../src/shared/stats/clusters.ts'
import { compareRuns } from '../../../src/shared/stats/compare.ts'
import { StatsError } from '../../../src/shared/stats/errors.ts'
import { inverseNormalCdf, normalCdf } from '../../../src/shared/stats/normal.ts'
import { pairedPermutationTest } from '../../../src/shared/stats/permutation.ts'

/** Labels for consecutive runs of cases: sizes [2, 1] -> ['k0', 'k0', 'k1']. */
function labelsOf(sizes: readonly number[]): string[] {
  return sizes.flatMap((size, k) => Array.from({ length: size }, () => `k${k}`))
}

describe('grouping cases into clusters', () => {
  test('values are summed per label in order of first appearance; an unlabelled case is a cluster of its own', () => {
    // x: 1 + 3 = 4; y: 2; the unlabelled 4 alone
    expect(groupByCluster([1, 2, 3, 4], ['x', 'y', 'x', undefined])).toEqual({ sums: [4, 2, 4], sizes: [2, 1, 1] })
    expect(countClusters(['x', 'y', 'x', undefined, undefined])).toBe(4)
  })
  test('one label per value is required, and the error says so', () => {
    expect(() => groupByCluster([1, 2], ['x'])).toThrow(StatsError)
    expect(() => groupByCluster([1, 2], ['x'])).toThrow(/1 cluster labels for 2 values/)
  })
  test('clusterLabels keeps the cases that name a cluster', () => {
    expect(clusterLabels({ a: { cluster: 'doc-1' }, b: {}, c: { cluster: 'doc-1' } })).toEqual({
      a: 'doc-1',
      c: 'doc-1',
    })
  })
})

describe('the clustered permutation test flips a cluster as one', () => {
  test('four equal gains in two clusters: p = 2 of 4 cluster patterns, not 2 of 16 case patterns', () => {
    // cluster sums [2, 2]: ±2±2 = 4, 0, 0, -4; |sum| >= 4 in 2 of 4 patterns -> 0.5. Unclustered: 2 of 16 = 0.125.
    expect(pairedPermutationTest([1, 1, 1, 1], { clusters: ['x', 'x', 'y', 'y'] })).toEqual({
      pValue: 0.5,
      exact: true,
    })
    expect(pairedPermutationTest([1, 1, 1, 1])).toEqual({ pValue: 0.125, exact: true })
  })
})

describe('the clustered bootstrap resamples a cluster as one', () => {
  test('diffs [1, 1, 0, 0] in clusters {x, x, y, y}: every resample mean is 0, 0.5 or 1', () => {
    // resamples of two clusters: xx -> 2/2 = 1, xy or yx -> 1/2, yy -> 0; a case-level resample could give 0.25.
    const grouped = groupByCluster([1, 1, 0, 0], ['x', 'x', 'y', 'y'])
    const means = bootstrapMeans(grouped.sums, 4000, 3, grouped.sizes)
    expect(new Set(means)).toEqual(new Set([0, 0.5, 1]))
    // The plain bootstrap of the same four cases also draws 0.25 and 0.75.
    expect(new Set(bootstrapMeans([1, 1, 0, 0], 4000, 3))).toEqual(new Set([0, 0.25, 0.5, 0.75, 1]))
  })

  test('unequal clusters: a resample mean is the case mean of the drawn clusters, not the mean of cluster means', () => {
    // clusters {x: [1, 1, 1], y: [0]}: draw x, y -> (3 + 0) / (3 + 1) = 0.75 (the mean of cluster means would be 0.5)
    const grouped = groupByCluster([1, 1, 1, 0], ['x', 'x', 'x', 'y'])
    expect(new Set(bootstrapMeans(grouped.sums, 4000, 5, grouped.sizes))).toEqual(new Set([0, 0.75, 1]))
  })

  test('one cluster holds no spread to resample: the interval is [mean, mean]; singletons are the plain bootstrap', () => {
    // mean (0.1 + 0.3) / 2 = 0.2
    expect(pairedBootstrapBca([0.1, 0.3], { clusters: ['x', 'x'] })).toEqual({ mean: 0.2, lo: 0.2, hi: 0.2 })
    // every case its own cluster: the same interval as without clusters, draw for draw
    const diffs = [0.1, -0.2, 0.3, 0.05, 0.4, -0.1, 0.25]
    expect(pairedBootstrapBca(diffs, { clusters: diffs.map((_, i) => `c${i}`), resamples: 3000 })).toEqual(
      pairedBootstrapBca(diffs, { resamples: 3000 }),
    )
  })

  test('BCa end points over 3 unequal clusters match the exact enumeration of all 27 cluster resamples', () => {
    // clusters: x = [0.1, 0.3] (sum 0.4, size 2), y = [0.9] (0.9, 1), z = [-0.2, 0.0, 0.5] (0.3, 3)
    const diffs = [0.1, 0.3, 0.9, -0.2, 0, 0.5]
    const labels = ['x', 'x', 'y', 'z', 'z', 'z']
    const sums = [0.4, 0.9, 0.3]
    const sizes = [2, 1, 3]
    const exact: number[] = []
    for (let i = 0; i < 27; i++) {
      const picks = [i % 3, Math.floor(i / 3) % 3, Math.floor(i / 9)]
      exact.push(picks.reduce((s, k) => s + sums[k]!, 0) / picks.reduce((s, k) => s + sizes[k]!, 0))
    }
    exact.sort((p, q) => p - q)
    const observed = 1.6 / 6 // (0.4 + 0.9 + 0.3) / 6
    const z0 = inverseNormalCdf(
      (exact.filter((m) => m < observed).length + exact.filter((m) => m <= observed).length) / 54,
    )
    // jackknife leaves one cluster out: (1.6 - 0.4) / 4 = 0.3, (1.6 - 0.9) / 5 = 0.14, (1.6 - 0.3) / 3 = 0.4333
    const jack = [1.2 / 4, 0.7 / 5, 1.3 / 3]
    const jackMean = (jack[0]! + jack[1]! + jack[2]!) / 3
    const acc =
      jack.reduce((s, m) => s + (jackMean - m) ** 3, 0) / (6 * jack.reduce((s, m) => s + (jackMean - m) ** 2, 0) ** 1.5)
    const level = (zq: number): number => normalCdf(z0 + (z0 + zq) / (1 - acc * (z0 + zq)))
    const inverseCdf = (q: number): number => exact[Math.ceil(q * exact.length) - 1]!
    const result = pairedBootstrapBca(diffs, { clusters: labels, resamples: 200_000, seed: 11 })
    expect(result.mean).toBeCloseTo(observed, 12)
    expect(result.lo).toBeCloseTo(inverseCdf(level(inverseNormalCdf(0.025))), 9)
    expect(result.hi).toBeCloseTo(inverseCdf(level(inverseNormalCdf(0.975))), 9)
  })
})

// Data and SciPy 1.17.1 figures from `python3 scripts/cluster-stats-scipy.py` (it prints both).
const A_DIFFS = [
  -0.024, -0.045, -0.044, 0.175, 0.161, 0.203, 0.027, 0.057, 0.059, 0.114, 0.099, 0.072, 0.09, 0.065, 0.016, 0.079,
  0.106, 0.054, 0.15, 0.115, 0.085, 0, -0.061, -0.035, 0.124, 0.17, 0.125, -0.079, -0.023, -0.047,
]
const B_DIFFS = [
  -0.02, -0.044, -0.036, 0.179, 0.01, 0.108, 0.114, 0.014, 0.039, 0.056, -0.039, -0.039, -0.102, -0.038, -0.085, 0.379,
  0.038, 0.082, 0.202, 0.268, 0.218, 0.161, 0.097, 0.106, 0.078, 0.148, 0.142, 0.1, 0.094, 0.165, -0.076, -0.103,
  -0.083, -0.092, -0.032,
]
const B_SIZES = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 2, 3]

describe('agreement with SciPy 1.17.1 on clustered data', () => {
  test('10 clusters of 3: the BCa interval matches scipy.stats.bootstrap (paired) on the cluster means', () => {
    // SciPy: low 0.012100000000000034, high 0.10435577819515016; mean 1.788 / 30 = 0.0596
    const r = pairedBootstrapBca(A_DIFFS, { clusters: labelsOf(Array(10).fill(3)), resamples: 200_000, seed: 1 })
    expect(r.mean).toBeCloseTo(0.0596, 12)
    expect(Math.abs(r.lo - 0.012100000000000034)).toBeLessThan(2e-3)
    expect(Math.abs(r.hi - 0.10435577819515016)).toBeLessThan(2e-3)
    // The unclustered interval is narrower: it treats 30 cases as 30 independent draws.
    const plain = pairedBootstrapBca(A_DIFFS, { resamples: 200_000, seed: 1 })
    expect(plain.hi - plain.lo).toBeLessThan(0.8 * (r.hi - r.lo))
  })

  test("12 clusters of 1-5: the BCa interval matches SciPy's paired bootstrap of (sum, size) with sum(sums) / sum(sizes)", () => {
    // SciPy: low -0.0052716738948216215, high 0.11647480656112591; mean 2.009 / 35 = 0.0574
    const r = pairedBootstrapBca(B_DIFFS, { clusters: labelsOf(B_SIZES), resamples: 200_000, seed: 1 })
    expect(r.mean).toBeCloseTo(0.0574, 12)
    expect(Math.abs(r.lo - -0.0052716738948216215)).toBeLessThan(2e-3)
    expect(Math.abs(r.hi - 0.11647480656112591)).toBeLessThan(2e-3)
  })

  test("the sign-flip p over the 12 cluster sums equals scipy.stats.permutation_test's exact p", () => {
    // SciPy (n_resamples=inf, 2^12 patterns): 0.1123046875 = 460 / 4096. Case by case it would be about 0.0056.
    expect(pairedPermutationTest(B_DIFFS, { clusters: labelsOf(B_SIZES) })).toEqual({
      pValue: 0.1123046875,
      exact: true,
    })
    expect(pairedPermutationTest(B_DIFFS).pValue).toBeLessThan(0.01)
  })
})

describe('compareRuns with clusters', () => {
  test("a gain carried by one document's cases is significant case by case and not once they are one cluster", () => {
    // 12 cases: the 6 of doc-A each gain 0.5, the 6 others (one document each) do not move.
    const a: Record<string, number> = {}
    const b: Record<string, number> = {}
    const clusters: Record<string, string> = {}
    for (let i = 0; i < 12; i++) {
      const id = `c${String(i).padStart(2, '0')}`
      a[id] = 0.4
      b[id] = i < 6 ? 0.9 : 0.4
      clusters[id] = i < 6 ? 'doc-A' : `doc-${i}`
    }
    const plain = compareRuns(a, b)
    // 6 non-zero diffs of 0.5: p = 2 / 2^6 = 0.03125 exactly; every resample mean is >= 0 and the interval excludes 0
    expect(plain).toMatchObject({ n: 12, clusters: 12, meanDiff: 0.25, pValue: 0.03125, significant: true })
    const clustered = compareRuns(a, b, { clusters })
    // one non-zero cluster sum (3.0) among 7 clusters: p = 2 / 2 = 1 (its sign alone decides the sum's sign)
    expect(clustered).toMatchObject({ n: 12, clusters: 7, meanDiff: 0.25, pValue: 1, significant: false })
  })
})
