/**
 * The grades a run scores one case's retrieval with when a pooled qrels file is configured: the golden file's
 * locators (provenance) plus the file's rows for that case, resolved to chunk ids with the usual precedence
 * (human > provenance > llm > heuristic), so pooled grades fill in where the golden set has none and a human
 * grade always wins. Each chunk's grade carries the source that decided it, for the scorecard. Pure.
 */
import type { Chunk } from '../../corpus/types.ts'
import { effectiveQrels, judgedChunkSources, provenanceRows, type QrelsRow, type QrelsSource } from './qrels.ts'

/** One case's judged chunks (`chunkId -> grade`) and how many came from each source. */
export interface PooledCaseGrades {
  grades: Map<string, number>
  /** Judged chunks per deciding source (grade 0 judgments included). */
  sources: Partial<Record<QrelsSource, number>>
}

/**
 * Grades of one case. `spans`: the case's resolved golden spans; `rows`: the qrels file's rows for this case.
 * Example: golden span over chunk A (grade 3), LLM row grade 2 on chunk B, human row grade 0 on chunk A ->
 * A: 0 (human), B: 2 (llm); sources { human: 1, llm: 1 }.
 */
export function pooledCaseGrades(
  caseId: string,
  spans: ReadonlyArray<{ docId: string; start: number; end: number; grade: number }>,
  rows: readonly QrelsRow[],
  chunksByDoc: ReadonlyMap<string, readonly Chunk[]>,
  chunker: string,
): PooledCaseGrades {
  const golden = provenanceRows(
    caseId,
    spans.map((s) => ({ locator: { doc_id: s.docId, span: [s.start, s.end] as [number, number] }, grade: s.grade })),
    '',
  )
  const effective =
    effectiveQrels([...golden, ...rows.filter((r) => r.case_id === caseId)], { pooled: true }).byCase.get(caseId) ?? []
  const grades = new Map<string, number>()
  const sources: PooledCaseGrades['sources'] = {}
  for (const [chunkId, { grade, source }] of judgedChunkSources(effective, chunksByDoc, chunker)) {
    grades.set(chunkId, grade)
    sources[source] = (sources[source] ?? 0) + 1
  }
  return { grades, sources }
}
