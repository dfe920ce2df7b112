/**
 * The run as TREC files, so anyone can cross-check our retrieval metrics with trec_eval or `vitest-rag
 * score-run`: each scored case's ranked chunk ids as a run (`qid Q0 docid rank score tag`, scores strictly
 * decreasing so trec_eval keeps our order), and its expected chunks with their grades as qrels. Must-abstain
 * cases have no qrels (nothing to find) and are left out of both. Pure.
 */
import { formatTrecQrels, formatTrecRun, trecRunRowsFromRanking } from "../metrics/trec.js";
/** The TREC run and qrels texts of a set of case records. */
export function exportTrec(records, tag = 'vitest-rag') {
    const scored = records.filter((r) => r.retrieval.scored && r.error === undefined).sort((a, b) => a.caseId.localeCompare(b.caseId));
    const rows = scored.flatMap((r) => trecRunRowsFromRanking(r.caseId, r.retrieval.retrieved.map((h) => h.chunkId)));
    const qrels = new Map(scored.map((r) => [r.caseId, new Map(r.retrieval.expected.map((e) => [e.chunkId, e.grade]))]));
    return { run: formatTrecRun(rows, tag), qrels: formatTrecQrels(qrels) };
}
//# sourceMappingURL=trec-export.js.map