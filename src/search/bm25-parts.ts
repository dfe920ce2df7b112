/**
 * The BM25 index as plain data, and its build: CSR postings per tenant holding each posting's term frequency, with
 * the per-term IDF, the per-document length norm and each term's largest impact (for pruning, `bm25.ts`). The
 * impact `idf * tf * (k1 + 1) / (tf + k1 * norm)` is computed where it is needed (`bm25Impact`), always with the
 * same float64 expression, so every path scores bit-identically; storing tf (2 bytes) instead of the impact
 * (8 bytes) keeps a 1M-document index (about 100M postings) near 600 MB. Pure: no I/O, no threads.
 */
import { SearchError } from './errors.ts'
import { type IndexableChunk, type TenantLayout, layoutByTenant, maxTenantRows } from './tenant-layout.ts'
import { TermTable, hashChars, scanPlainAscii } from './term-table.ts'
import type { WasmMemory } from './wasm/wasm-api.ts'
import { allocateBm25Memory } from './wasm/wasm-bm25.ts'

/** BM25 free parameters. */
export interface Bm25Params {
  /** Term-frequency saturation, >= 0. Default 1.2. */
  k1: number
  /** Length normalisation in [0, 1]. Default 0.75. */
  b: number
}

/** Lucene's defaults: k1 = 1.2, b = 0.75. */
export const defaultBm25Params: Bm25Params = Object.freeze({ k1: 1.2, b: 0.75 })

/**
 * Text -> index terms; the same function must analyze documents and queries. `plainAscii: true` promises that it
 * is the plain analyzer (`plainAnalyzerOptions`), so the build may scan ASCII documents itself (`scanPlainAscii`,
 * the same terms without a string per token); `tokenizerFor` sets it.
 */
export type Tokenizer = ((text: string) => string[]) & { plainAscii?: boolean }

/** The plain-data form of a BM25 index (shareable with workers, persistable). */
export interface Bm25Parts {
  params: Bm25Params
  layout: TenantLayout
  /** Every tenant's vocabulary, concatenated; tenant t owns terms `[termStart[t], termStart[t + 1])`. */
  terms: string[]
  termStart: Int32Array
  /** CSR offsets: term j's postings are `[postingStart[j], postingStart[j + 1])`. Length `terms.length + 1`. */
  postingStart: Int32Array
  /** Row inside the tenant (0-based), ascending within a term. */
  postingRows: Int32Array
  /** Term frequency per posting (Int32Array only when some tf exceeds 65535). */
  postingTfs: Uint16Array | Int32Array
  /** Lucene IDF per term, within its tenant. */
  termIdf: Float64Array
  /** Largest impact of each term over its postings: an exact upper bound of what the term adds to any score. */
  termMaxImpact: Float64Array
  /** Per global row: `1 - b + b * dl / avgdl` (1 when the tenant's avgdl is 0). */
  docNorm: Float64Array
  /** Average document length (analyzer terms) per tenant. */
  avgDocLength: Float64Array
  /**
   * Each posting's impact (`bm25Impact` of its tf and row), precomputed when the index has at most
   * {@link impactPostingsLimit} postings, else absent; never persisted (rebuilt on load, `postingImpacts`).
   */
  postingImpacts?: Float64Array
  /**
   * The shared WebAssembly memory holding `postingRows` and `postingImpacts` when the impacts were computed into
   * one (`postingImpacts`), so the dense pass can run on the WASM kernels (`bm25-wasm.ts`) in any thread.
   */
  scoringMemory?: WasmMemory
}

/**
 * Up to this many postings (128 MiB of float64), each posting's impact is precomputed: a query then adds stored
 * values instead of dividing per posting (2-3x faster on Cranfield and 50k). Above it (1M documents hold ~100M
 * postings, 800 MB more) impacts are computed per posting as before; pruning reads few postings there.
 */
export const impactPostingsLimit = 16 << 20

/**
 * The parts' posting impacts: the stored ones, else computed (into shared memory, and kept on the parts so a
 * pool's workers share them) when there are at most {@link impactPostingsLimit} postings, else `undefined`. The
 * values are the same `bm25Impact` float64 expression every path uses, so scores are unchanged. From
 * {@link wasmPostingsMin} postings on, the impacts and the posting rows move into one shared WebAssembly memory
 * (`scoringMemory`; the rows are copied there and `postingRows` is replaced by the copy, the same values), so the
 * WASM dense pass can read both.
 */
