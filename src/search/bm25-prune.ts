/**
 * Early termination for `Bm25Index` (`bm25.ts`): the rows that may be in a query's top k, by rarest-first
 * accumulation. Exact: once the k-th best partial score theta exceeds what all remaining terms could add to any
 * document, no untouched document can reach the top k, and only touched documents whose partial score plus that
 * sum reaches theta stay candidates (the comparisons carry a relative slack for the different summation order of
 * the partial sums). The caller rescores the candidates in query-term order. Pure: no I/O, no threads.
 */
import type { Bm25Parts } from './bm25-parts.ts'
import { type QueryTerms, accumulateTerm } from './bm25-scan.ts'
import type { TopK } from './top-k.ts'

// Relative slack of the pruning comparisons: the partial sums' float64 error is below 1e-15 relative.
const slack = 1e-9

/** The index's per-thread arrays the pruning pass works in (the accumulator is left clear). */
export interface PruneScratch {
  parts: Bm25Parts
  impacts: Float64Array | undefined
  acc: Float64Array
  touched: Int32Array
  /** A k-sized heap for the k-th best partial score. */
  heap: TopK
  stats: { scoredPostings: number }
}

/**
 * What pruning may spend before it gives up, in posting reads: a posting accumulated costs 1, a touched row
 * passed over by a check costs 1/4 (one compare), a candidate's rescoring lookup 1/2. Infinity never gives up.
 */
export type PruneBudget = number

/**
 * Rows that may be in the top k (a superset of it), ascending; a view of `touched`, valid until the next search.
 * `undefined` when the work would exceed `budget` (the accumulator is cleared first): the caller then scores the
 * query another way.
 */
export function pruneCandidates(
  s: PruneScratch,
  query: QueryTerms,
  base: number,
  k: number,
  budget: PruneBudget,
): Int32Array | undefined {
  const { postingStart, termMaxImpact } = s.parts
  const { ids, weights } = query
  const { acc, touched } = s
  const length = (j: number) => (postingStart[j + 1] as number) - (postingStart[j] as number)
  const order = ids.map((_, q) => q).sort((a, b) => length(ids[a] as number) - length(ids[b] as number))
  // rest[i]: what the terms after step i can add at most; restPostings[i]: their posting count.
  const rest = new Float64Array(order.length)
  const restPostings = new Float64Array(order.length)
  for (let i = order.length - 2; i >= 0; i--) {
    const q = order[i + 1] as number
    rest[i] = (rest[i + 1] as number) + (weights[q] as number) * (termMaxImpact[ids[q] as number] as number)
    restPostings[i] = (restPostings[i + 1] as number) + length(ids[q] as number)
  }
  // Rescoring one candidate costs a binary search per query term.
  let lookupCost = 0
  for (const j of ids) lookupCost += Math.log2(length(j) + 1) + 1
  let count = 0
  let remaining = 0
  let theta = -Infinity
  let spent = 0
  for (let step = 0; step < order.length; step++) {
    const q = order[step] as number
    const j = ids[q] as number
    spent += length(j)
    if (spent > budget) return clear(acc, touched, count)
    count = accumulateTerm(s.parts, s.impacts, j, weights[q] as number, base, acc, touched, count)
    s.stats.scoredPostings += length(j)
    remaining = rest[step] as number
    const last = step === order.length - 1
    // Stop early when no untouched row can reach theta and rescoring the rows that still can is cheaper than
    // reading the remaining postings (checking costs passes over the touched rows, so only when they are fewer).
    if (!last && (restPostings[step] as number) <= 2 * count) continue
    theta = count >= k ? kthBest(acc, touched, count, s.heap) * (1 - slack) : -Infinity
    spent += count / 4
    if (last || !(remaining < theta)) continue
    let alive = 0
    for (let i = 0; i < count; i++) if ((acc[touched[i] as number] as number) + remaining >= theta) alive++
    spent += count / 4
    if (alive * lookupCost < (restPostings[step] as number)) {
      // Rescoring the alive rows costs their lookups (a galloping step costs about half a posting read).
      if (spent + (alive * lookupCost) / 2 > budget) return clear(acc, touched, count)
      break
    }
  }
  // Compact the candidates in place (n <= i), clearing the accumulator for the next query.
  let n = 0
  for (let i = 0; i < count; i++) {
    const r = touched[i] as number
    if ((acc[r] as number) + remaining >= theta) touched[n++] = r
    acc[r] = 0
  }
  return touched.subarray(0, n)
}

function clear(acc: Float64Array, touched: Int32Array, count: number): undefined {
  for (let i = 0; i < count; i++) acc[touched[i] as number] = 0
  return undefined
}

// The k-th largest accumulated score among the first `count` touched rows.
function kthBest(acc: Float64Array, touched: Int32Array, count: number, heap: TopK): number {
  heap.reset()
  let threshold = -Infinity
  for (let i = 0; i < count; i++) {
    const s = acc[touched[i] as number] as number
    if (s <= threshold) continue
    heap.push(s, 0)
    threshold = heap.threshold
  }
  return heap.threshold
}
