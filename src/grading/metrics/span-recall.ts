/**
 * Span recall: how many of the expected CHARACTERS the top-k chunks cover. It grades retrieval against
 * character spans of source documents, so it survives re-chunking, where chunk-id metrics cannot.
 */
import { MetricsError } from './errors.ts'

/** A half-open character span `[start, end)` of one document's normalised text. */
export interface DocSpan {
  docId: string
  start: number
  end: number
}

function checkSpan(span: DocSpan): void {
  if (!(span.end >= span.start)) {
    throw new MetricsError(
      'VITEST_RAG_METRIC_BAD_INPUT',
      `span ${JSON.stringify(span)} ends before it starts (fix: end >= start)`,
    )
  }
}

/** Merges spans into disjoint sorted `[start, end)` intervals per document (overlaps counted once). */
export function mergeSpans(spans: readonly DocSpan[]): Map<string, Array<[number, number]>> {
  const byDoc = new Map<string, Array<[number, number]>>()
  for (const span of spans) {
    checkSpan(span)
    if (span.end === span.start) continue
    const list = byDoc.get(span.docId) ?? []
    list.push([span.start, span.end])
    byDoc.set(span.docId, list)
  }
  for (const [docId, list] of byDoc) {
    list.sort((x, y) => x[0] - y[0])
    const merged: Array<[number, number]> = []
    for (const [start, end] of list) {
      const last = merged[merged.length - 1]
      if (last && start <= last[1]) last[1] = Math.max(last[1], end)
      else merged.push([start, end])
    }
    byDoc.set(docId, merged)
  }
  return byDoc
}

function totalLength(intervals: ReadonlyArray<readonly [number, number]>): number {
  let sum = 0
  for (const [start, end] of intervals) sum += end - start
  return sum
}

/** Length of the intersection of two sorted disjoint interval lists (two-pointer sweep). */
function overlapLength(
  a: ReadonlyArray<readonly [number, number]>,
  b: ReadonlyArray<readonly [number, number]>,
): number {
  let i = 0
  let j = 0
  let sum = 0
  while (i < a.length && j < b.length) {
    const [aStart, aEnd] = a[i]!
    const [bStart, bEnd] = b[j]!
    sum += Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart))
    if (aEnd < bEnd) i++
    else j++
  }
  return sum
}

/**
 * spanRecall@k = expected characters covered by the union of the top-k chunks' spans / expected characters,
 * in [0, 1]. Overlapping chunks (and overlapping expected spans) are counted once.
 * Example: expected d[10, 20); chunks d[0, 15) and d[12, 18) -> covered [10, 18) = 8 of 10 chars -> 0.8.
 * No expected characters -> 1.0 (nothing to find, as recall@k).
 */
export function spanRecallAtK(topChunks: readonly DocSpan[], expectedSpans: readonly DocSpan[], k: number): number {
  checkK(k)
  return coveredShare(mergeSpans(expectedSpans), mergeSpans(topChunks.slice(0, k)))
}

/**
 * {@link spanRecallAtK} at each of `ks`, in order: the expected spans are merged once, and the top chunks once
 * per distinct depth (every k at or past the list's length covers the same chunks).
 * Example: expected d[10, 20); chunks d[0, 15), d[12, 18); ks [1, 2, 5] -> [0.5, 0.8, 0.8].
 */
export function spanRecallAtKs(
  topChunks: readonly DocSpan[],
  expectedSpans: readonly DocSpan[],
  ks: readonly number[],
): number[] {
  let maxDepth = 0
  for (const k of ks) {
    checkK(k)
    maxDepth = Math.max(maxDepth, Math.min(k, topChunks.length))
  }
  const expected = mergeSpans(expectedSpans)
  // Every chunk within the deepest cutoff must be a valid span (as spanRecallAtK checks), but only chunks of a
  // document with expected spans can cover anything: the rest are left out of the merges.
  const covering: Array<{ rank: number; span: DocSpan }> = []
  for (let rank = 0; rank < maxDepth; rank++) {
    const span = topChunks[rank]!
    checkSpan(span)
    if (expected.has(span.docId)) covering.push({ rank, span })
  }
  const byDepth = new Map<number, number>()
  return ks.map((k) => {
    const depth = Math.min(k, topChunks.length)
    let recall = byDepth.get(depth)
    if (recall === undefined) {
      const top = covering.flatMap((c) => (c.rank < depth ? [c.span] : []))
      byDepth.set(depth, (recall = coveredShare(expected, mergeSpans(top))))
    }
    return recall
  })
}

function checkK(k: number): void {
  if (!Number.isInteger(k) || k < 1) {
    throw new MetricsError(
      'VITEST_RAG_METRIC_BAD_K',
      `spanRecallAtK needs a whole k >= 1, got ${JSON.stringify(k)} (fix: pass e.g. 5)`,
    )
  }
}

/** Expected characters covered / expected characters (1 when nothing is expected). */
function coveredShare(
  expected: ReadonlyMap<string, ReadonlyArray<readonly [number, number]>>,
  covered: ReadonlyMap<string, ReadonlyArray<readonly [number, number]>>,
): number {
  let expectedChars = 0
  let coveredChars = 0
  for (const [docId, intervals] of expected) {
    expectedChars += totalLength(intervals)
    coveredChars += overlapLength(intervals, covered.get(docId) ?? [])
  }
  return expectedChars === 0 ? 1 : coveredChars / expectedChars
}
