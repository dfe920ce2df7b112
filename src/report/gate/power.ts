/**
 * How large a drop the gate can confirm in a group of n paired cases (in K clusters): the "minimum detectable drop", so a
 * small case type whose drops can never be confirmed is named instead of silently passing. Pure.
 */
import { metricDirection, type MetricDirection } from '../../grading/metrics/direction.ts'
import type { Baseline } from './baseline.ts'
import type { GatePolicy } from './policy.ts'
import { inverseNormalCdf } from '../../shared/stats/normal.ts'
import { groupByCluster } from '../../shared/stats/clusters.ts'

/** Power at which the detectable drop is quoted: the test confirms a drop of that size 80% of the time. */
export const DETECTION_POWER = 0.8

/** One gated metric in one group: its size and the smallest drop the gate can confirm there. */
export interface GroupPower {
  metric: string
  family: 'retrieval' | 'answer'
  /** `overall` or a case type. */
  group: string
  /** Baseline cases of the group with a value of the metric. */
  n: number
  /** Clusters those cases form (the gate's resampling units); n when no two share one. */
  clusters: number
  /** Baseline mean of the metric over those cases. */
  mean: number
  /** Smallest absolute drop of the mean the gate can confirm (see {@link minimumDetectableDrop}). */
  absoluteDrop: number
  /** `absoluteDrop / mean`, in [0, +inf); +Infinity when the mean is 0. */
  relativeDrop: number
  /** Whether the group is too small to gate: fewer than the minimum pairs, or only drops above the policy's limit are confirmable. */
  tooSmall: boolean
}

/**
 * The fewest cases that must all move the same way before the exact two-sided sign-flip test can reach
 * p < alpha: its smallest p over m non-zero pairs is 2 / 2^m, so m is the least whole number with 2 / 2^m < alpha
 * (alpha 0.05 -> 6, since 2/2^5 = 0.0625 and 2/2^6 = 0.031).
 */
export function minConsistentCases(alpha: number): number {
  return Math.floor(Math.log2(2 / alpha)) + 1
}

/**
 * The smallest drop of a group's mean the paired test can confirm, from the baseline's per-case values:
 * the larger of
 * - the normal approximation at {@link DETECTION_POWER} power, (z(1 - alpha/2) + z(power)) x sd / sqrt(n),
 *   with sd the sample sd of the per-case values standing in for the sd of the paired differences; and
 * - the sign-flip floor: regressions usually arrive as whole cases failing (a case's recall going from 1 to 0),
 *   not as every case moving a little, and the test confirms nothing carried by fewer than
 *   {@link minConsistentCases} cases; so at least that many cases' worth of the mean, m x mean / n.
 *   (A drop spread thinly over at least m cases can be confirmed below this; this figure is for the usual shape.)
 * Example: 10 cases of mrr with mean 0.8 and sd 0.3, alpha 0.05: normal term (1.960 + 0.842) x 0.3 / sqrt(10)
 * = 0.266; sign-flip term 6 x 0.8 / 10 = 0.48; so 0.48 absolute, 60% relative: a 30% drop there cannot be
 * confirmed.
 * For a lower-is-better metric (`direction` `lower`, e.g. noise_sensitivity) the regression is a RISE and a
 * failing case moves from its value up to 1, so the sign-flip term is m x (1 - mean) / n; the figures are the
 * smallest rise, relative to the mean. Example: 63 cases, mean 0.155: 6 x 0.845 / 63 = 0.080, 52% relative.
 *
 * Clusters (`clusters[i]` labels `values[i]`; `undefined`, or no labels, makes a case a cluster of its own): the
 * gate resamples and flips whole clusters, so the power is that of K clusters, not n cases. The normal term's
 * variance of the mean is then the cluster-level one, K / (K - 1) x sum_k (T_k - m_k x mean)^2 / n^2 (T_k the
 * cluster's sum, m_k its size), which is s^2 / n when every cluster is one case and grows with the design effect
 * 1 + (m - 1) x ICC when cases of a cluster move together; and the sign-flip floor counts clusters: m whole
 * clusters of the average size n / K failing, m x mean / K. Example: values [1, 1, 0, 0] in clusters [a, a, b,
 * b]: K = 2, mean 0.5, T = (2, 0), sum (2 - 1)^2 + (0 - 1)^2 = 2, variance 2/1 x 2 / 16 = 0.25, normal term
 * 2.802 x 0.5 = 1.401 (unclustered: sd 0.577, 2.802 x 0.577 / 2 = 0.809); sign-flip floor 6 x 0.5 / 2 = 1.5.
 */
