/**
 * Exact BM25 over an inverted index in typed arrays (`bm25-parts.ts`): term-at-a-time scoring into a dense
 * accumulator with early termination, then every candidate rescored in query order, top-k by a bounded heap.
 * Pure: no I/O, no threads (the arrays live in SharedArrayBuffers so a pool can share them).
 *
 * The variant (classic Okapi BM25 with Lucene's IDF):
 *   score(q, d) = sum over distinct query terms t present in d of
 *     qtf(t) * idf(t) * tf(t, d) * (k1 + 1) / (tf(t, d) + k1 * (1 - b + b * dl(d) / avgdl))
 *   idf(t) = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))
 * tf counts analyzer terms, dl is the number of analyzer terms of d (after stop words), lengths are exact (Lucene
 * stores them lossily in one byte), and a query term repeated qtf times counts qtf times, as in Lucene's
 * bag-of-words query and rank_bm25 (this reproduces the Cranfield reference nDCG@10 = 0.3340 exactly). The `(k1 + 1)` factor (dropped by
 * Lucene 8+) scales every score by the same constant, so rankings equal Lucene's.
 *
 * N, df and avgdl are PER TENANT: a tenant's ranking depends only on its own documents. With global statistics,
 * adding or editing tenant B's documents would change tenant A's scores (and could leak that a term is common in
 * B's corpus through A's rankings), and eval results of A would not be reproducible from A's corpus alone.
 *
 * A query with at most 4,096 postings is scored plainly: term-at-a-time in query-term order, the accumulator's
 * sums are then the exact scores and the top k comes straight from it (a pruning check passes over every touched
 * row, which on Cranfield's ~1,600-posting queries cost more than the postings it skipped: 2x slower). When the
 * tenant has few rows for such a query (Cranfield) and the index keeps its posting impacts (up to 16M postings),
 * the plain pass goes dense (`denseTopK`: no first-touch test, one scan of the rows), with the same sums.
 *
 * Early termination (exact, `bm25-prune.ts`): terms are accumulated rarest first; once the k-th best partial
 * score theta exceeds what all remaining terms could add to any document (the sum of their largest impacts), no
 * untouched document can reach the top k, and only touched documents whose partial score plus that sum reaches
 * theta stay candidates. Candidates are then scored in query-term order (the order a plain term-at-a-time pass
 * adds them), each term's postings walked once beside the sorted candidates, so scores are bit-identical to it;
 * the comparisons carry a 1e-9 relative slack for the different float64 summation order of the partial sums
 * (whose error is below 1e-15 relative).
 *
 * The dense pass runs on WebAssembly kernels when the postings live in a WebAssembly memory (`bm25-wasm.ts`: from
 * 16k postings, with impacts), ~2-3x faster per posting and scanning rows with f64x2 compares. Then a query over
 * 4,096 postings that pruning cannot finish cheaply (its work would exceed half the dense pass's estimated cost:
 * e.g. two mid-frequency terms whose bounds never separate) gives up and goes dense; same sums either way.
 */
import { analyze } from './analyzer.ts'
import {
  type Bm25Params,
  type Bm25Parts,
  type Tokenizer,
  buildBm25Parts,
  defaultBm25Params,
  postingImpacts,
} from './bm25-parts.ts'
import { type QueryTerms, accumulateTerm, denseTopK, rescoreRows } from './bm25-scan.ts'
import { Bm25Kernel } from './bm25-wasm.ts'
import { pruneCandidates } from './bm25-prune.ts'
import type { IndexableChunk } from './tenant-layout.ts'
import { maxTenantRows, tenantNumber } from './tenant-layout.ts'
import { TopK } from './top-k.ts'
import type { RankedRow } from './types.ts'

export { type Bm25Params, type Bm25Parts, type Tokenizer, bm25Idf, defaultBm25Params } from './bm25-parts.ts'

/**
 * Builds the BM25 index (`buildBm25Parts`). Chunks may come in any order; rows follow `layoutByTenant`.
 * `tokenize` defaults to {@link analyze} with its default options.
 */
export function buildBm25Index(
  chunks: readonly IndexableChunk[],
  params: Bm25Params = defaultBm25Params,
  tokenize: Tokenizer = (text) => analyze(text),
): Bm25Index {
  return new Bm25Index(buildBm25Parts(chunks, params, tokenize), tokenize)
}

