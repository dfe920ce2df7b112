/**
 * How large a drop the gate can confirm in a group of n paired cases: the "minimum detectable drop", so a
 * small case type whose drops can never be confirmed is named instead of silently passing. Pure.
 */
import { metricDirection, type MetricDirection } from '../../grading/metrics/direction.ts'
import type { Baseline } from './baseline.ts'
import type { GatePolicy } from './policy.ts'
import { inverseNormalCdf } from '../../shared/stats/normal.ts'

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
 */
export function minimumDetectableDrop(
  values: readonly number[],
  alpha: number,
  direction: MetricDirection = 'higher',
): { n: number; mean: number; absoluteDrop: number; relativeDrop: number } {
  const n = values.length
  if (n === 0) return { n, mean: 0, absoluteDrop: Number.POSITIVE_INFINITY, relativeDrop: Number.POSITIVE_INFINITY }
  const mean = values.reduce((s, v) => s + v, 0) / n
  const variance = n < 2 ? 0 : values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1)
  const z = inverseNormalCdf(1 - alpha / 2) + inverseNormalCdf(DETECTION_POWER)
  const normalTerm = (z * Math.sqrt(variance)) / Math.sqrt(n)
  const signTerm = (minConsistentCases(alpha) * (direction === 'lower' ? Math.max(0, 1 - mean) : Math.abs(mean))) / n
  const absoluteDrop = Math.max(normalTerm, signTerm)
  return { n, mean, absoluteDrop, relativeDrop: mean === 0 ? Number.POSITIVE_INFINITY : absoluteDrop / Math.abs(mean) }
}

/** Baseline per-case values of one metric in one group (`overall` or a case type). */
function baselineValues(baseline: Baseline, family: 'retrieval' | 'answer', metric: string, group: string): number[] {
  const values: number[] = []
  for (const c of Object.values(baseline.cases)) {
    if (group !== 'overall' && c.caseType !== group) continue
    const v = c[family]?.[metric]
    if (v !== undefined) values.push(v)
  }
  return values
}

/**
 * The power of one gated metric in one group: how large a drop the gate can confirm there, at `alpha` (the
 * level one comparison is held to after the family correction; default `policy.alpha`).
 */
export function groupPower(
  baseline: Baseline,
  family: 'retrieval' | 'answer',
  metric: string,
  group: string,
  policy: GatePolicy,
  alpha = policy.alpha,
): GroupPower {
  const { n, mean, absoluteDrop, relativeDrop } = minimumDetectableDrop(
    baselineValues(baseline, family, metric, group),
    alpha,
    metricDirection(metric),
  )
  const tooSmall = (policy.requireSignificance && n < policy.minPairedCases) || relativeDrop > policy.maxDetectableDrop
  return { metric, family, group, n, mean, absoluteDrop, relativeDrop, tooSmall }
}
