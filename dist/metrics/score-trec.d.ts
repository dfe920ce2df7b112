import { type ScoreRetrievalOptions } from './retrieval.js';
import { type Qrels, type TrecRunRow } from './trec.js';
/** Per-query metrics, their means, and the queries that needed a rule. */
export interface TrecScores {
    /** Query id -> metric name -> value, for every query of the qrels (in qrels order). */
    perQuery: Record<string, Record<string, number>>;
    /** Metric name -> mean over every query of the qrels. */
    mean: Record<string, number>;
    /** Queries judged in the qrels with no line in the run: they score 0 (recall, hit, ndcg, mrr, precision). */
    missingFromRun: string[];
    /** Queries in the run with no judgments: not scored (there is nothing to score them against). */
    notJudged: string[];
    /** Queries whose judgments have no grade > 0: recall, hit, mrr and nDCG are 1.0 by our rule (trec_eval skips them). */
    nothingRelevant: string[];
}
/**
 * Scores every query of `qrels`: a query the run has is ranked by score (ties by rank, then file order) and
 * scored with {@link scoreRetrieval} (with `options`: cutoffs, nDCG discount); a query the run lacks is scored on an empty ranking, i.e. 0 (as
 * trec_eval with `-c`). The mean is over all qrels queries. Example: qrels q1 {a: 1}, q2 {b: 1}; run q1 [a]
 * -> mrr q1 = 1, q2 = 0, mean 0.5.
 */
export declare function scoreTrecRun(rows: readonly TrecRunRow[], qrels: Qrels, options?: ScoreRetrievalOptions): TrecScores;
