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
 *   keeps such a query (when it is in the qrels) and scores it 0, which lowers its means. Cases that must abstain are marked unscored upstream, so this only
 *   matters for answerable cases without graded evidence.
 * - nDCG discounts rank r by 1 / log2(r + 1), as trec_eval's `ndcg_cut` does since 9.0.4 (10.0 included);
 *   see {@link NdcgDiscount} for the older discount.
 * - Ties: the array order IS the ranking. trec_eval re-sorts by score and breaks ties by docid descending, so
 *   a TREC run written for comparison must carry strictly decreasing scores (see `trecRunRowsFromRanking`).
 */

import { MetricsError } from './errors.ts'
import { condenseRanking } from './judged.ts'
import { metricRecord } from './metric-record.ts'

/** Cutoffs scored by default: `recall@1` ... `ndcg@20`. */
export const DEFAULT_KS: readonly number[] = [1, 3, 5, 10, 20]

/** Score of recall, hit, reciprocal rank and nDCG when the case expects no relevant id (see module doc). */
export const NOTHING_EXPECTED_SCORE = 1

/** Grade at or above which an expected id counts as relevant: grade > 0. */
const MIN_RELEVANT_GRADE = 1

/**
 * The gain of each position of `ranked`: the id's grade at its first position, 0 for repeats and unjudged
 * ids. Example: ranked [a, b, a], judged {a: 2} -> [2, 0, 0].
 */
export function gainsByPosition(ranked: readonly string[], judged: ReadonlyMap<string, number>): number[] {
  const seen = new Set<string>()
  return ranked.map((id) => {
    if (seen.has(id)) return 0
    seen.add(id)
    return Math.max(0, judged.get(id) ?? 0)
  })
}

/** Number of judged ids with grade > 0. */
export function countRelevant(judged: ReadonlyMap<string, number>): number {
  let count = 0
  for (const grade of judged.values()) if (grade >= MIN_RELEVANT_GRADE) count++
  return count
}

function checkK(k: number, name: string): void {
  if (!Number.isInteger(k) || k < 1) {
    throw new MetricsError(
      'VITEST_RAG_METRIC_BAD_K',
      `${name} needs a whole k >= 1, got ${JSON.stringify(k)} (fix: pass e.g. 5)`,
    )
  }
}

function relevantInTopK(ranked: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
  let count = 0
  for (const gain of gainsByPosition(ranked.slice(0, k), judged)) if (gain >= MIN_RELEVANT_GRADE) count++
  return count
}

/**
 * recall@k = distinct relevant ids in the top k / relevant ids judged, in [0, 1].
 * Example: ranked [a, x, b], relevant {a, b, c}, k = 2 -> 1/3. Nothing relevant expected -> 1.0
 * (trec_eval `recall_k` scores such a query 0).
 */
export function recallAtK(ranked: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
  checkK(k, 'recallAtK')
  const relevant = countRelevant(judged)
  if (relevant === 0) return NOTHING_EXPECTED_SCORE
  return relevantInTopK(ranked, judged, k) / relevant
}

/**
 * precision@k = relevant ids in the top k / min(k, positions retrieved), in [0, 1].
 * Example: ranked [a, x], relevant {a}, k = 5 -> 1/2 (trec_eval `P_5` divides by 5 and gives 1/5: we do not
 * punish a retriever for returning fewer than k results; that is recall's job). Nothing retrieved -> 0.
 * A repeated id occupies a position but is not counted again: [a, a], relevant {a}, k = 2 -> 1/2.
 */
export function precisionAtK(ranked: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
  checkK(k, 'precisionAtK')
  const denominator = Math.min(k, ranked.length)
  if (denominator === 0) return 0
  return relevantInTopK(ranked, judged, k) / denominator
}

/**
 * hit@k = 1 if any relevant id is in the top k, else 0 (trec_eval `success_k`).
 * Example: ranked [x, a], relevant {a}: hit@1 = 0, hit@2 = 1. Nothing relevant expected -> 1.0.
 */
export function hitAtK(ranked: readonly string[], judged: ReadonlyMap<string, number>, k: number): number {
  checkK(k, 'hitAtK')
  if (countRelevant(judged) === 0) return NOTHING_EXPECTED_SCORE
  return relevantInTopK(ranked, judged, k) > 0 ? 1 : 0
}

/**
 * Reciprocal rank = 1 / (1-based rank of the first relevant id), 0 if none is within `cutoff` (default: the
 * whole list), in [0, 1]. Example: ranked [x, y, a], relevant {a} -> 1/3; with cutoff 2 -> 0.
 * Matches trec_eval `recip_rank` (no cutoff); nothing relevant expected -> 1.0.
 */