export function postingImpacts(parts: Bm25Parts): Float64Array | undefined {
  if (parts.postingImpacts || parts.postingRows.length > impactPostingsLimit) return parts.postingImpacts
  const { postingStart, postingRows, postingTfs, termIdf, termStart, layout, docNorm, params } = parts
  const wasm =
    postingRows.length >= wasmPostingsMin ? allocateBm25Memory(postingRows.length, maxTenantRows(layout)) : undefined
  const impacts = wasm?.impacts ?? sharedArray(Float64Array, postingRows.length)
  for (let t = 0; t + 1 < termStart.length; t++) {
    const base = layout.rowStart[t] as number
    for (let j = termStart[t] as number; j < (termStart[t + 1] as number); j++) {
      const idf = termIdf[j] as number
      for (let p = postingStart[j] as number; p < (postingStart[j + 1] as number); p++) {
        impacts[p] = bm25Impact(
          idf,
          postingTfs[p] as number,
          docNorm[base + (postingRows[p] as number)] as number,
          params.k1,
        )
      }
    }
  }
  if (wasm) {
    wasm.rows.set(postingRows)
    parts.postingRows = wasm.rows
    parts.scoringMemory = wasm.memory
  }
  parts.postingImpacts = impacts
  return impacts
}

/**
 * Indexes with fewer postings keep plain shared arrays and the TS passes: each WebAssembly memory reserves
 * gigabytes of address space, too much to spend on every tiny index (tests build hundreds), and a tiny index's
 * queries are short anyway.
 */
export const wasmPostingsMin = 1 << 14

/** Lucene IDF: `ln(1 + (N - df + 0.5) / (df + 0.5))`, always > 0. Example: N = 3, df = 1 -> ln(1 + 2.5/1.5) = 0.9808. */
export function bm25Idf(docCount: number, docFreq: number): number {
  return Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5))
}

/**
 * One posting's BM25 contribution: `idf * tf * (k1 + 1) / (tf + k1 * norm)`. Example: idf 0.980829, tf 1,
 * norm 0.892857, k1 1.2 -> 2.157824 / 2.071429 = 1.041708.
 */
export function bm25Impact(idf: number, tf: number, norm: number, k1: number): number {
  return (idf * tf * (k1 + 1)) / (tf + k1 * norm)
}

function sharedArray<T extends Int32Array | Float64Array | Uint16Array>(
  Ctor: { new (b: SharedArrayBuffer, o: number, l: number): T; BYTES_PER_ELEMENT: number },
  length: number,
): T {
  return new Ctor(new SharedArrayBuffer(Math.max(1, length) * Ctor.BYTES_PER_ELEMENT), 0, length)
}

// A growable list in fixed-size blocks: no doubling copies (a 1M-document build holds ~100M entries).
const blockSize = 1 << 20
class BlockList<T extends Int32Array | Uint16Array> {
  readonly blocks: T[] = []
  length = 0
  constructor(private readonly make: (n: number) => T) {}
  push(v: number): void {
    const i = this.length & (blockSize - 1)
    if (i === 0) this.blocks.push(this.make(blockSize))
    ;(this.blocks[this.blocks.length - 1] as T)[i] = v
    this.length++
  }
  at(index: number): number {
    return (this.blocks[index >>> 20] as T)[index & (blockSize - 1)] as number
  }
}

/** One tenant's documents as (term id, tf) pairs in document order, before they become CSR postings. */
interface TenantTerms {
  vocab: string[]
  df: Int32Array
  termIds: BlockList<Int32Array>
  tfs: BlockList<Uint16Array>
  /** tf values above 65535, by pair index (the Uint16 list holds 0 there). */
  bigTfs: Map<number, number>
  /** Pair index where each document's pairs end. */
  docEnds: Int32Array
  docLengths: Int32Array
}

// Analyzes one tenant's documents. Per document, distinct terms are counted with two typed arrays instead of a Map;
// the vocabulary is a TermTable, and plain ASCII documents are scanned without a string per token.
function analyzeTenant(rows: readonly IndexableChunk[], tokenize: Tokenizer): TenantTerms {
  const table = new TermTable()
  let df = new Int32Array(1024)
  let tfCount = new Int32Array(1024)
  const termIds = new BlockList((n) => new Int32Array(n))
  const tfs = new BlockList((n) => new Uint16Array(n))
  const bigTfs = new Map<number, number>()
  const docEnds = new Int32Array(rows.length)
  const docLengths = new Int32Array(rows.length)
  const distinct: number[] = []
  const visit = (id: number): void => {
    if (id === df.length) {
      const grownDf = new Int32Array(id * 2)
      grownDf.set(df)
      df = grownDf
      const grownTf = new Int32Array(id * 2)
      grownTf.set(tfCount)
      tfCount = grownTf
    }
    const seen = tfCount[id] as number
    tfCount[id] = seen + 1
    if (seen === 0) distinct.push(id)
  }
  for (let r = 0; r < rows.length; r++) {
    const text = (rows[r] as IndexableChunk).text
    distinct.length = 0
    let length = tokenize.plainAscii ? scanPlainAscii(text, table, visit) : -1
    if (length < 0) {
      const tokens = tokenize(text)
      for (const token of tokens) visit(table.idOf(token, 0, token.length, hashChars(token, 0, token.length)))
      length = tokens.length
    }
    docLengths[r] = length
    for (const id of distinct) {
      const tf = tfCount[id] as number
      if (tf > 0xffff) bigTfs.set(termIds.length, tf)
      termIds.push(id)
      tfs.push(tf > 0xffff ? 0 : tf)
      df[id]!++
      tfCount[id] = 0
    }
    docEnds[r] = termIds.length
  }
  return { vocab: table.terms, df, termIds, tfs, bigTfs, docEnds, docLengths }
}

