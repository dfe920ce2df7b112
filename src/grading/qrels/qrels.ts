/**
 * Pooled relevance judgments (qrels): the row format and the rule that picks the effective judgment.
 *
 * Golden locators judge only the expected sources; every other retrieved chunk is unjudged, and counting
 * unjudged as non-relevant punishes a retriever for finding good evidence nobody labelled. Pooling labels
 * the retrieved pool's unjudged chunks with a graded judge, in an APPEND-ONLY file: a later judgment (a
 * human correcting the LLM) is a new row, so the LLM's judgment and the correction that disputes it both
 * survive, and {@link effectiveQrels} decides which one counts.
 */
import { z } from 'zod'
import type { Chunk } from '../../corpus/types.ts'

/**
 * Where a judged passage lives: a document id with an optional `[start, end)` character span (what golden
 * locators resolve to), or a chunk id with the chunker spec that produced it (what a retriever returns).
 */
export const ChunkLocatorSchema = z.union([
  z.strictObject({
    doc_id: z.string().min(1),
    span: z.tuple([z.number().int().nonnegative(), z.number().int().positive()]).optional(),
  }),
  z.strictObject({ chunk_id: z.string().min(1), chunker: z.string().min(1) }),
])
/** See {@link ChunkLocatorSchema}. */
export type ChunkLocator = z.infer<typeof ChunkLocatorSchema>

/**
 * Who made a judgment, in precedence order (highest first): `human` corrections, `provenance` (the golden
 * file's locators: free and deterministic), `llm` (a model grader), `heuristic` (the offline lexical grader,
 * an additive source beside the three the design names, so offline grades are never passed off as a model's).
 */
export const QrelsSourceSchema = z.enum(['human', 'provenance', 'llm', 'heuristic'])
/** See {@link QrelsSourceSchema}. */
export type QrelsSource = z.infer<typeof QrelsSourceSchema>

/** Precedence of each source: higher wins. */
export const QRELS_SOURCE_PRECEDENCE: Record<QrelsSource, number> = { human: 3, provenance: 2, llm: 1, heuristic: 0 }

/** One judgment: one line of the qrels file. Grades 0-3 as in TREC / UMBRELA (0 = not relevant). */
export const QrelsRowSchema = z.strictObject({
  case_id: z.string().min(1),
  chunk_locator: ChunkLocatorSchema,
  grade: z.number().int().min(0).max(3),
  source: QrelsSourceSchema,
  judge_model: z.string().optional(),
  prompt_version: z.string().optional(),
  /** The grader's one-line reason, or the human's note. */
  reason: z.string().optional(),
  /** ISO timestamp of the judgment. */
  at: z.string().min(1),
})
/** See {@link QrelsRowSchema}. */
export type QrelsRow = z.infer<typeof QrelsRowSchema>

/** A stable key for a locator: `doc:<id>@<start>-<end>` (or `doc:<id>` for a whole doc), `chunk:<chunker>:<id>`. */
export function locatorKey(locator: ChunkLocator): string {
  if ('doc_id' in locator)
    return locator.span ? `doc:${locator.doc_id}@${locator.span[0]}-${locator.span[1]}` : `doc:${locator.doc_id}`
  return `chunk:${locator.chunker}:${locator.chunk_id}`
}

/**
 * The unique key of a judgment: (query, chunk, source, judge model), i.e. `case_id`, {@link locatorKey}, `source`
 * and `judge_model` (empty when none). Example: `GC-1`, `chunk:structural:c-sso`, `llm`, `judge-large`.
 */
export function qrelsRowKey(row: QrelsRow): string {
  return [row.case_id, locatorKey(row.chunk_locator), row.source, row.judge_model ?? ''].join('\u0000')
}

/**
 * Splits rows to append into the fresh ones and the duplicates of a key already in `existing` (or earlier in
 * `incoming`). A duplicate is MERGED into the row already there (dropped, the first judgment kept): the same
 * model judging the same chunk for the same query from the same source adds nothing, and the append-only file
 * never rewrites the judgment the scores were computed with. Human rows are never duplicates: a later human row
 * is a correction, and the latest human row counts ({@link effectiveQrels}).
 */
export function splitDuplicateRows(
  existing: readonly QrelsRow[],
  incoming: readonly QrelsRow[],
): { fresh: QrelsRow[]; duplicates: QrelsRow[] } {
  const seen = new Set(existing.filter((r) => r.source !== 'human').map(qrelsRowKey))
  const fresh: QrelsRow[] = []
  const duplicates: QrelsRow[] = []
  for (const row of incoming) {
    const key = qrelsRowKey(row)
    if (row.source !== 'human' && seen.has(key)) {
      duplicates.push(row)
      continue
    }
    seen.add(key)
    fresh.push(row)
  }
  return { fresh, duplicates }
}

/** The judgment that counts for one (case, locator). */
export interface EffectiveQrel {
  caseId: string
  key: string
  locator: ChunkLocator
  grade: number
  source: QrelsSource
  /** The row it came from. */
  row: QrelsRow
}

/** Which qrels a metric ran on: `golden` (provenance keys only) or `pooled` (every judged key). */
export type QrelsMode = 'golden' | 'pooled'

/** The effective qrels per case, labelled with the mode so every metric says which it ran on. */
export interface EffectiveQrels {
  mode: QrelsMode
  /** Human-readable label for reports, e.g. `golden-only qrels (12 judgments)`. */
  label: string
  byCase: Map<string, EffectiveQrel[]>
}

