/**
 * Scores a TREC run against qrels with our retrieval metrics: the pure half of `vitest-rag score-run`.
 */
import { aggregateMetrics } from './aggregate.ts'
import { judgedAtK, judgedAtKs } from './judged.ts'
import { countRelevant, DEFAULT_KS, scoreRetrieval, type ScoreRetrievalOptions } from './retrieval.ts'
import { rankingsFromRun, type Qrels, type TrecRunRow } from './trec.ts'

/** Per-query metrics, their means, and the queries that needed a rule. */
export interface TrecScores {
  /** Query id -> metric name -> value, for every query of the qrels (in qrels order). */
  perQuery: Record<string, Record<string, number>>
  /** Metric name -> mean over every query of the qrels. */
  mean: Record<string, number>
  /** Queries judged in the qrels with no line in the run: they score 0 (recall, hit, ndcg, mrr, precision). */
  missingFromRun: string[]
  /** Queries in the run with no judgments: not scored (there is nothing to score them against). */
  notJudged: string[]
  /** Queries whose judgments have no grade > 0: recall, hit, mrr and nDCG are 1.0 by our rule (trec_eval keeps them and scores them 0). */
  nothingRelevant: string[]
  /**
   * Queries with an unjudged document in their top k (the largest cutoff): when there is any, every query also
   * gets `judged@k` per cutoff (see `judgedAtK`), per query and in the mean, beside the metrics.
   */
  unjudgedInTopK: string[]
}

/**
 * Scores every query of `qrels`: a query the run has is ranked by score (ties by rank, then file order) and
 * scored with {@link scoreRetrieval} (with `options`: cutoffs, nDCG discount); a query the run lacks is scored on an empty ranking, i.e. 0 (as
 * trec_eval with `-c`). With `options.judgedOnly` each ranking is condensed to its judged documents first
 * (trec_eval `-J`). When any query has an unjudged document in its top k, `judged@k` joins every query's
 * metrics. The mean is over all qrels queries. Example: qrels q1 {a: 1}, q2 {b: 1}; run q1 [a]
 * -> mrr q1 = 1, q2 = 0, mean 0.5.
 */
export function scoreTrecRun(
  rows: readonly TrecRunRow[],
  qrels: Qrels,
  options: ScoreRetrievalOptions = {},
): TrecScores {
  const rankings = rankingsFromRun(rows)
  const perQuery: Record<string, Record<string, number>> = {}
  const judgedShares: Record<string, Record<string, number>> = {}
  const missingFromRun: string[] = []
  const nothingRelevant: string[] = []
  const unjudgedInTopK: string[] = []
  const ks = options.ks ?? DEFAULT_KS
  for (const [qid, judged] of qrels) {
    const ranked = rankings.get(qid)
    if (ranked === undefined) missingFromRun.push(qid)
    if (countRelevant(judged) === 0) nothingRelevant.push(qid)
    perQuery[qid] = scoreRetrieval(ranked ?? [], judged, options)
    // judged@k describes the run as ranked, before any condensing.
    judgedShares[qid] = judgedAtKs(ranked ?? [], judged, ks)
    if (judgedAtK(ranked ?? [], judged, Math.max(...ks)) < 1) unjudgedInTopK.push(qid)
  }
  if (unjudgedInTopK.length > 0)
    for (const qid of Object.keys(perQuery)) Object.assign(perQuery[qid]!, judgedShares[qid])
  const notJudged = [...rankings.keys()].filter((qid) => !qrels.has(qid))
  const { mean } = aggregateMetrics(Object.values(perQuery).map((metrics) => ({ metrics, scored: true })))
  return { perQuery, mean, missingFromRun, notJudged, nothingRelevant, unjudgedInTopK }
}