/** A built BM25 index. Searching is synchronous and scores only the asked tenant's postings. */
export class Bm25Index {
  readonly parts: Bm25Parts
  readonly tokenize: Tokenizer
  /** Postings read (accumulated or looked up) so far, over all searches: the work early termination saves. */
  readonly stats = { scoredPostings: 0 }
  /**
   * Queries with at most this many postings are scored plainly, without early termination: a pruning check passes
   * over every touched row, so on a small query it costs more than the postings it could skip (Cranfield, ~1,600
   * postings/query: 2x faster plainly). 0 prunes every query. Results are the same either way.
   */
  plainPostings = 4096
  /**
   * A small query (at most `plainPostings` postings) takes the dense pass when the tenant has at most this many
   * rows per posting of the query: scanning every row then costs less than testing each posting for a first
   * touch (Cranfield: 1,400 rows, ~1,600 postings per query). Needs the precomputed impacts. Same results.
   */
  denseRowsPerPosting = 4
  /**
   * With the WASM dense pass available, early termination gives up (and the query goes dense) once its work, in
   * posting reads, would exceed this share of the dense pass's estimated cost: a dense posting costs about 1/8 of
   * a pruning one (no first-touch test, no bounds checks; measured at 50k Zipf: ~1.5 vs ~10 ns) and a row scanned
   * 1/16. So a query pruning cannot stop early costs at most ~1.5x the dense pass, and one it stops early stays
   * cheap. Infinity never gives up. Results are the same either way.
   */
  pruneBudgetShare = 0.5
  private readonly vocab: Array<Map<string, number>>
  private readonly acc: Float64Array
  private readonly touched: Int32Array
  private readonly rescored: Float64Array
  private heap: TopK | undefined
  /**
   * The posting impacts (`postingImpacts`: precomputed up to 16M postings). Set to `undefined`, every pass computes
   * each impact per posting instead (what an index over the limit does); scores are the same.
   */
  impacts: Float64Array | undefined
  /**
   * This thread's WASM dense pass (`bm25-wasm.ts`), when the postings live in a WebAssembly memory; used only
   * while `impacts` are the parts' own. Set to `undefined`, the dense pass runs in TS; scores are the same.
   */
  kernel: Bm25Kernel | undefined

  /** Wraps parts (built here, loaded from disk or received by a worker). */
  constructor(parts: Bm25Parts, tokenize: Tokenizer) {
    this.parts = parts
    this.tokenize = tokenize
    const { layout, terms, termStart } = parts
    const maxRows = maxTenantRows(layout)
    this.vocab = layout.tenantIds.map((_, t) => {
      const map = new Map<string, number>()
      for (let j = termStart[t] as number; j < (termStart[t + 1] as number); j++) map.set(terms[j] as string, j)
      return map
    })
    this.acc = new Float64Array(maxRows)
    this.touched = new Int32Array(maxRows)
    this.rescored = new Float64Array(maxRows)
    this.impacts = postingImpacts(parts)
    this.kernel = Bm25Kernel.create(parts, maxRows)
  }

  /** Top `k` rows of tenant `tenantId` for `query` (global rows, score desc then row asc); [] for an unknown tenant. */
  search(query: string, tenantId: string, k: number): RankedRow[] {
    const t = tenantNumber(this.parts.layout, tenantId)
    if (t < 0) return []
    return this.searchTerms(this.tokenize(query), t, k)
  }

  /**
   * Scores tenant number `t`. Only documents with a score > 0 (at least one query term) are returned, so fewer
   * than k rows may come back.
   */
  searchTerms(queryTerms: readonly string[], t: number, k: number): RankedRow[] {
    const vocab = this.vocab[t]
    if (!vocab || !(k > 0)) return []
    return this.searchQuery(queryTermsOf(queryTerms, vocab), t, k)
  }

  /**
   * `searchTerms` for each query of a batch, in one call: `result[i]` belongs to `queries[i]`, value for value the
   * same as one call per query (one thread, like bm25s's batched `retrieve` with `n_threads = 1`).
   */
  searchTermsBatch(queries: ReadonlyArray<readonly string[]>, t: number, k: number): RankedRow[][] {
    const vocab = this.vocab[t]
    if (!vocab || !(k > 0)) return queries.map(() => [])
    return queries.map((terms) => this.searchQuery(queryTermsOf(terms, vocab), t, k))
  }