/**
 * Builds the parts in one analysis pass per tenant (linear in the number of terms), then one fill pass into the
 * final shared arrays. Chunks may come in any order; rows follow {@link layoutByTenant}.
 */
export function buildBm25Parts(chunks: readonly IndexableChunk[], params: Bm25Params, tokenize: Tokenizer): Bm25Parts {
  if (!(params.k1 >= 0) || !(params.b >= 0 && params.b <= 1)) {
    throw new SearchError(
      'VITEST_RAG_SEARCH_BAD_ARGUMENT',
      `BM25 parameters k1 = ${params.k1}, b = ${params.b} are out of range (k1 >= 0, 0 <= b <= 1)`,
    )
  }
  const { layout, rows } = layoutByTenant(chunks)
  const tenantCount = layout.tenantIds.length
  const analyzed = layout.tenantIds.map((_, t) =>
    analyzeTenant(rows.slice(layout.rowStart[t], layout.rowStart[t + 1]), tokenize),
  )
  const termCount = analyzed.reduce((n, a) => n + a.vocab.length, 0)
  const postingCount = analyzed.reduce((n, a) => n + a.termIds.length, 0)
  const wide = analyzed.some((a) => a.bigTfs.size > 0)
  const parts: Bm25Parts = {
    params: { ...params },
    layout,
    terms: analyzed.flatMap((a) => a.vocab),
    termStart: new Int32Array(tenantCount + 1),
    postingStart: sharedArray(Int32Array, termCount + 1),
    postingRows: sharedArray(Int32Array, postingCount),
    postingTfs: wide ? sharedArray(Int32Array, postingCount) : sharedArray(Uint16Array, postingCount),
    termIdf: sharedArray(Float64Array, termCount),
    termMaxImpact: sharedArray(Float64Array, termCount),
    docNorm: sharedArray(Float64Array, rows.length),
    avgDocLength: new Float64Array(tenantCount),
  }
  let termBase = 0
  let postingBase = 0
  analyzed.forEach((a, t) => {
    parts.termStart[t] = termBase
    fillTenant(parts, a, t, termBase, postingBase)
    termBase += a.vocab.length
    postingBase += a.termIds.length
    analyzed[t] = undefined as unknown as TenantTerms // let the tenant's pairs go before the next fill
  })
  parts.termStart[tenantCount] = termBase
  parts.postingStart[termCount] = postingBase
  return parts
}

// Writes one tenant's CSR postings (rows ascending within a term), IDF, max impacts and length norms.
function fillTenant(parts: Bm25Parts, a: TenantTerms, t: number, termBase: number, postingBase: number): void {
  const { k1, b } = parts.params
  const rowBase = parts.layout.rowStart[t] as number
  const docCount = a.docEnds.length
  let totalLength = 0
  for (let r = 0; r < docCount; r++) totalLength += a.docLengths[r] as number
  const avgdl = docCount > 0 ? totalLength / docCount : 0
  parts.avgDocLength[t] = avgdl
  const vocabSize = a.vocab.length
  const fill = new Int32Array(vocabSize)
  let offset = postingBase
  for (let j = 0; j < vocabSize; j++) {
    parts.postingStart[termBase + j] = offset
    fill[j] = offset
    offset += a.df[j] as number
    parts.termIdf[termBase + j] = bm25Idf(docCount, a.df[j] as number)
  }
  let p = 0
  for (let r = 0; r < docCount; r++) {
    const norm = avgdl > 0 ? 1 - b + (b * (a.docLengths[r] as number)) / avgdl : 1
    parts.docNorm[rowBase + r] = norm
    for (const stop = a.docEnds[r] as number; p < stop; p++) {
      const id = a.termIds.at(p)
      const tf = a.tfs.at(p) || (a.bigTfs.get(p) as number)
      const slot = fill[id]!++
      parts.postingRows[slot] = r
      parts.postingTfs[slot] = tf
      const impact = bm25Impact(parts.termIdf[termBase + id] as number, tf, norm, k1)
      if (impact > (parts.termMaxImpact[termBase + id] as number)) parts.termMaxImpact[termBase + id] = impact
    }
  }
}
