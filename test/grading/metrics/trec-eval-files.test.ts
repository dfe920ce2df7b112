/**
 * trec_eval's own test files (test/fixtures/trec_eval, copied unchanged from usnistgov/trec_eval with their
 * NIST notice) scored by our parsers and metrics, against the outputs trec_eval's test script checks: every
 * value both programs compute must agree to trec_eval's 4 printed decimals.
 *
 * Shared measures: recall_k = recall@k, ndcg_cut_k = ndcg@k, recip_rank = mrr, success_k = hit@k, P_k =
 * precision@k x min(k, retrieved) / k (we divide by min(k, retrieved), trec_eval by k: a documented difference,
 * converted here, not skipped), and unj_k = (1 - judged@k) x min(k, retrieved) / k, the same conversion.
 * trec_eval counts a negative grade as unjudged in unj_k and we read it as judged non-relevant, so unj_k is not
 * compared on qrels.rel_level: the one place where the two readings of a negative grade differ. A query with nothing relevant scores 1.0 with us and 0 with trec_eval; none of
 * these queries has nothing relevant (checked).
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { scoreTrecRun, type TrecScores } from '../../../src/grading/metrics/score-trec.ts'
import { parseTrecQrels, parseTrecRun, rankingsFromRun, type Qrels } from '../../../src/grading/metrics/trec.ts'
import { repoRoot } from '../../helpers/run-vitest.ts'

const dir = resolve(repoRoot, 'test/fixtures/trec_eval')
const read = (name: string): string => readFileSync(resolve(dir, name), 'utf8')

/** trec_eval `-q` output: measure -> query id (or `all`) -> value. */
function readTrecEvalOutput(name: string): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>()
  for (const line of read(name).split('\n')) {
    const [measure, qid, value] = line.trim().split(/\s+/)
    if (measure === undefined || qid === undefined || value === undefined) continue
    const byQuery = out.get(measure) ?? new Map<string, number>()
    byQuery.set(qid, Number(value))
    out.set(measure, byQuery)
  }
  return out
}

const CUTOFFS = [5, 10, 15, 20, 30, 100, 200, 500, 1000]
const KS = [1, ...CUTOFFS]

/** Our metric for trec_eval's measure name, or undefined when we do not compute it. */
function oursFor(measure: string): { metric: string; k?: number } | undefined {
  if (measure === 'recip_rank') return { metric: 'mrr' }
  const match = /^(recall|P|ndcg_cut|success|unj)_(\d+)$/.exec(measure)
  if (!match) return undefined
  const k = Number(match[2])
  const metric = { recall: 'recall', P: 'precision', ndcg_cut: 'ndcg', success: 'hit', unj: 'judged' }[
    match[1] as 'recall' | 'P' | 'ndcg_cut' | 'success' | 'unj'
  ]
  return { metric: `${metric}@${k}`, k }
}

/**
 * Every shared measure of `expected` for which `pick` says yes, compared per query and on `all`; returns the
 * mismatches (empty when all agree) and how many values were compared.
 */
function compareWith(
  expected: Map<string, Map<string, number>>,
  scores: TrecScores,
  retrieved: Map<string, number>,
  pick: (measure: string) => boolean,
) {
  const mismatches: string[] = []
  let compared = 0
  for (const [measure, byQuery] of expected) {
    const ours = oursFor(measure)
    if (ours === undefined || !pick(measure)) continue
    const perQuery = (qid: string): number => {
      const value = scores.perQuery[qid]?.[ours.metric] ?? Number.NaN
      const shown = Math.min(ours.k ?? 0, retrieved.get(qid) ?? 0)
      // precision@k -> P_k: ours x min(k, retrieved) / k; judged@k -> unj_k: (1 - ours) x min(k, retrieved) / k
      if (ours.metric.startsWith('precision@')) return (value * shown) / ours.k!
      return ours.metric.startsWith('judged@') ? ((1 - value) * shown) / ours.k! : value
    }
    for (const [qid, theirs] of byQuery) {
      const qids = qid === 'all' ? Object.keys(scores.perQuery) : [qid]
      const value = qids.reduce((s, q) => s + perQuery(q), 0) / qids.length
      compared++
      if (!(Math.abs(value - theirs) <= 0.00005 + 1e-9))
        mismatches.push(`${measure} ${qid}: trec_eval ${theirs}, ours ${value}`)
    }
  }
  return { mismatches, compared }
}

