/**
 * The conventions our retrieval figures follow, as data, so a reader of `score-run --json` or scorecard.json
 * can tell how each number was computed and where it departs from trec_eval without reading the source.
 * Pure constants; {@link retrievalConventions} is written into both documents.
 */
import { DEFAULT_NDCG_DISCOUNT, NOTHING_EXPECTED_SCORE, type NdcgDiscount } from './retrieval.ts'
import { TIE_DECREMENT } from './trec.ts'

/** How the retrieval metrics of one document were computed. */
export interface RetrievalConventions {
  /** precision@k's denominator: `min(k, retrieved)` (trec_eval's P_k divides by k). */
  precisionDenominator: 'min(k, retrieved)'
  /** What a query or case with no relevant judgment (no grade > 0) scores on recall, hit, mrr and nDCG. */
  nothingRelevant: { score: number; trecEval: string }
  /** nDCG's rank discount (trec_eval's `ndcg_cut` uses 1 / log2(rank + 1) since 9.0.4). */
  ndcgDiscount: NdcgDiscount
  /** Gain of a judged document: its grade (linear); relevant means grade > 0. */
  gain: 'grade (linear), relevant when grade > 0'
  /** How a ranking is ordered: what decides between equal scores, in our metrics and in the runs we export. */
  ties: string
  /** How a document retrieved twice counts. */
  repeats: string
  /** Fields of a run line after the sixth (`qid Q0 docid rank score tag`): ignored, as trec_eval ignores them. */
  runFields: string
  /** What a negative qrels grade means (TREC Web-track style -1 / -2). */
  negativeGrades: string
  /**
   * How an unjudged document in a ranking was scored: `non-relevant in its slot` (default) or `removed: the
   * condensed list` (judged documents only, trec_eval `-J`), and when judged@k is reported.
   */
  unjudged: string
}

/**
 * The conventions of our retrieval metrics, with the nDCG discount actually used and whether unjudged
 * documents were removed (`judgedOnly`, default false).
 * Example: `retrievalConventions().precisionDenominator` is `'min(k, retrieved)'`, so ranked [a, x] with a
 * relevant gives precision@5 = 1/2 (trec_eval: 1/5).
 */
export function retrievalConventions(
  ndcgDiscount: NdcgDiscount = DEFAULT_NDCG_DISCOUNT,
  judgedOnly = false,
): RetrievalConventions {
  return {
    precisionDenominator: 'min(k, retrieved)',
    nothingRelevant: {
      score: NOTHING_EXPECTED_SCORE,
      trecEval: 'trec_eval keeps a judged query with nothing relevant and scores it 0 on every measure',
    },
    ndcgDiscount,
    gain: 'grade (linear), relevant when grade > 0',
    ties:
      'a run file is ranked by score descending, ties by the rank column, then file order (trec_eval: docid descending); ' +
      `runs we write carry strictly decreasing scores: a score tied with (or above) the one before it is lowered to that score minus ${TIE_DECREMENT}, so every tool sees our order`,
    repeats:
      'a document retrieved twice counts at its first rank; the repeat keeps its slot and gains nothing (exported runs drop it)',
    runFields:
      'a run line needs 6 fields "qid Q0 docid rank score tag"; fields after the sixth are ignored, as trec_eval ignores them',
    negativeGrades:
      'a negative qrels grade is read as judged non-relevant (grade 0): not relevant and no gain; ' +
      'trec_eval reads it as "in the pool, not judged", which gives the same value on every measure both compute (it differs only where judged documents are counted)',
    unjudged:
      (judgedOnly
        ? 'removed before scoring: the condensed list of judged documents only (trec_eval -J); '
        : 'an unjudged document counts as non-relevant in its slot (trec_eval default); ') +
      'judged@k (judged share of the top min(k, retrieved), of the ranking as returned) is reported beside the metrics whenever a top k holds an unjudged document',
  }
}
