/**
 * Step 3c of a case evaluation (system mode, `responseRelevancy: 'model'`): RAGAS response relevancy of the
 * answer, by the runtime's scorer (see `grading/judge/response-relevancy.ts`).
 */
import type { RagRuntime } from './create-runtime.ts'
import type { ModuleCase } from '../cases/prepared-case.ts'

/**
 * `{ response_relevancy }` of one case, or `{}`: without a scorer, for an abstention or an empty answer (a
 * correct refusal is not an evasive answer, and RAGAS would score it 0 as noncommittal), and when the model's
 * reply could not be parsed (unscored, never a made-up number).
 */
export async function caseResponseRelevancy(
  runtime: RagRuntime,
  answer: string | undefined,
  abstained: boolean,
  moduleCase: ModuleCase,
): Promise<Record<string, number>> {
  const scorer = runtime.responseRelevancy
  if (!scorer || abstained || answer === undefined || answer.trim() === '') return {}
  const c = moduleCase.case
  const score = await scorer.score(c.query, answer, c.case_id)
  return score === undefined ? {} : { response_relevancy: score }
}
