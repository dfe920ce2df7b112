/**
 * Retrieval metrics for one case: recall@k, precision@k, hit@k, reciprocal rank and graded nDCG@k over a
 * ranked list of ids and the case's graded judgments.
 *
 * Shared conventions (each metric's doc says where it departs from trec_eval, on purpose):
 * - `ranked` is best first. An id that appears more than once counts only at its FIRST position; later
 *   repeats still occupy their rank (the system did return them) but gain nothing, so a retriever cannot
 *   earn credit twice for one chunk nor hide a wasted slot.
 * - `judged` maps id -> grade (0-3 in golden cases, any whole number >= 0 from qrels; higher = more
 *   relevant). Relevant means grade > 0; grade 0 is a judged near-miss that counts as non-relevant
 *   everywhere. Unjudged ids are non-relevant.
 * - When NOTHING is relevant (no id with grade > 0), recall, hit, reciprocal rank and nDCG are
 *   {@link NOTHING_EXPECTED_SCORE} (1.0: there was nothing to find and nothing was missed). trec_eval instead
 *   drops such queries from its means. Cases that must abstain are marked unscored upstream, so this only
 *   matters for answerable cases without graded evidence.
 * - nDCG discounts rank r by 1 / log2(r + 1); trec_eval's `ndcg_cut` uses 1 / log2(max(r, 2)) (see
 *   {@link NdcgDiscount}; pass `'trec_eval'` to reproduce its numbers).
 * - Ties: the array order IS the ranking. trec_eval re-sorts by score and breaks ties by docid descending, so
 *   a TREC run written for comparison must carry strictly decreasing scores (see `trecRunRowsFromRanking`).
 */
/** Cutoffs scored by default: `recall@1` ... `ndcg@20`. */
export declare const DEFAULT_KS: readonly number[];
/** Score of recall, hit, reciprocal rank and nDCG when the case expects no relevant id (see module doc). */
export declare const NOTHING_EXPECTED_SCORE = 1;
/**
 * The gain of each position of `ranked`: the id's grade at its first position, 0 for repeats and unjudged
 * ids. Example: ranked [a, b, a], judged {a: 2} -> [2, 0, 0].
 */
export declare function gainsByPosition(ranked: readonly string[], judged: ReadonlyMap<string, number>): number[];
/** Number of judged ids with grade > 0. */
export declare function countRelevant(judged: ReadonlyMap<string, number>): number;
/**
 * recall@k = distinct relevant ids in the top k / relevant ids judged, in [0, 1].
 * Example: ranked [a, x, b], relevant {a, b, c}, k = 2 -> 1/3. Nothing relevant expected -> 1.0
 * (trec_eval `recall_k` skips such queries).
 */
export declare function recallAtK(ranked: readonly string[], judged: ReadonlyMap<string, number>, k: number): number;
/**
 * precision@k = relevant ids in the top k / min(k, positions retrieved), in [0, 1].
 * Example: ranked [a, x], relevant {a}, k = 5 -> 1/2 (trec_eval `P_5` divides by 5 and gives 1/5: we do not
 * punish a retriever for returning fewer than k results; that is recall's job). Nothing retrieved -> 0.
 * A repeated id occupies a position but is not counted again: [a, a], relevant {a}, k = 2 -> 1/2.
 */
export declare function precisionAtK(ranked: readonly string[], judged: ReadonlyMap<string, number>, k: number): number;
/**
 * hit@k = 1 if any relevant id is in the top k, else 0 (trec_eval `success_k`).
 * Example: ranked [x, a], relevant {a}: hit@1 = 0, hit@2 = 1. Nothing relevant expected -> 1.0.
 */
export declare function hitAtK(ranked: readonly string[], judged: ReadonlyMap<string, number>, k: number): number;
/**
 * Reciprocal rank = 1 / (1-based rank of the first relevant id), 0 if none is within `cutoff` (default: the
 * whole list), in [0, 1]. Example: ranked [x, y, a], relevant {a} -> 1/3; with cutoff 2 -> 0.
 * Matches trec_eval `recip_rank` (no cutoff); nothing relevant expected -> 1.0.
 */
export declare function reciprocalRank(ranked: readonly string[], judged: ReadonlyMap<string, number>, cutoff?: number): number;
/**
 * How nDCG discounts rank r (1-based):
 * - `log2(rank+1)` (default): 1 / log2(r + 1), the standard form (Burges et al. 2005; scikit-learn, ranx);
 * - `trec_eval`: 1 / log2(max(r, 2)), Järvelin & Kekäläinen's original with base 2, which trec_eval's
 *   `ndcg_cut` (and so pytrec_eval and published BEIR nDCG@10) computes: ranks 1 and 2 are both undiscounted.
 * Use `trec_eval` only to reproduce numbers from those tools.
 */
export type NdcgDiscount = 'log2(rank+1)' | 'trec_eval';
/** The default {@link NdcgDiscount}. */
export declare const DEFAULT_NDCG_DISCOUNT: NdcgDiscount;
/**
 * nDCG@k = DCG@k / ideal DCG@k, in [0, 1], with linear gain = grade and discount 1 / log2(rank + 1) (see
 * {@link NdcgDiscount} for trec_eval's variant); the ideal ordering sorts ALL judged grades > 0 descending,
 * cut at k (as trec_eval `ndcg_cut_k`).
 * Example: ranked [b, a], judged {a: 3, b: 1}, k = 2: DCG = 1/1 + 3/log2(3) = 2.893; ideal = 3 + 1/log2(3)
 * = 3.631; nDCG = 0.797 (trec_eval discount: (1 + 3) / (3 + 1) = 1). Nothing relevant expected -> 1.0
 * (trec_eval skips the query).
 */
export declare function ndcgAtK(ranked: readonly string[], judged: ReadonlyMap<string, number>, k: number, discount?: NdcgDiscount): number;
/** Options of {@link scoreRetrieval}. */
export interface ScoreRetrievalOptions {
    /** Cutoffs; default {@link DEFAULT_KS}. */
    ks?: readonly number[];
    /** nDCG discount; default {@link DEFAULT_NDCG_DISCOUNT}. */
    ndcgDiscount?: NdcgDiscount;
}
/**
 * Every retrieval metric of one case under the names used everywhere (scorecard, baselines, `score-run`):
 * `recall@k`, `precision@k`, `hit@k`, `ndcg@k` for each k, and `mrr` (reciprocal rank, no cutoff).
 * Example: ranked [a], judged {a: 3}, ks [1] -> { 'recall@1': 1, 'precision@1': 1, 'hit@1': 1, 'ndcg@1': 1, mrr: 1 }.
 */
export declare function scoreRetrieval(ranked: readonly string[], judged: ReadonlyMap<string, number>, options?: ScoreRetrievalOptions): Record<string, number>;
