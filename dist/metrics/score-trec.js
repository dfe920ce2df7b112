/**
 * Scores a TREC run against qrels with our retrieval metrics: the pure half of `vitest-rag score-run`.
 */
import { aggregateMetrics } from "./aggregate.js";
import { countRelevant, scoreRetrieval } from "./retrieval.js";
import { rankingsFromRun } from "./trec.js";
/**
 * Scores every query of `qrels`: a query the run has is ranked by score (ties by rank, then file order) and
 * scored with {@link scoreRetrieval} (with `options`: cutoffs, nDCG discount); a query the run lacks is scored on an empty ranking, i.e. 0 (as
 * trec_eval with `-c`). The mean is over all qrels queries. Example: qrels q1 {a: 1}, q2 {b: 1}; run q1 [a]
 * -> mrr q1 = 1, q2 = 0, mean 0.5.
 */
export function scoreTrecRun(rows, qrels, options = {}) {
    const rankings = rankingsFromRun(rows);
    const perQuery = {};
    const missingFromRun = [];
    const nothingRelevant = [];
    for (const [qid, judged] of qrels) {
        const ranked = rankings.get(qid);
        if (ranked === undefined)
            missingFromRun.push(qid);
        if (countRelevant(judged) === 0)
            nothingRelevant.push(qid);
        perQuery[qid] = scoreRetrieval(ranked ?? [], judged, options);
    }
    const notJudged = [...rankings.keys()].filter((qid) => !qrels.has(qid));
    const { mean } = aggregateMetrics(Object.values(perQuery).map((metrics) => ({ metrics, scored: true })));
    return { perQuery, mean, missingFromRun, notJudged, nothingRelevant };
}
//# sourceMappingURL=score-trec.js.map