/**
 * What changed, per case: for every paired case whose hard check flipped or gated metric fell, which sources entered and left its top
 * k (with their ranks) and whether its answer changed, read from the ids and digest the baseline kept. Pure.
 */
import { improvementOf } from '../../grading/metrics/direction.ts'
import type { CaseDiffRow } from '../scorecard/gate-view.ts'
import { TOP_K_KEPT, type Scorecard } from '../scorecard/scorecard.ts'
import type { Baseline } from './baseline.ts'
import { sameCaseContent } from './pairing.ts'
import { RELATIVE_DROP_EPSILON, type GatePolicy } from './policy.ts'

export type { CaseDiffRow } from '../scorecard/gate-view.ts'

/** How many cases a gate result lists at most (largest drop first); the rest are counted. Default 50. */
export const MAX_CASE_DIFFS = 50

/**
 * Ids of `after` absent from `before`, each with its 1-based rank in `after`.
 * Example: before [a, b, c], after [a, d, b] -> [{ id: 'd', rank: 2 }].
 */
export function rankedAbsent(after: readonly string[], before: readonly string[]): Array<{ id: string; rank: number }> {
  const known = new Set(before)
  return after.flatMap((id, i) => (known.has(id) ? [] : [{ id, rank: i + 1 }]))
}

/**
 * The per-case diffs of a compared run: each paired case (same id and content) where a hard check flipped to
 * failing (first) or a gated metric fell (the worse way for its direction, by more than 1e-9; largest fall
 * first), at most {@link MAX_CASE_DIFFS}. `left`:
 * ids of the baseline's top k that are gone (with their old ranks); `entered`: ids new to the top k (with their
 * new ranks); both absent when the baseline kept no ranking. `answerChanged` compares the answers' digests.
 */
export function diffCases(
  current: Scorecard,
  baseline: Baseline,
  policy: Pick<GatePolicy, 'gatedMetrics'>,
): { rows: CaseDiffRow[]; more: number } {
  const rows: Array<CaseDiffRow & { worst: number }> = []
  for (const [id, base] of Object.entries(baseline.cases)) {
    const cur = current.cases[id]
    if (cur === undefined || !sameCaseContent(cur, base)) continue
    const fell: CaseDiffRow['fell'] = []
    let worst = 0
    for (const metric of policy.gatedMetrics) {
      const family = base.retrieval?.[metric] !== undefined ? 'retrieval' : 'answer'
      const before = base[family]?.[metric]
      const after = cur[family]?.[metric]
      if (before === undefined || after === undefined) continue
      const better = improvementOf(metric, after - before)
      if (better >= -RELATIVE_DROP_EPSILON) continue
      fell.push({ metric, baseline: before, current: after })
      worst = Math.min(worst, better)
    }
    // A hard check that passed (or did not fail) when the baseline was taken and fails now.
    const flipped =
      base.failedChecks === undefined
        ? []
        : Object.keys(cur.hard).filter(
            (name) => cur.hard[name as keyof typeof cur.hard] === false && !base.failedChecks!.includes(name),
          )
    if (fell.length === 0 && flipped.length === 0) continue
    // Flipped cases first: they fail the run.
    if (flipped.length > 0) worst = Number.NEGATIVE_INFINITY
    // Both cut to the depth this harness keeps, whatever depth the baseline's harness kept.
    const [baseTop, curTop] = [base.topK?.slice(0, TOP_K_KEPT), cur.topK?.slice(0, TOP_K_KEPT)]
    const ranking =
      baseTop !== undefined && curTop !== undefined
        ? { left: rankedAbsent(baseTop, curTop), entered: rankedAbsent(curTop, baseTop) }
        : {}
    const answer =
      base.answerDigest !== undefined && cur.answerDigest !== undefined
        ? { answerChanged: base.answerDigest !== cur.answerDigest }
        : {}
    rows.push({ caseId: id, fell, ...(flipped.length > 0 ? { flipped } : {}), ...ranking, ...answer, worst })
  }
  rows.sort((a, b) => (a.worst === b.worst ? 0 : a.worst < b.worst ? -1 : 1) || (a.caseId < b.caseId ? -1 : 1))
  return {
    rows: rows.slice(0, MAX_CASE_DIFFS).map(({ worst: _worst, ...row }) => row),
    more: Math.max(0, rows.length - MAX_CASE_DIFFS),
  }
}
