/**
 * The BM25 dense pass on the WebAssembly kernels (`wasm/wasm-bm25.ts`), with the same sums as `denseTopK`
 * (`bm25-scan.ts`): every query term's postings added in query-term order into a float64 accumulator starting
 * from 0. Then, instead of offering every row to the heap, a lower bound of the k-th best score (from the maxima
 * of runs of rows) selects the few rows that can be in the top k, rows equal to the bound included, and the heap
 * ranks those by (score desc, row asc). So the top k is value for value the TS pass's. The kernel reads the
 * posting rows and impacts from the index's shared WebAssembly memory (`postingImpacts`) and keeps its accumulator
 * in a private region grown from it, so each thread (main or pool worker) binds its own kernel to the same postings.
 * Pure: no I/O, no threads.
 */
import type { Bm25Parts } from './bm25-parts.ts'
import type { QueryTerms } from './bm25-scan.ts'
import { TopK } from './top-k.ts'
import { instantiateModule, wasmPageBytes as pageBytes } from './wasm/wasm-api.ts'
import { bm25KernelModule, bm25MaxRuns as maxRuns, bm25ScratchBytes } from './wasm/wasm-bm25.ts'

interface Bm25Exports {
  bm25Add(rows: number, impacts: number, rowsEnd: number, acc: number, w: number): void
  bm25BlockMax(acc: number, groups: number, block: number, out: number): void
  bm25Collect(acc: number, groups: number, threshold: number, rows: number, scores: number): number
}

/** One thread's binding of the BM25 kernels to an index's postings, with its own scratch region. */
export class Bm25Kernel {
  private bound: TopK | undefined

  private constructor(
    private readonly exports: Bm25Exports,
    private readonly postingStart: Int32Array,
    private readonly rowsAt: number,
    private readonly impactsAt: number,
    // The scratch region (`bm25ScratchBytes`): run maxima (maxRuns f64), accumulator (maxRows rounded up to whole
    // groups of 8 rows, the kernels' unit; the slots past a tenant's rows stay 0), collected scores (maxRows f64),
    // then collected rows (maxRows i32); f64 and i32 views over all of it.
    private readonly scratchAt: number,
    private readonly slots: number,
    private readonly f64: Float64Array,
    private readonly i32: Int32Array,
  ) {}

  /**
   * Binds the kernels to `parts` for tenants of at most `maxRows` rows, or undefined when the postings are not in
   * a WebAssembly memory (no impacts, no WebAssembly) or the memory cannot grow by this thread's scratch region.
   */
  static create(parts: Bm25Parts, maxRows: number): Bm25Kernel | undefined {
    const memory = parts.scoringMemory
    const impacts = parts.postingImpacts
    if (!memory || !impacts) return undefined
    try {
      const exports = instantiateModule<Bm25Exports>(bm25KernelModule(), memory)
      if (!exports) return undefined
      const slots = Math.ceil(maxRows / 8) * 8
      const bytes = bm25ScratchBytes(maxRows)
      // A fresh region, zeroed: the accumulator starts clear.
      const at = memory.grow(Math.ceil(bytes / pageBytes)) * pageBytes
      const f64 = new Float64Array(memory.buffer, at, maxRuns + slots + maxRows)
      const i32 = new Int32Array(memory.buffer, at + f64.byteLength, maxRows)
      const { postingStart, postingRows } = parts
      return new Bm25Kernel(exports, postingStart, postingRows.byteOffset, impacts.byteOffset, at, slots, f64, i32)
    } catch {
      return undefined // the memory is at its maximum: this thread keeps the TS pass
    }
  }

  /** `denseTopK` (`bm25-scan.ts`) for `query` over a tenant of `rowCount` rows, into `heap`; clears the accumulator. */
  denseTopK(query: QueryTerms, rowCount: number, heap: TopK): void {
    const { exports, postingStart, rowsAt, impactsAt, scratchAt, slots, f64, i32 } = this
    const accAt = scratchAt + maxRuns * 8
    const { ids, weights } = query
    for (let q = 0; q < ids.length; q++) {
      const j = ids[q] as number
      const start = postingStart[j] as number
      const end = postingStart[j + 1] as number
      exports.bm25Add(rowsAt + 4 * start, impactsAt + 8 * start, rowsAt + 4 * end, accAt, weights[q] as number)
    }
    const groups = Math.ceil(rowCount / 8)
    const bound = this.lowerBound(accAt, groups, heap.k)
    const count = exports.bm25Collect(accAt, groups, bound, i32.byteOffset, accAt + slots * 8)
    const scoresAt = maxRuns + slots
    for (let i = 0; i < count; i++) heap.push(f64[scoresAt + i] as number, i32[i] as number)
  }

  // A lower bound of the k-th best score, > 0: the k-th largest of the maxima of up to 4k runs of rows (k rows
  // score at least that much, so no row below it is in the top k; rows equal to it may be, and are collected).
  // The smallest positive double, which collects every matched row, when that bound is not available.
  private lowerBound(accAt: number, groups: number, k: number): number {
    const runs = Math.min(groups, 4 * k, maxRuns)
    if (runs < k || k === 0) return Number.MIN_VALUE
    const block = Math.ceil(groups / runs)
    const count = Math.ceil(groups / block)
    if (count < k) return Number.MIN_VALUE
    this.exports.bm25BlockMax(accAt, groups, block, this.scratchAt)
    if (this.bound?.k !== k) this.bound = new TopK(k)
    const bound = this.bound
    bound.reset()
    for (let b = 0; b < count; b++) bound.push(this.f64[b] as number, b)
    return Math.max(bound.threshold, Number.MIN_VALUE)
  }
}
