/**
 * The ranking and qrels a case's retrieval is scored with, at the level the system gave (see
 * {@link RetrievalLevel}). Pure. An unresolved reference keeps its rank as a non-relevant id, so it costs
 * precision and pushes later hits down, as it would for any wrong result.
 */
import type { RetrievalLevel, SourceResolution } from './types.ts'

/** A ranking ready for the retrieval metrics: ids best first, graded judgments, and the level they are at. */
export interface LevelRanking {
  level: RetrievalLevel
  ranked: string[]
  judged: Map<string, number>
}

/**
 * The level of a list: `chunk` when every resolved item is a harness chunk, else `document` when any item is
 * a whole document (the coarsest unit decides), else `span`. A list with nothing resolved is `chunk`.
 * Example: [chunk, span] -> span; [chunk, document] -> document.
 */
export function levelOf(resolutions: readonly SourceResolution[]): RetrievalLevel {
  let span = false
  for (const r of resolutions) {
    if (!r.resolved) continue
    if (r.level === 'document') return 'document'
    if (r.level === 'span') span = true
  }
  return span ? 'span' : 'chunk'
}

/**
 * Document qrels: each document at the best grade of its expected chunks.
 * Example: expected {d1#a: 3, d1#b: 1, d2#c: 2} -> {d1: 3, d2: 2}.
 */
export function documentQrels(
  expected: ReadonlyArray<{ chunkId: string; grade: number }>,
  docOf: (chunkId: string) => string | undefined,
): Map<string, number> {
  const judged = new Map<string, number>()
  for (const e of expected) {
    const doc = docOf(e.chunkId)
    if (doc !== undefined) judged.set(doc, Math.max(judged.get(doc) ?? 0, e.grade))
  }
  return judged
}

/**
 * Builds the scored ranking of `resolutions` (rank order) against the case's expected chunks:
 * - `chunk`: the chunk ids;
 * - `document`: the document ids, against {@link documentQrels};
 * - `span`: each passage stands for the best-graded expected chunk whose content it covers (see
 *   `span-credit.ts`) that no earlier passage took (else its first chunk, else `<docId>@<start>-<end>`), so two
 *   passages of one section earn it once and a heading line alone earns nothing.
 * Example (span): expected {a: 3, b: 2}; passages p1 over [a, b], p2 over [a] -> ranked [a, a]: p2 gains
 * nothing (a repeat), recall@2 = 1/2.
 */
export function rankingAtLevel(
  resolutions: readonly SourceResolution[],
  expected: ReadonlyArray<{ chunkId: string; grade: number }>,
  docOf: (chunkId: string) => string | undefined,
): LevelRanking {
  const level = levelOf(resolutions)
  const chunkGrades = new Map(expected.map((e) => [e.chunkId, e.grade]))
  const missing = (rank: number) => `unresolved:${rank + 1}`
  if (level === 'document') {
    return {
      level,
      ranked: resolutions.map((r, i) => (r.resolved ? r.docId : missing(i))),
      judged: documentQrels(expected, docOf),
    }
  }
  if (level === 'chunk') {
    return {
      level,
      ranked: resolutions.map((r, i) => (r.resolved ? (r.chunkIds[0] ?? missing(i)) : missing(i))),
      judged: chunkGrades,
    }
  }
  const credited = new Set<string>()
  const ranked = resolutions.map((r, i) => {
    if (!r.resolved) return missing(i)
    const best = r.chunkIds
      .filter((id) => !credited.has(id) && (chunkGrades.get(id) ?? 0) > 0)
      .sort((a, b) => (chunkGrades.get(b) ?? 0) - (chunkGrades.get(a) ?? 0))[0]
    // A passage that covers no chunk's content stands for itself: resolved, never judged.
    if (best === undefined) return r.chunkIds[0] ?? `${r.docId}@${r.start}-${r.end}`
    credited.add(best)
    return best
  })
  return { level, ranked, judged: chunkGrades }
}
