/**
 * Family-wise control of the gate's false alarms. One run tests every gated metric in every group (about 60
 * pairs on a full golden set), and a comparison at alpha 0.05 alone would fail a run with no real change about
 * 1 - 0.95^m of the time where the comparisons are independent. Holm's step-down (Holm 1979) keeps the chance
 * of ANY false confirmation at most alpha: the confirmed drops' p-values, ascending p(1) <= p(2) <= ..., are
 * kept while p(i) <= alpha / (m - i + 1), m being the number of comparisons in the run; the first one that
 * fails and every larger one are not confirmed. Comparisons that never reached the test (within tolerance,
 * unchanged) are the largest p-values of the family: they count in m and are never confirmed. A drop in a
 * group with fewer paired units (clusters) than the exact sign-flip test needs to reach its Holm level fails on
 * its size alone, as a group under `minPairedCases` does: the gate fails closed where it cannot test. Pure.
 */
import type { MetricComparison } from './gate-result.ts'
import type { GatePolicy } from './policy.ts'
import { minConsistentCases } from './power.ts'

/** The number of comparisons in the run's family (every compared metric x group with a value); 1 with `familyWise: 'none'`. */
export function familySize(comparisons: readonly MetricComparison[], policy: Pick<GatePolicy, 'familyWise'>): number {
  if (policy.familyWise === 'none') return 1
  return comparisons.filter((c) => c.verdict !== 'missing').length
}

/**
 * Applies Holm's step-down to the drops the paired test confirmed (`regression` with a significant test); a
 * drop that does not hold becomes `not_significant`, its failure a note saying so. Returns the failures kept
 * and the notes added. Example: m = 9, confirmed p 0.001, 0.004, 0.02: thresholds 0.05/9 = 0.0056 (kept),
 * 0.05/8 = 0.00625 (kept), 0.05/7 = 0.0071 (0.02 > it: not confirmed).
 */
export function holmStepDown<F extends { comparison: MetricComparison; message: string }>(
  comparisons: readonly MetricComparison[],
  failures: readonly F[],
  policy: Pick<GatePolicy, 'alpha' | 'familyWise'>,
): { failures: F[]; notes: string[] } {
  if (policy.familyWise === 'none') return { failures: [...failures], notes: [] }
  const m = familySize(comparisons, policy)
  const tested = failures.filter(
    (f) => f.comparison.verdict === 'regression' && f.comparison.significance?.significant === true,
  )
  tested.sort((x, y) => x.comparison.significance!.pValue - y.comparison.significance!.pValue)
  const dropped = new Set<F>()
  let stopped = false
  tested.forEach((f, i) => {
    const threshold = policy.alpha / (m - i)
    if (!stopped && f.comparison.significance!.pValue <= threshold) return
    stopped = true
    const units = f.comparison.significance!.clusters ?? f.comparison.significance!.n
    const need = `across the run's ${m} comparisons Holm's step-down needs p <= ${threshold.toPrecision(2)} here`
    if (units < minConsistentCases(threshold)) {
      // As below minPairedCases: the test could never reach this level with so few cases, so the drop alone fails.
      f.comparison.note = `${need}, which ${units} paired units can never reach, so the drop alone fails`
      return
    }
    dropped.add(f)
    f.comparison.verdict = 'not_significant'
    f.comparison.note = `but ${need}: not failing`
  })
  return {
    failures: failures.filter((f) => !dropped.has(f)),
    notes: [...dropped].map((f) => `${f.message}; ${f.comparison.note}`),
  }
}
