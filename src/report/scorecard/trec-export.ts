/**
 * The run as TREC files, so anyone can cross-check our retrieval metrics with trec_eval or `vitest-rag
 * score-run`: each scored case's ranked chunk ids as a run (`qid Q0 docid rank score tag`, scores strictly
 * decreasing so trec_eval keeps our order), and its judgments as qrels, both at the case's retrieval level. Must-abstain
 * cases have no qrels (nothing to find) and are left out of both. Pure.
 */
import { formatTrecQrels, formatTrecRun, trecRunRowsFromRanking, type Qrels } from '../../grading/metrics/trec.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { inCaseIdOrder } from './case-order.ts'

/**
 * The TREC run and qrels texts of a set of case records, at the level each case was scored (chunk ids,
 * document ids); the run tag names the level (`vitest-rag.chunk`, `vitest-rag.document`, `vitest-rag.mixed`).
 */
export function exportTrec(
  records: readonly CaseRecord[],
  tag = 'vitest-rag',
): { run: string; qrels: string; level: string } {
  const scored = inCaseIdOrder(
    records.filter((r) => r.retrieval.scored && r.error === undefined),
    (r) => r.caseId,
  )
  const rows = scored.flatMap((r) =>
    trecRunRowsFromRanking(r.caseId, r.retrieval.ranked ?? r.retrieval.retrieved.map((h) => h.chunkId)),
  )
  const qrels: Qrels = new Map(
    scored.map((r) => [
      r.caseId,
      new Map((r.retrieval.judged ?? r.retrieval.expected).map((e) => [e.chunkId, e.grade])),
    ]),
  )
  const levels = new Set(scored.map((r) => r.retrieval.level ?? 'chunk'))
  const level = levels.size === 1 ? ([...levels][0] ?? 'chunk') : levels.size === 0 ? 'chunk' : 'mixed'
  return { run: formatTrecRun(rows, `${tag}.${level}`), qrels: formatTrecQrels(qrels), level }
}