export function reciprocalRank(
  ranked: readonly string[],
  judged: ReadonlyMap<string, number>,
  cutoff?: number,
): number {
  if (cutoff !== undefined) checkK(cutoff, 'reciprocalRank')
  if (countRelevant(judged) === 0) return NOTHING_EXPECTED_SCORE
  const gains = gainsByPosition(cutoff === undefined ? ranked : ranked.slice(0, cutoff), judged)
  const first = gains.findIndex((gain) => gain >= MIN_RELEVANT_GRADE)
  return first === -1 ? 0 : 1 / (first + 1)
}

/**
 * How nDCG discounts rank r (1-based):
 * - `log2(rank+1)` (default): 1 / log2(r + 1), the standard form (Burges et al. 2005; scikit-learn, ranx) and
 *   what trec_eval's `ndcg_cut` computes since 9.0.4 (10.0 included), so pytrec_eval and BEIR tables too;
 * - `log2(max(rank,2))`: 1 / log2(max(r, 2)), Järvelin & Kekäläinen's original with base 2 (ranks 1 and 2 both
 *   undiscounted), which trec_eval computed before 9.0.4. Use it only to reproduce numbers from those versions.
 */
export type NdcgDiscount = 'log2(rank+1)' | 'log2(max(rank,2))'

/** The default {@link NdcgDiscount}. */
export const DEFAULT_NDCG_DISCOUNT: NdcgDiscount = 'log2(rank+1)'

/** DCG of gains in the given order: sum of gain x discount(rank). */
function discountedGain(gains: readonly number[], discount: NdcgDiscount): number {
  let sum = 0
  for (let i = 0; i < gains.length; i++) {
    const gain = gains[i] ?? 0
    if (gain <= 0) continue
    sum += gain / (discount === 'log2(max(rank,2))' ? Math.log2(Math.max(i + 1, 2)) : Math.log2(i + 2))
  }
  return sum
}

/**
 * nDCG@k = DCG@k / ideal DCG@k, in [0, 1], with linear gain = grade and discount 1 / log2(rank + 1) (see
 * {@link NdcgDiscount} for the pre-9.0.4 trec_eval variant); the ideal ordering sorts ALL judged grades > 0 descending,
 * cut at k (as trec_eval `ndcg_cut_k`).
 * Example: ranked [b, a], judged {a: 3, b: 1}, k = 2: DCG = 1/1 + 3/log2(3) = 2.893; ideal = 3 + 1/log2(3)
 * = 3.631; nDCG = 0.797 (trec_eval >= 9.0.4 agrees; the older discount gives (1 + 3) / (3 + 1) = 1). Nothing
 * relevant expected -> 1.0 (trec_eval scores the query 0).
 */
export function ndcgAtK(
  ranked: readonly string[],
  judged: ReadonlyMap<string, number>,
  k: number,
  discount: NdcgDiscount = DEFAULT_NDCG_DISCOUNT,
): number {
  checkK(k, 'ndcgAtK')
  const idealGains = [...judged.values()].filter((grade) => grade >= MIN_RELEVANT_GRADE).sort((x, y) => y - x)
  if (idealGains.length === 0) return NOTHING_EXPECTED_SCORE
  const ideal = discountedGain(idealGains.slice(0, k), discount)
  return discountedGain(gainsByPosition(ranked.slice(0, k), judged), discount) / ideal
}

/** Options of {@link scoreRetrieval}. */
export interface ScoreRetrievalOptions {
  /** Cutoffs; default {@link DEFAULT_KS}. */
  ks?: readonly number[]
  /** nDCG discount; default {@link DEFAULT_NDCG_DISCOUNT}. */
  ndcgDiscount?: NdcgDiscount
  /**
   * Score the condensed list: unjudged ids are removed from the ranking before scoring (trec_eval `-J`), so an
   * unjudged document neither counts as non-relevant nor takes a rank. Default false: an unjudged id is
   * non-relevant in its slot.
   */
  judgedOnly?: boolean
}

/** The metric names of one cutoff. */
interface CutoffNames {
  recall: string
  precision: string
  hit: string
  ndcg: string
}

/** The names {@link scoreRetrieval} writes for one list of cutoffs: per cutoff, and all in order. */
interface RetrievalNames {
  perK: CutoffNames[]
  all: string[]
}

// Built once per list of cutoffs (a run scores thousands of cases with the configured one); kept while it lives.
const namesByKs = new WeakMap<readonly number[], RetrievalNames>()

function namesFor(ks: readonly number[]): RetrievalNames {
  let names = namesByKs.get(ks)
  if (!names) {
    const perK = ks.map((k) => ({
      recall: `recall@${k}`,
      precision: `precision@${k}`,
      hit: `hit@${k}`,
      ndcg: `ndcg@${k}`,
    }))
    const all = [...new Set([...perK.flatMap((n) => [n.recall, n.precision, n.hit, n.ndcg]), 'mrr'])]
    names = { perK, all }
    namesByKs.set(ks, names)
  }
  return names
}