  // Picks the pass: dense for a small query over few rows (with impacts), plain for any other small query,
  // else early termination.
  private searchQuery(query: QueryTerms, t: number, k: number): RankedRow[] {
    const { rowStart } = this.parts.layout
    const base = rowStart[t] as number
    const rowCount = (rowStart[t + 1] as number) - base
    const postings = this.postingsOf(query.ids)
    const heap = this.heapOf(k)
    if (postings > this.plainPostings) this.prunedTopK(query, base, rowCount, postings, k, heap)
    else {
      this.stats.scoredPostings += postings
      const kernel = this.activeKernel
      if (!this.impacts || rowCount > this.denseRowsPerPosting * postings) this.plainTopK(query, base, heap)
      else if (kernel) kernel.denseTopK(query, rowCount, heap)
      else denseTopK(this.parts, this.impacts, query, rowCount, this.acc, heap)
    }
    return heap.rankedRows(base)
  }

  // Early termination, then the candidates rescored in query-term order; with the WASM kernel, a query whose
  // pruning would cost more than the budget goes dense instead.
  private prunedTopK(query: QueryTerms, base: number, rowCount: number, postings: number, k: number, heap: TopK): void {
    const kernel = this.activeKernel
    const budget = kernel ? this.pruneBudgetShare * (postings / 8 + rowCount / 16) : Infinity
    const { parts, impacts, acc, touched, stats } = this
    const found = pruneCandidates({ parts, impacts, acc, touched, heap, stats }, query, base, k, budget)
    heap.reset() // the candidates' pruning checks used it
    if (found === undefined) {
      ;(kernel as Bm25Kernel).denseTopK(query, rowCount, heap)
      stats.scoredPostings += postings
      return
    }
    const rows = found.sort()
    rescoreRows(parts, impacts, query, base, rows, this.rescored)
    stats.scoredPostings += rows.length * query.ids.length
    for (let i = 0; i < rows.length; i++) heap.push(this.rescored[i] as number, rows[i] as number)
  }

  // The WASM kernel reads the parts' own impacts, so not while `impacts` is set to something else.
  private get activeKernel(): Bm25Kernel | undefined {
    return this.impacts === this.parts.postingImpacts ? this.kernel : undefined
  }

  // A reusable k-sized heap (one allocation per distinct k, not one per query or per pruning check).
  private heapOf(k: number): TopK {
    if (this.heap?.k !== k) this.heap = new TopK(k)
    this.heap.reset()
    return this.heap
  }

  private postingsOf(ids: readonly number[]): number {
    const { postingStart } = this.parts
    let total = 0
    for (const j of ids) total += (postingStart[j + 1] as number) - (postingStart[j] as number)
    return total
  }

  // Plain term-at-a-time in query-term order: the accumulated sums ARE the exact scores (the reference's order),
  // so the top k comes straight from the accumulator, with no pruning checks and no rescoring.
  private plainTopK(query: QueryTerms, base: number, heap: TopK): void {
    const acc = this.acc
    const touched = this.touched
    let count = 0
    for (let q = 0; q < query.ids.length; q++) {
      const w = query.weights[q] as number
      count = accumulateTerm(this.parts, this.impacts, query.ids[q] as number, w, base, acc, touched, count)
    }
    let threshold = -Infinity
    for (let i = 0; i < count; i++) {
      const r = touched[i] as number
      const s = acc[r] as number
      acc[r] = 0
      if (s < threshold) continue
      heap.push(s, r)
      threshold = heap.threshold
    }
  }
}

// The query's distinct known terms in first-occurrence order, each with its count in the query (a term repeated
// qtf times counts qtf times).
function queryTermsOf(queryTerms: readonly string[], vocab: Map<string, number>): QueryTerms {
  const ids: number[] = []
  const weights: number[] = []
  // A long query indexes its distinct terms by a Map; a short one (the usual) scans the few found so far.
  const slots = queryTerms.length > 32 ? new Map<number, number>() : undefined
  for (const term of queryTerms) {
    const j = vocab.get(term)
    if (j === undefined) continue
    const q = slots ? (slots.get(j) ?? -1) : ids.indexOf(j)
    if (q < 0) {
      slots?.set(j, ids.length)
      ids.push(j)
      weights.push(1)
    } else weights[q]!++
  }
  return { ids, weights }
}
