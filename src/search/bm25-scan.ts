/**
 * The posting loops of `Bm25Index` (`bm25.ts`): accumulating a term's postings, the dense pass for small tenants,
 * and rescoring candidate rows. Each loop reads the precomputed posting impacts when the index has them
 * (`postingImpacts`) and computes `bm25Impact` per posting otherwise: the same float64 value either way, added in
 * the same order, so every path's scores are bit-identical. Pure: no I/O, no threads.
 */
import { type Bm25Parts, bm25Impact } from './bm25-parts.ts'
import type { TopK } from './top-k.ts'

/** A query's distinct known terms in first-occurrence order (the scoring order): term ids and query frequencies. */
export interface QueryTerms {
  ids: number[]
  weights: number[]
}

/**
 * Adds term `j`'s postings (times `w`) into `acc`, appending rows seen for the first time (accumulator 0; every
 * impact is > 0) to `touched` from `count` on. Returns the new count.
 */
export function accumulateTerm(
  parts: Bm25Parts,
  impacts: Float64Array | undefined,
  j: number,
  w: number,
  base: number,
  acc: Float64Array,
  touched: Int32Array,
  count: number,
): number {
  const { postingStart, postingRows, postingTfs, termIdf, docNorm, params } = parts
  const end = postingStart[j + 1] as number
  if (impacts) {
    for (let p = postingStart[j] as number; p < end; p++) {
      const r = postingRows[p] as number
      const before = acc[r] as number
      if (before === 0) touched[count++] = r
      acc[r] = before + w * (impacts[p] as number)
    }
    return count
  }
  const idf = termIdf[j] as number
  const k1 = params.k1
  for (let p = postingStart[j] as number; p < end; p++) {
    const r = postingRows[p] as number
    const before = acc[r] as number
    if (before === 0) touched[count++] = r
    acc[r] = before + w * bm25Impact(idf, postingTfs[p] as number, docNorm[base + r] as number, k1)
  }
  return count
}

/**
 * The dense pass, for a query whose postings cover a good share of the tenant's `rowCount` rows (Cranfield's
 * common-word queries): every posting added with no first-touch test, then one ascending scan of the rows into
 * `heap` and one fill clears the accumulator. The sums are the plain pass's (same terms, same order, starting
 * from 0), and scanning rows ascending with a strict `>` keeps the lower row on a tie, as the heap does.
 */
export function denseTopK(
  parts: Bm25Parts,
  impacts: Float64Array,
  query: QueryTerms,
  rowCount: number,
  acc: Float64Array,
  heap: TopK,
): void {
  const { postingStart, postingRows } = parts
  const { ids, weights } = query
  for (let q = 0; q < ids.length; q++) {
    const j = ids[q] as number
    const w = weights[q] as number
    const end = postingStart[j + 1] as number
    for (let p = postingStart[j] as number; p < end; p++) {
      const r = postingRows[p] as number
      acc[r] = (acc[r] as number) + w * (impacts[p] as number)
    }
  }
  // Scores are > 0 where a term matched; 0 elsewhere is never kept.
  let threshold = 0
  for (let r = 0; r < rowCount; r++) {
    const s = acc[r] as number
    if (s > threshold) {
      heap.push(s, r)
      threshold = Math.max(0, heap.threshold)
    }
  }
  acc.fill(0, 0, rowCount)
}

/**
 * The first index in the ascending `rows[lo, end)` whose row is >= `row` (`end` when none): gallops from `lo`
 * (doubling steps), then binary-searches the last step, so walking ascending targets costs O(log gap) each.
 */
export function seekRow(rows: Int32Array, lo: number, end: number, row: number): number {
  if (lo >= end || (rows[lo] as number) >= row) return lo
  let step = 1
  let hi = lo + 1
  while (hi < end && (rows[hi] as number) < row) {
    lo = hi
    step *= 2
    hi = lo + step
  }
  hi = Math.min(hi, end)
  // rows[lo] < row, and rows[hi] >= row or hi = end.
  lo++
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((rows[mid] as number) < row) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The exact scores of the ascending tenant rows `rows`, into `out[0, rows.length)`: query terms in order (so each
 * sum is built in the plain pass's order), each term's postings walked once alongside the rows by galloping.
 */
export function rescoreRows(
  parts: Bm25Parts,
  impacts: Float64Array | undefined,
  query: QueryTerms,
  base: number,
  rows: Int32Array,
  out: Float64Array,
): void {
  const { postingStart, postingRows, postingTfs, termIdf, docNorm, params } = parts
  const n = rows.length
  out.fill(0, 0, n)
  for (let q = 0; q < query.ids.length; q++) {
    const j = query.ids[q] as number
    const w = query.weights[q] as number
    const idf = termIdf[j] as number
    const end = postingStart[j + 1] as number
    let p = postingStart[j] as number
    for (let i = 0; i < n && p < end; i++) {
      const row = rows[i] as number
      p = seekRow(postingRows, p, end, row)
      if (p < end && postingRows[p] === row) {
        const impact = impacts
          ? (impacts[p] as number)
          : bm25Impact(idf, postingTfs[p] as number, docNorm[base + row] as number, params.k1)
        out[i] = (out[i] as number) + w * impact
        p++
      }
    }
  }
}
