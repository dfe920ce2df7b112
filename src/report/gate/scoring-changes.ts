/**
 * Changes of how cases are scored between a baseline and a run, one list, each with what it leaves uncompared:
 * every metric (another judge kind or judge model), the retrieval metrics (another retrieval level), or the
 * judge metrics (another judge rule set or prompt version). A scored value of one kind is not a value of the
 * other, so those metrics are NOT COMPARABLE, with the reason and the command that re-accepts. Pure.
 */
import { JUDGE_METRICS } from '../scorecard/answer-quality.ts'
import type { Scorecard } from '../scorecard/scorecard.ts'
import type { Baseline } from './baseline.ts'
import type { GateReason } from './gate-result.ts'
import type { GatePolicy } from './policy.ts'

/** What a scoring change leaves uncompared: every metric, the retrieval metrics, or the judge metrics. */
export type ScoringScope = 'all' | 'retrieval' | 'judge'

/** One change of scoring and what it blinds. */
export interface ScoringChange {
  scope: ScoringScope
  reason: string
}

/** The judge version a configuration snapshot records (`producedBy.judge`, e.g. `heuristic-5`, `judge@1`), if any. */
export function judgeVersionOf(snapshot: unknown): string | undefined {
  const judge = (snapshot as { producedBy?: { judge?: unknown } } | null | undefined)?.producedBy?.judge
  return typeof judge === 'string' ? judge : undefined
}

const judged = (kind: string) => kind === 'heuristic' || kind === 'model'

/** Another judge kind or model (every metric), or another judge version (the judge metrics); nothing else. */
function judgeChanges(current: Scorecard, baseline: Baseline): ScoringChange[] {
  const now = current.answer.judgeKind
  const then = baseline.judgeKind
  if (!judged(now) || !judged(then)) return []
  if (now !== then)
    return [
      {
        scope: 'all',
        reason: `the baseline was judged by the ${then} judge and this run by the ${now} judge (heuristic and model scores are never compared)`,
      },
    ]
  if (now === 'model' && current.answer.judgeModel !== baseline.judgeModel)
    return [
      {
        scope: 'all',
        reason: `the baseline was judged by ${baseline.judgeModel ?? 'an unnamed model'} and this run by ${current.answer.judgeModel ?? 'an unnamed model'} (scores of different judge models are not comparable)`,
      },
    ]
  const version = judgeVersionOf(current.configSnapshot)
  const before = judgeVersionOf(baseline.configSnapshot)
  if (version === undefined || version === before) return []
  const reason =
    before === undefined
      ? `the baseline does not record its judge version (it was accepted before vitest-rag recorded one) and this run was judged by ${version}`
      : `the baseline was judged by ${before} and this run by ${version} (another judge rule set or prompt version scores differently)`
  return [{ scope: 'judge', reason }]
}

/** Another retrieval level (the retrieval metrics): a document covers every passage of it, so it scores higher. */
function levelChange(current: Scorecard, baseline: Baseline): ScoringChange[] {
  const before = baseline.retrievalLevel
  const now = current.sources?.level
  if (before === undefined || now === undefined || before === now) return []
  return [
    {
      scope: 'retrieval',
      reason: `the baseline was scored at ${before} level and this run at ${now} level (scores at different levels are different measurements: a document covers every passage of it)`,
    },
  ]
}

/**
 * Why the run and the baseline were scored differently. Judge changes count only when a gated judge metric is
 * in the baseline, level changes only when a gated retrieval metric is: a retrieval-only gate is not blinded by a
 * new judge. A judge that is absent, mixed or under-covered is not a change of scoring: its metrics are skipped
 * with a note (see `judgeSkipReason`).
 */
export function scoringChanges(
  current: Scorecard,
  baseline: Baseline,
  policy: Pick<GatePolicy, 'gatedMetrics'>,
): ScoringChange[] {
  const gated = (family: 'retrieval' | 'answer', m: string) => baseline.metrics[family].overall.mean[m] !== undefined
  const judgeGated = policy.gatedMetrics.some((m) => JUDGE_METRICS.includes(m) && gated('answer', m))
  const retrievalGated = policy.gatedMetrics.some((m) => gated('retrieval', m))
  return [
    ...(judgeGated ? judgeChanges(current, baseline) : []),
    ...(retrievalGated ? levelChange(current, baseline) : []),
  ]
}

const SCOPE_NAMES: Record<Exclude<ScoringScope, 'all'>, string> = {
  retrieval: 'retrieval metrics',
  judge: `judge metrics (${JUDGE_METRICS.join(', ')})`,
}

/**
 * The NOT COMPARABLE lines of the scoped changes (retrieval, judge): failure reasons when
 * `policy.onNotComparable` is `fail` (the default), WARNING notes with `warn`. Each names the metrics left
 * uncompared, the reason, and the command that re-accepts; the other metrics are still compared.
 */
export function scopedNotComparable(
  changes: readonly ScoringChange[],
  policy: Pick<GatePolicy, 'onNotComparable'>,
  acceptCommand: string,
): { reasons: GateReason[]; notes: string[] } {
  const reasons: GateReason[] = []
  const notes: string[] = []
  for (const change of changes) {
    if (change.scope === 'all') continue
    const message =
      `NOT COMPARABLE: ${SCOPE_NAMES[change.scope]}: scoring changed: ${change.reason}; they were not compared (the other metrics were). ` +
      `If the change is intended, review this scorecard and accept it as the new baseline with \`${acceptCommand}\``
    if (policy.onNotComparable === 'fail') reasons.push({ code: 'not_comparable', message })
    else notes.push(`WARNING ${message}`)
  }
  return { reasons, notes }
}
