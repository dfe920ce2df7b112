/**
 * Step 2a of a case evaluation: the relevance grades retrieval is scored with. Without a pooled qrels file,
 * the golden file's resolved expected chunks; with one, those plus the file's grades for this case (human
 * grades winning over all), and the count of judged chunks per deciding source for the scorecard.
 */
import { pooledCaseGrades, type PooledCaseGrades } from '../grading/qrels/pooled-grades.ts'
import type { RagRuntime } from './create-runtime.ts'
import type { ModuleCase } from '../cases/prepared-case.ts'

/** The case with the grades to score against, and where they came from (absent: golden grades only). */
export function caseGrades(
  runtime: Pick<RagRuntime, 'qrels'>,
  moduleCase: ModuleCase,
): { graded: ModuleCase; sources?: PooledCaseGrades['sources'] } {
  const qrels = runtime.qrels
  if (!qrels) return { graded: moduleCase }
  const pooled = pooledCaseGrades(
    moduleCase.case.case_id,
    moduleCase.spans,
    qrels.rows,
    qrels.chunksByDoc,
    qrels.chunker,
  )
  return {
    graded: { ...moduleCase, expected: [...pooled.grades].map(([chunkId, grade]) => ({ chunkId, grade })) },
    sources: pooled.sources,
  }
}