/**
 * The metric names {@link scoreRetrieval} gives for `ks`, in its order: `recall@k`, `precision@k`, `hit@k`,
 * `ndcg@k` per k, then `mrr` (a repeated k once). The same array for the same `ks` array.
 * Example: [1, 5] -> [recall@1, precision@1, hit@1, ndcg@1, recall@5, precision@5, hit@5, ndcg@5, mrr].
 */
export function retrievalMetricNames(ks: readonly number[] = DEFAULT_KS): readonly string[] {
  return namesFor(ks).all
}

/** Running sums over positions 0..i-1 (index i), up to `depth`: relevant ids found and DCG, in rank order. */
function prefixSums(
  gains: readonly number[],
  depth: number,
  discount: NdcgDiscount,
): { found: number[]; dcg: number[] } {
  const found = [0]
  const dcg = [0]
  let count = 0
  let sum = 0
  for (let i = 0; i < depth; i++) {
    const gain = gains[i] ?? 0
    if (gain >= MIN_RELEVANT_GRADE) count++
    // The same additions in the same order as discountedGain: the sums are bit-identical.
    if (gain > 0) sum += gain / (discount === 'log2(max(rank,2))' ? Math.log2(Math.max(i + 1, 2)) : Math.log2(i + 2))
    found.push(count)
    dcg.push(sum)
  }
  return { found, dcg }
}

/**
 * Every retrieval metric of one case under the names used everywhere (scorecard, baselines, `score-run`):
 * `recall@k`, `precision@k`, `hit@k`, `ndcg@k` for each k, and `mrr` (reciprocal rank, no cutoff). Each value is
 * exactly what {@link recallAtK}, {@link precisionAtK}, {@link hitAtK}, {@link ndcgAtK} and {@link reciprocalRank}
 * return; the gains, counts and DCG are computed once for all cutoffs.
 * Example: ranked [a], judged {a: 3}, ks [1] -> { 'recall@1': 1, 'precision@1': 1, 'hit@1': 1, 'ndcg@1': 1, mrr: 1 }.
 */
export function scoreRetrieval(
  ranked: readonly string[],
  judged: ReadonlyMap<string, number>,
  options: ScoreRetrievalOptions = {},
): Record<string, number> {
  const ks = options.ks ?? DEFAULT_KS
  for (const k of ks) checkK(k, 'recallAtK')
  return writeRetrievalMetrics(metricRecord(namesFor(ks).all), ranked, judged, options)
}

/**
 * {@link scoreRetrieval} into `metrics` (an object from `metricRecord` whose names start with
 * {@link retrievalMetricNames}, so a caller can add its own metrics to the same object). Returns `metrics`.
 */
export function writeRetrievalMetrics(
  metrics: Record<string, number>,
  ranked: readonly string[],
  judged: ReadonlyMap<string, number>,
  options: ScoreRetrievalOptions = {},
): Record<string, number> {
  const ks = options.ks ?? DEFAULT_KS
  const discount = options.ndcgDiscount ?? DEFAULT_NDCG_DISCOUNT
  let maxK = 0
  for (const k of ks) {
    checkK(k, 'recallAtK')
    maxK = Math.max(maxK, k)
  }
  const gains = gainsByPosition(options.judgedOnly === true ? condenseRanking(ranked, judged) : ranked, judged)
  const relevant = countRelevant(judged)
  const idealGains =
    relevant === 0 ? [] : [...judged.values()].filter((grade) => grade >= MIN_RELEVANT_GRADE).sort((x, y) => y - x)
  const got = prefixSums(gains, Math.min(maxK, gains.length), discount)
  const ideal = prefixSums(idealGains, Math.min(maxK, idealGains.length), discount)
  const { perK } = namesFor(ks)
  ks.forEach((k, i) => {
    const names = perK[i]!
    const shown = Math.min(k, gains.length)
    const found = got.found[shown] ?? 0
    metrics[names.recall] = relevant === 0 ? NOTHING_EXPECTED_SCORE : found / relevant
    metrics[names.precision] = shown === 0 ? 0 : found / shown
    metrics[names.hit] = relevant === 0 ? NOTHING_EXPECTED_SCORE : found > 0 ? 1 : 0
    metrics[names.ndcg] =
      relevant === 0 ? NOTHING_EXPECTED_SCORE : (got.dcg[shown] ?? 0) / (ideal.dcg[Math.min(k, idealGains.length)] ?? 0)
  })
  const first = gains.findIndex((gain) => gain >= MIN_RELEVANT_GRADE)
  metrics.mrr = relevant === 0 ? NOTHING_EXPECTED_SCORE : first === -1 ? 0 : 1 / (first + 1)
  return metrics
}
