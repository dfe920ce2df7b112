/**
 * Gaming detection: a gated metric that a system can inflate by a cheap trick improves while the metric that the
 * trick costs gets worse. The cheat sheet, one counterpart each:
 * - recall@k bought by retrieving everything: precision@k (same k) falls;
 * - faithfulness (the judge's, or the claim checker's) bought by quoting the context with no synthesis:
 *   `copy_ratio` rises (`src/grading/metrics/gaming.ts`);
 * - answer relevance (the rubric's, or RAGAS response relevancy) bought by long, vague answers: `length_ratio`
 *   (answer / reference length) rises.
 * Pure: it reads the comparisons the gate made and the per-case values of the paired cases.
 */
import { improvementOf } from '../../grading/metrics/direction.ts'
import type { Scorecard } from '../scorecard/scorecard.ts'
import type { Baseline } from './baseline.ts'
import { formatChange, formatValue, relativeChange } from './format-values.ts'
import type { GateReason, MetricComparison } from './gate-result.ts'
import { pairedValues, type Family } from './paired-test.ts'
import { RELATIVE_DROP_EPSILON, type GatePolicy } from './policy.ts'

/** One gated metric's counterpart: the metric the cheap way to raise it makes worse, and which way is worse. */
export interface Counterpart {
  metric: string
  family: Family
  /** `lower`: the counterpart worsens when it falls (precision); `higher`: when it rises (copy, length). */
  worse: 'lower' | 'higher'
  /** The trick it betrays, for the message. */
  trick: string
}

/**
 * The counterpart of a gated metric, or undefined when it has none. Example: `recall@5` -> precision@5 (worse
 * when lower); `faithfulness` -> copy_ratio (worse when higher); `mrr` -> undefined.
 */
export function counterpartOf(metric: string): Counterpart | undefined {
  const recall = /^recall@(\d+)$/.exec(metric)
  if (recall)
    return {
      metric: `precision@${recall[1]}`,
      family: 'retrieval',
      worse: 'lower',
      trick: 'retrieving more than it needs buys recall with precision',
    }
  if (metric === 'faithfulness' || metric === 'claim_faithfulness')
    return {
      metric: 'copy_ratio',
      family: 'answer',
      worse: 'higher',
      trick: 'quoting the context verbatim, with no synthesis, buys faithfulness',
    }
  if (metric === 'answer_relevance' || metric === 'response_relevancy')
    return {
      metric: 'length_ratio',
      family: 'answer',
      worse: 'higher',
      trick: 'longer answers than the reference buy relevance with vagueness',
    }
  return undefined
}

/** One flagged pair: the improved gated metric, its worsened counterpart, and the message. */
export interface GamingFlag {
  metric: string
  counterpart: string
  /** The counterpart's relative change, `(current - baseline) / |baseline|` over the paired cases. */
  counterpartChange: number
  message: string
}

function meanOf(values: Record<string, number>): number {
  const sorted = Object.values(values).sort((x, y) => x - y)
  return sorted.reduce((sum, v) => sum + v, 0) / sorted.length
}

/** A relative change as the flag prints it; from a zero baseline it has no finite size (`up from zero`). */
function changeText(change: number): string {
  return Number.isFinite(change) ? formatChange(change) : 'up from zero'
}

/**
 * The pairs where a gated metric improved overall (any rise beyond rounding, the better way) while its
 * counterpart worsened by more than `policy.gamingTolerance`, relative, both over the cases paired by id and
 * content. Example (tolerance 0.1): recall@5 0.50 -> 1.00 and precision@5 0.50 -> 0.20 (-60%) is flagged;
 * precision@5 0.50 -> 0.47 (-6%) is not. A counterpart missing on either side (a baseline taken before it was
 * recorded) is not checked.
 */
export function detectGaming(
  current: Scorecard,
  baseline: Baseline,
  comparisons: readonly MetricComparison[],
  policy: Pick<GatePolicy, 'gamingTolerance'>,
): GamingFlag[] {
  const flags: GamingFlag[] = []
  const tolerance = policy.gamingTolerance ?? 0.1
  for (const c of comparisons) {
    const counterpart = counterpartOf(c.metric)
    if (c.group !== 'overall' || counterpart === undefined || !Number.isFinite(c.current)) continue
    if (improvementOf(c.metric, c.relativeChange) <= RELATIVE_DROP_EPSILON) continue
    const paired = pairedValues(current, baseline, counterpart.family, counterpart.metric, 'overall')
    if (Object.keys(paired.a).length === 0) continue
    const before = meanOf(paired.a)
    const after = meanOf(paired.b)
    const change = relativeChange(before, after)
    const worsening = counterpart.worse === 'lower' ? -change : change
    if (!(worsening > tolerance + RELATIVE_DROP_EPSILON)) continue
    const moved = counterpart.worse === 'lower' ? 'fell' : 'rose'
    flags.push({
      metric: c.metric,
      counterpart: counterpart.metric,
      counterpartChange: change,
      message:
        `possible gaming: ${c.metric} rose from ${formatValue(c.baseline)} to ${formatValue(c.current)} while ${counterpart.metric} ${moved} ` +
        `from ${formatValue(before)} to ${formatValue(after)} (${changeText(change)}, beyond the ${formatChange(tolerance).replace('+', '')} ` +
        `tolerance, gate.gamingTolerance): ${counterpart.trick}; check the change before accepting it`,
    })
  }
  return flags
}

/**
 * The gaming flags as the gate reports them: failure reasons (`policy.onGaming` `fail`) or WARNING notes
 * (`warn`, the default); nothing with `off`.
 */
export function gamingOutcome(
  flags: readonly GamingFlag[],
  policy: Pick<GatePolicy, 'onGaming'>,
): { reasons: GateReason[]; notes: string[] } {
  const action = policy.onGaming ?? 'warn'
  if (action === 'off' || flags.length === 0) return { reasons: [], notes: [] }
  if (action === 'fail')
    return { reasons: flags.map((f) => ({ code: 'gaming', metric: f.metric, message: f.message })), notes: [] }
  return { reasons: [], notes: flags.map((f) => `WARNING ${f.message}`) }
}