export function minimumDetectableDrop(
  values: readonly number[],
  alpha: number,
  direction: MetricDirection = 'higher',
  clusters?: ReadonlyArray<string | undefined>,
): { n: number; mean: number; absoluteDrop: number; relativeDrop: number; clusters: number } {
  const n = values.length
  const infinite = Number.POSITIVE_INFINITY
  if (n === 0) return { n, mean: 0, absoluteDrop: infinite, relativeDrop: infinite, clusters: 0 }
  const mean = values.reduce((s, v) => s + v, 0) / n
  const { sums, sizes } = groupByCluster(values, clusters ?? values.map(() => undefined))
  const k = sums.length
  let spread = 0
  for (let c = 0; c < k; c++) spread += (sums[c]! - sizes[c]! * mean) ** 2
  const varianceOfMean = k < 2 ? 0 : ((k / (k - 1)) * spread) / (n * n)
  const z = inverseNormalCdf(1 - alpha / 2) + inverseNormalCdf(DETECTION_POWER)
  const normalTerm = z * Math.sqrt(varianceOfMean)
  const signTerm = (minConsistentCases(alpha) * (direction === 'lower' ? Math.max(0, 1 - mean) : Math.abs(mean))) / k
  const absoluteDrop = Math.max(normalTerm, signTerm)
  const relativeDrop = mean === 0 ? infinite : absoluteDrop / Math.abs(mean)
  return { n, mean, absoluteDrop, relativeDrop, clusters: k }
}

/** Baseline per-case values of one metric in one group (`overall` or a case type), with each case's cluster. */
function baselineValues(
  baseline: Baseline,
  family: 'retrieval' | 'answer',
  metric: string,
  group: string,
  clusterOf: Readonly<Record<string, string>>,
): { values: number[]; clusters: Array<string | undefined> } {
  const values: number[] = []
  const clusters: Array<string | undefined> = []
  for (const [id, c] of Object.entries(baseline.cases)) {
    if (group !== 'overall' && c.caseType !== group) continue
    const v = c[family]?.[metric]
    if (v === undefined) continue
    values.push(v)
    clusters.push(clusterOf[id])
  }
  return { values, clusters }
}

/**
 * The power of one gated metric in one group: how large a drop the gate can confirm there, at `alpha` (the
 * level one comparison is held to after the family correction; default `policy.alpha`). `clusterOf` maps case id
 * to cluster (the current run's, as the paired test uses; `clusterLabels`): cases absent are clusters of their own.
 */
export function groupPower(
  baseline: Baseline,
  family: 'retrieval' | 'answer',
  metric: string,
  group: string,
  policy: GatePolicy,
  alpha = policy.alpha,
  clusterOf: Readonly<Record<string, string>> = {},
): GroupPower {
  const { values, clusters } = baselineValues(baseline, family, metric, group, clusterOf)
  const power = minimumDetectableDrop(values, alpha, metricDirection(metric), clusters)
  const { n, mean, absoluteDrop, relativeDrop } = power
  // The paired test's units are clusters: fewer than minPairedCases of them is underpowered, however many cases.
  const tooSmall =
    (policy.requireSignificance && power.clusters < policy.minPairedCases) || relativeDrop > policy.maxDetectableDrop
  return { metric, family, group, n, clusters: power.clusters, mean, absoluteDrop, relativeDrop, tooSmall }
}
