/**
 * What the HTML scorecard's per-case drill-down shows, and how it is built from the run's case records (the
 * reporter has them: query from the golden set, answer, cited markers, retrieved chunks with their grades,
 * judge reasons, error class) or, when only a scorecard file is at hand (`compare`), from its case summaries.
 * Pure.
 */
import type { CaseRecord } from '../../evaluation/case-record.ts'
import type { Scorecard } from './scorecard.ts'

/** One retrieved or cited chunk as the drill-down lists it. */
export interface ChunkLine {
  chunkId: string
  /** The golden grade of this chunk for the case (absent: not expected). */
  grade?: number
  score?: number
  /** The first characters of its text, when known. */
  snippet?: string
}

/** One case in the drill-down. */
export interface CaseDetail {
  caseId: string
  caseType: string
  file: string
  line: number
  query?: string
  answer?: string
  abstained?: boolean
  confidence?: number
  /** The `[n]` markers the answer cited (the record keeps markers, not the chunks behind them). */
  citedMarkers: number[]
  retrieved: ChunkLine[]
  judgeReasons?: Record<string, string>
  errorClass?: string
  error?: string
  hard: Array<{ name: string; passed: boolean; message?: string }>
  metrics: Record<string, number>
}

/** Characters of chunk text shown per line. */
export const SNIPPET_CHARS = 160

function snippet(text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS)}…` : flat
}

/**
 * Drill-down entries from case records. `queryOf` gives a case's query (from the golden set), `textOf` a
 * chunk's text; `shownDepth` retrieved chunks are listed per case (default 10).
 */
export function caseDetailsFromRecords(
  records: readonly CaseRecord[],
  queryOf: (caseId: string) => string | undefined,
  textOf: (chunkId: string) => string | undefined,
  shownDepth = 10,
): CaseDetail[] {
  return records.map((r) => {
    const grades = new Map(r.retrieval.expected.map((e) => [e.chunkId, e.grade]))
    const line = (chunkId: string, extra: Partial<ChunkLine>): ChunkLine => {
      const grade = grades.get(chunkId)
      const text = snippet(textOf(chunkId))
      return {
        chunkId,
        ...(grade !== undefined ? { grade } : {}),
        ...(text !== undefined ? { snippet: text } : {}),
        ...extra,
      }
    }
    const query = queryOf(r.caseId)
    return {
      caseId: r.caseId,
      caseType: r.caseType,
      file: r.file,
      line: r.line,
      ...(query !== undefined ? { query } : {}),
      ...(r.answer
        ? {
            answer: r.answer.text,
            abstained: r.answer.abstained,
            ...(r.answer.confidence !== undefined ? { confidence: r.answer.confidence } : {}),
          }
        : {}),
      citedMarkers: r.answer?.citedMarkers ?? [],
      retrieved: r.retrieval.retrieved.slice(0, shownDepth).map((h) => line(h.chunkId, { score: h.score })),
      ...(r.judge?.reasons ? { judgeReasons: r.judge.reasons } : {}),
      ...(r.errorClass ? { errorClass: r.errorClass } : {}),
      ...(r.error ? { error: r.error } : {}),
      hard: r.hard.map((h) => ({ name: h.name, passed: h.passed, ...(h.message ? { message: h.message } : {}) })),
      metrics: { ...r.retrieval.metrics, ...r.answerMetrics },
    }
  })
}

/** Drill-down entries from a scorecard's case summaries (no query, answer or chunks: the scorecard does not keep them). */
export function caseDetailsFromScorecard(scorecard: Scorecard): CaseDetail[] {
  return Object.entries(scorecard.cases).map(([caseId, c]) => ({
    caseId,
    caseType: c.caseType,
    file: c.file,
    line: c.line,
    citedMarkers: [],
    retrieved: [],
    ...(c.errorClass ? { errorClass: c.errorClass } : {}),
    ...(c.error ? { error: c.error } : {}),
    hard: Object.entries(c.hard).map(([name, passed]) => ({ name, passed: passed === true })),
    metrics: { ...c.retrieval, ...c.answer },
  }))
}
