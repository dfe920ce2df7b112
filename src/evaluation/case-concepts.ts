/**
 * The concept metrics of a case (`concepts` in the golden case): required-concept recall and irrelevant-concept
 * intrusion in the retrieved context and in the answer. The retrieved context is the text of the top
 * {@link EVIDENCE_DEPTH} retrieved items, the same window the error classifier reads: each item's own text when
 * the system sent it, else the corpus text it resolves to (an item that resolves to nothing adds nothing).
 */
import type { ModuleCase } from '../cases/prepared-case.ts'
import type { PreparedCorpus } from '../corpus/prepare-corpus.ts'
import { answerConceptMetrics, contextConceptMetrics } from '../grading/metrics/concepts.ts'
import type { ResolvedOutput } from '../system/resolved-output.ts'
import { EVIDENCE_DEPTH } from './case-answer.ts'
import { sourceText } from './case-sources.ts'

/** The retrieved context a case's concepts are looked for in: the top {@link EVIDENCE_DEPTH} items' texts. */
export function retrievedContext(prepared: PreparedCorpus, resolved: ResolvedOutput): string {
  return resolved.output.retrieved
    .slice(0, EVIDENCE_DEPTH)
    .map((item, i) => item.text ?? sourceText(prepared, resolved.retrieved[i]) ?? '')
    .join('\n\n')
}

/**
 * The case's concept metrics: `context` for the retrieval metrics (when retrieval is scored), `answer` for the
 * answer metrics (when the system answered). Both empty for a case without concepts.
 */
export function caseConceptMetrics(
  prepared: PreparedCorpus,
  resolved: ResolvedOutput,
  moduleCase: ModuleCase,
): { context: Record<string, number>; answer: Record<string, number> } {
  const concepts = moduleCase.case.concepts ?? []
  if (concepts.length === 0) return { context: {}, answer: {} }
  const { answer } = resolved.output
  return {
    context: contextConceptMetrics(concepts, retrievedContext(prepared, resolved)),
    answer: answer === undefined ? {} : answerConceptMetrics(concepts, answer),
  }
}
