/**
 * The bounded exact top-k: score every row with the int8 kernel, bound each row's float32 score by the error
 * term of `quantize.ts`, keep every row whose upper bound reaches the k-th best lower bound, and rescore only
 * those rows with the float32 kernel's own arithmetic. The result equals the plain float32 scan's top-k (ids and
 * scores), because:
 * - a dropped row x has hi(x) < L, the k-th largest lower bound; the k rows y holding those lower bounds score
 *   s(y) >= lo(y) >= L > hi(x) >= s(x), so k rows beat x strictly and x is not in the top k (ties included);
 * - L only grows during the scan, so a row dropped against an earlier L is dropped against the final one;
 * - every kept row is rescored by `VectorKernel.scoreRows`, bit-identical to the float32 scan, and ranked by the
 *   same heap (score desc, row asc).
 * Pure: no I/O, no threads.
 */
import { quantizeQuery, boundSlack, codeStride, type QuantizedQuery } from './quantize.ts'
import { TopK } from './top-k.ts'
import type { Int8Kernel, VectorKernel } from './vector-kernel.ts'

/** What the bounded scan needs: both kernels over one matrix and its quantization (`rowStats` of `quantizeRows`). */
export interface BoundedScan {
  int8: Int8Kernel
  float: VectorKernel
  rowStats: Float64Array
  dimensions: number
}

/** Rows `[start, to)` of a tenant whose first row is `from`; `rowBlock` rows per int8 kernel call. */
export interface RowRange {
  from: number
  start: number
  to: number
  rowBlock: number
}

/** Counters of the bounded scan, for reports and tests. */
export interface BoundedStats {
  /** Rows rescored in float32 (summed over queries). */
  rescoredRows: number
}

/** A growable list of candidate rows with their upper bounds. */
class Candidates {
  rows = new Int32Array(64)
  upper = new Float64Array(64)
  length = 0
  push(row: number, upper: number): void {
    if (this.length === this.rows.length) {
      const rows = new Int32Array(this.length * 2)
      rows.set(this.rows)
      this.rows = rows
      const up = new Float64Array(this.length * 2)
      up.set(this.upper)
      this.upper = up
    }
    this.rows[this.length] = row
    this.upper[this.length++] = upper
  }
}

/**
 * Selects the rows one query rescores in float32: every row of `range` when the query is unbounded, else the
 * candidates whose upper bound reaches the final threshold of its lower-bound heap `lower`.
 */
function selectRescoredRows(list: Candidates, lower: TopK, unbounded: boolean, range: RowRange): Int32Array {
  if (unbounded) return Int32Array.from({ length: range.to - range.start }, (_, i) => range.start + i)
  const threshold = lower.threshold
  const rows = new Int32Array(list.length)
  let n = 0
  for (let i = 0; i < list.length; i++) if ((list.upper[i] as number) >= threshold) rows[n++] = list.rows[i] as number
  return rows.subarray(0, n)
}

/**
 * Exact top-k of `count` normalised float32 queries (`packed`, row-major, d each) with `ks[j]` results each, over
 * `range`; heap indices are rows minus `range.from`, as in the float32 scan.
 */
export function boundedTopK(
  scan: BoundedScan,
  packed: Float32Array,
  count: number,
  ks: readonly number[],
  range: RowRange,
  stats?: BoundedStats,
): TopK[] {
  const { int8, float, rowStats, dimensions: d } = scan
  const stride = codeStride(d)
  const codes = new Int16Array(count * stride)
  const queries: QuantizedQuery[] = []
  for (let j = 0; j < count; j++) queries.push(quantizeQuery(packed, j * d, d, codes, j * stride))
  int8.setQueries(codes, count, range.rowBlock)
  const lower = ks.map((k) => new TopK(k))
  const candidates = ks.map(() => new Candidates())
  // A query with a non-finite value has no usable bound: every row is its candidate.
  const unbounded = queries.map((q) => !Number.isFinite(q.normBound))
  const absolute = boundSlack.absolute
  for (let r0 = range.start; r0 < range.to; r0 += range.rowBlock) {
    const r1 = Math.min(range.to, r0 + range.rowBlock)
    const span = r1 - r0
    const dots = int8.dotRows(r0, r1)
    for (let j = 0; j < count; j++) {
      if (unbounded[j]) continue
      const { scale, normBound, residualBound } = queries[j] as QuantizedQuery
      const heap = lower[j] as TopK
      const list = candidates[j] as Candidates
      let threshold = heap.threshold
      const off = j * span
      for (let i = 0; i < span; i++) {
        const s = 3 * (r0 + i)
        const approx = (dots[off + i] as number) * (rowStats[s] as number) * scale
        const error = normBound * (rowStats[s + 1] as number) + residualBound * (rowStats[s + 2] as number) + absolute
        const upper = approx + error
        if (upper < threshold) continue
        const low = approx - error
        if (low >= threshold) {
          heap.push(low, i + r0 - range.from)
          threshold = heap.threshold
        }
        list.push(r0 + i, upper)
      }
    }
  }
  return ks.map((k, j) => {
    const rows = selectRescoredRows(candidates[j] as Candidates, lower[j] as TopK, unbounded[j] as boolean, range)
    if (stats) stats.rescoredRows += rows.length
    const scores = float.scoreRows(packed.subarray(j * d, (j + 1) * d), rows, rows.length)
    const top = new TopK(k)
    for (let i = 0; i < rows.length; i++) top.push(scores[i] as number, (rows[i] as number) - range.from)
    return top
  })
}