/**
 * Picks, for each (case, locator), the row of the highest-precedence source (human > provenance > llm >
 * heuristic), and among rows of that source the latest by `at` (file order breaks ties: later wins).
 * With `pooled: false` only locators the golden file judged (a `provenance` row exists) are kept, with any
 * human correction of them applied; with `pooled: true` every judged locator is kept.
 * Example: rows [llm grade 0, human grade 2] for one chunk -> grade 2 (human); the llm row stays in the file.
 */
export function effectiveQrels(rows: readonly QrelsRow[], options: { pooled: boolean }): EffectiveQrels {
  const groups = new Map<string, { rows: Array<{ row: QrelsRow; index: number }> }>()
  rows.forEach((row, index) => {
    const id = `${row.case_id}\u0000${locatorKey(row.chunk_locator)}`
    const group = groups.get(id) ?? { rows: [] }
    group.rows.push({ row, index })
    groups.set(id, group)
  })
  const byCase = new Map<string, EffectiveQrel[]>()
  let count = 0
  for (const group of groups.values()) {
    if (!options.pooled && !group.rows.some((r) => r.row.source === 'provenance')) continue
    const best = group.rows.reduce((a, b) => {
      const pa = QRELS_SOURCE_PRECEDENCE[a.row.source]
      const pb = QRELS_SOURCE_PRECEDENCE[b.row.source]
      if (pa !== pb) return pb > pa ? b : a
      if (a.row.at !== b.row.at) return b.row.at > a.row.at ? b : a
      return b.index > a.index ? b : a
    })
    const row = best.row
    const list = byCase.get(row.case_id) ?? []
    list.push({
      caseId: row.case_id,
      key: locatorKey(row.chunk_locator),
      locator: row.chunk_locator,
      grade: row.grade,
      source: row.source,
      row,
    })
    byCase.set(row.case_id, list)
    count += 1
  }
  const mode: QrelsMode = options.pooled ? 'pooled' : 'golden'
  return { mode, label: `${options.pooled ? 'pooled' : 'golden-only'} qrels (${count} judgments)`, byCase }
}

/** Provenance rows for a case's golden expected sources (already resolved to document ids and spans). */
export function provenanceRows(
  caseId: string,
  expected: ReadonlyArray<{ locator: ChunkLocator; grade: number }>,
  at: string,
): QrelsRow[] {
  return expected.map((e) => ({
    case_id: caseId,
    chunk_locator: e.locator,
    grade: e.grade,
    source: 'provenance' as const,
    at,
  }))
}

/** A human correction: a new row that outranks the LLM's and the golden file's judgments of the same locator. */
export function humanJudgment(
  caseId: string,
  locator: ChunkLocator,
  grade: number,
  at: string,
  reason?: string,
): QrelsRow {
  return {
    case_id: caseId,
    chunk_locator: locator,
    grade,
    source: 'human',
    at,
    ...(reason === undefined ? {} : { reason }),
  }
}

/** True when the chunk and `[start, end)` share a non-blank character (the golden locator resolver's rule). */
function chunkOverlaps(chunk: Pick<Chunk, 'start' | 'end' | 'text'>, start: number, end: number): boolean {
  const from = Math.max(start, chunk.start)
  const to = Math.min(end, chunk.end)
  return to > from && chunk.text.slice(from - chunk.start, to - chunk.start).trim() !== ''
}

/**
 * The graded chunk ids of one case's effective qrels under the current chunking, as the retrieval metrics take
 * them (`chunkId -> grade`). A document row grades every chunk of `chunker`'s output that overlaps its span (or
 * the whole document); a chunk row grades its chunk when it was made by the same `chunker`. When rows of
 * different sources reach one chunk, the higher-precedence source decides (a human chunk row beats a golden
 * span, a golden span beats an LLM chunk row), and the highest grade among that source's rows counts.
 * Example: golden span grade 3 over chunk A, LLM row grade 1 on chunk A -> A: 3; LLM row grade 2 on B -> B: 2.
 */
export function judgedChunkGrades(
  qrels: readonly EffectiveQrel[],
  chunks: readonly Chunk[],
  chunker: string,
): Map<string, number> {
  const byDoc = new Map<string, Chunk[]>()
  for (const chunk of chunks) byDoc.set(chunk.docId, [...(byDoc.get(chunk.docId) ?? []), chunk])
  return new Map([...judgedChunkSources(qrels, byDoc, chunker)].map(([id, v]) => [id, v.grade]))
}

/**
 * {@link judgedChunkGrades} with the source that decided each chunk's grade, over chunks already grouped by
 * document (build the grouping once per run: a run calls this once per case).
 */
export function judgedChunkSources(
  qrels: readonly EffectiveQrel[],
  chunksByDoc: ReadonlyMap<string, readonly Chunk[]>,
  chunker: string,
): Map<string, { grade: number; source: QrelsSource }> {
  const best = new Map<string, { precedence: number; grade: number; source: QrelsSource }>()
  const offer = (chunkId: string, source: QrelsSource, grade: number) => {
    const precedence = QRELS_SOURCE_PRECEDENCE[source]
    const current = best.get(chunkId)
    if (!current || precedence > current.precedence || (precedence === current.precedence && grade > current.grade)) {
      best.set(chunkId, { precedence, grade, source })
    }
  }
  for (const q of qrels) {
    const loc = q.locator
    if ('doc_id' in loc) {
      for (const chunk of chunksByDoc.get(loc.doc_id) ?? []) {
        if (loc.span === undefined || chunkOverlaps(chunk, loc.span[0], loc.span[1])) offer(chunk.id, q.source, q.grade)
      }
    } else if (loc.chunker === chunker) {
      offer(loc.chunk_id, q.source, q.grade)
    }
  }
  return new Map([...best].map(([id, v]) => [id, { grade: v.grade, source: v.source }]))
}
