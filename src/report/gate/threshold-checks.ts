/**
 * The gate's checks against fixed thresholds, baseline or not: absolute floors (`policy.floors`) and the
 * configured judge's coverage (`policy.minJudgeCoverage`). Pure.
 */
import { metricDirection } from '../../grading/metrics/direction.ts'
import type { Scorecard } from '../scorecard/scorecard.ts'
import { formatValue } from './format-values.ts'
import type { GateReason } from './gate-result.ts'
import { RELATIVE_DROP_EPSILON, type GatePolicy } from './policy.ts'

/** The family a metric's mean lives in on this run, or undefined when the run has no such metric. */
function familyOf(current: Scorecard, metric: string): 'retrieval' | 'answer' | undefined {
  if (current.retrieval.overall.mean[metric] !== undefined) return 'retrieval'
  if (current.answer.overall.mean[metric] !== undefined) return 'answer'
  return undefined
}

/**
 * Absolute floors (`policy.floors`): each mean under its floor is a failure; for a lower-is-better metric
 * (`noise_sensitivity`) the floor is a ceiling and a mean over it fails. A floor with nothing to check (no such
 * metric or case type in this run) is a note, so a typo in a floor does not pass silently.
 * Example: floors { 'recall@5': { '*': 0.8 } } and an overall recall@5 of 0.75 -> fails "0.750 is under its floor 0.800".
 */
export function checkFloors(current: Scorecard, policy: GatePolicy): { reasons: GateReason[]; notes: string[] } {
  const reasons: GateReason[] = []
  const notes: string[] = []
  for (const [metric, groups] of Object.entries(policy.floors ?? {})) {
    const family = familyOf(current, metric)
    for (const [group, floor] of Object.entries(groups)) {
      const where = group === '*' ? 'overall' : `case type ${group}`
      const mean =
        family === undefined
          ? undefined
          : group === '*'
            ? current[family].overall.mean[metric]
            : (current[family].byCaseType as Record<string, { mean: Record<string, number> } | undefined>)[group]?.mean[
                metric
              ]
      if (mean === undefined) {
        notes.push(
          `floor ${metric} (${where}) >= ${formatValue(floor)} not checked: this run has no ${metric} value ${group === '*' ? '' : `for case type ${group} `}(check the metric and case type names)`,
        )
        continue
      }
      const lower = metricDirection(metric) === 'lower'
      if (lower ? mean > floor + RELATIVE_DROP_EPSILON : mean + RELATIVE_DROP_EPSILON < floor) {
        const bound = lower
          ? `over its ceiling ${formatValue(floor)} (lower is better; `
          : `under its floor ${formatValue(floor)} (`
        reasons.push({
          code: 'below_floor',
          metric,
          group: group === '*' ? 'overall' : group,
          message: `${metric} (${where}) is ${formatValue(mean)}, ${bound}gate.floors; no significance test applies to a floor)`,
        })
      }
    }
  }
  return { reasons, notes }
}

/**
 * Whether the configured judge covered enough cases: a judge that was asked for (heuristic or model, in a
 * system-mode run with answers) but judged under `minJudgeCoverage` of them says so, and fails the gate when
 * `policy.requireJudge`. Example: a model judge that failed on 28 of 28 cases -> "judged 0 of 28 cases (0%)".
 */
export function checkJudgeCoverage(current: Scorecard, policy: GatePolicy): { reasons: GateReason[]; notes: string[] } {
  const judge = policy.configuredJudge
  const a = current.answer
  if (
    judge === undefined ||
    judge === 'off' ||
    current.mode !== 'system' ||
    a.scorable === 0 ||
    a.coverage >= policy.minJudgeCoverage
  )
    return { reasons: [], notes: [] }
  const percent = (x: number) => `${(x * 100).toFixed(0)}%`
  const failed =
    a.judgeFailed > 0
      ? `; the judge failed on ${a.judgeFailed} (see each case's "unjudged" reason in scorecard.json)`
      : ''
  const text =
    `the configured ${judge} judge judged ${a.judged} of ${a.scorable} cases (${percent(a.coverage)}), under the ${percent(policy.minJudgeCoverage)} minimum${failed}: ` +
    'its metrics are not gated'
  if (policy.requireJudge)
    return {
      reasons: [{ code: 'judge_coverage', message: `${text}, and judge metrics are required (gate.requireJudge)` }],
      notes: [],
    }
  return { reasons: [], notes: [`WARNING ${text} (set gate.requireJudge to fail such a run)`] }
}