function scoreFiles(runName: string, qrels: Qrels) {
  const run = parseTrecRun(read(runName), runName)
  const retrieved = new Map([...rankingsFromRun(run.rows)].map(([qid, ids]) => [qid, new Set(ids).size]))
  return { run, retrieved, scores: scoreTrecRun(run.rows, qrels, { ks: KS }) }
}

describe("trec_eval's own test files", () => {
  test('results.trunc, whose lines carry up to 9 fields, scores as trec_eval -c scores it (out.test.aqc); results.test too (out.test.aq)', () => {
    const qrels = parseTrecQrels(read('qrels.test'), 'qrels.test')
    expect(qrels.problems).toEqual([])
    const trunc = scoreFiles('results.trunc', qrels.qrels)
    // 5 lines carry 7-9 fields ("STANDARD more junk at"): read, the extra fields ignored.
    expect(trunc.run.problems).toEqual([])
    expect(trunc.run.rows).toHaveLength(584)
    expect(trunc.scores.nothingRelevant).toEqual([])
    // 301 has an unjudged document in its top 20 (unj_20 = 0.1), 303 further down its top 1000: judged@k is reported
    expect(trunc.scores.unjudgedInTopK).toEqual(['301', '303'])
    const aqc = compareWith(readTrecEvalOutput('out.test.aqc'), trunc.scores, trunc.retrieved, () => true)
    expect(aqc.mismatches).toEqual([])
    // 34 measures (recall, P, ndcg_cut x 9 cutoffs, success x 3, unj x 3, recip_rank) x (3 queries + all) = 136
    expect(aqc.compared).toBe(136)
    const full = scoreFiles('results.test', qrels.qrels)
    const aq = compareWith(readTrecEvalOutput('out.test.aq'), full.scores, full.retrieved, () => true)
    expect(aq.mismatches).toEqual([])
    expect(aq.compared).toBe(136)
  })

  test('qrels.rel_level, with 304 grades of -1, scores as trec_eval -l2 scores it (out.test.aql)', () => {
    const graded = parseTrecQrels(read('qrels.rel_level'), 'qrels.rel_level')
    expect(graded.problems).toEqual([])
    expect(graded.negativeGrades).toBe(304)
    // ndcg_cut ignores the relevance level (gain = grade when > 0): compared on the grades as read.
    const ndcg = scoreFiles('results.test', graded.qrels)
    const byGrade = compareWith(readTrecEvalOutput('out.test.aql'), ndcg.scores, ndcg.retrieved, (m) =>
      m.startsWith('ndcg_cut_'),
    )
    expect(byGrade.mismatches).toEqual([])
    // -l2: relevant means grade >= 2 for recall, P, success and recip_rank: compared on binary qrels at that level.
    const binary: Qrels = new Map(
      [...graded.qrels].map(([qid, judged]) => [
        qid,
        new Map([...judged].map(([doc, grade]) => [doc, grade >= 2 ? 1 : 0])),
      ]),
    )
    const atLevel = scoreFiles('results.test', binary)
    expect(atLevel.scores.nothingRelevant).toEqual([])
    const byLevel = compareWith(
      readTrecEvalOutput('out.test.aql'),
      atLevel.scores,
      atLevel.retrieved,
      (m) => !m.startsWith('ndcg_cut_') && !m.startsWith('unj_'),
    )
    expect(byLevel.mismatches).toEqual([])
    // (9 ndcg_cut + 22 others) x (3 queries + all) = 124
    expect(byGrade.compared + byLevel.compared).toBe(124)
  })
})
