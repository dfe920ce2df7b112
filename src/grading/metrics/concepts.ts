/**
 * Concept metrics (pure): did the retrieved context and the answer hold the entities a golden case is grounded
 * in (`concepts`, graded `required` / `acceptable` / `irrelevant`: `src/cases/concepts.ts`), and did they pull
 * in the near-miss entities they should not. A concept is found in a text when its id or any alias occurs
 * there as whole words, case- and diacritics-insensitive ({@link conceptFound}). `acceptable` concepts enter no
 * metric: they may appear, and are never required.
 */
import { foldForConceptMatch } from '../../shared/text/normalize.ts'
import { memoByText } from '../../shared/text/text-memo.ts'
import { escapeRegExp } from '../../shared/text/escape-regexp.ts'

/** A concept as the metrics read it. */
export interface ConceptTerms {
  id: string
  grade: 'required' | 'acceptable' | 'irrelevant'
  aliases?: readonly string[]
}

/** Concept metric names, by where they look. The intrusion metrics are lower-is-better (`direction.ts`). */
export const CONCEPT_METRICS = {
  contextRecall: 'concept_recall_context',
  answerRecall: 'concept_recall_answer',
  contextIntrusion: 'concept_intrusion_context',
  answerIntrusion: 'concept_intrusion_answer',
} as const

/**
 * A folded term as a whole-word pattern: not preceded or followed by a letter, digit or combining mark, so
 * `seat` is not found in `seats` and `ERR-42` is not found in `ERR-4217`. Memoised: a run matches the same
 * concept terms against every case's texts.
 */
const wholeWord = memoByText(
  (folded: string) => new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])${escapeRegExp(folded)}(?![\\p{L}\\p{N}\\p{M}])`, 'u'),
)

/**
 * Whether `concept` occurs in `text`: its id or any alias, folded as {@link foldForConceptMatch} (case, width,
 * whitespace and diacritics), as whole words. Example: concept `{ id: "Café Plan", aliases: ["CP-1"] }` is
 * found in "the cafe  plan costs $5" and in "see cp-1", not in "cafeplan" nor "CP-12".
 */
export function conceptFound(concept: ConceptTerms, text: string): boolean {
  const folded = foldForConceptMatch(text)
  return [concept.id, ...(concept.aliases ?? [])].some((term) => {
    const t = foldForConceptMatch(term)
    return t !== '' && folded.includes(t) && wholeWord(t).test(folded)
  })
}

/** Share of `concepts` of `grade` found in `text`, or undefined when the case lists none of that grade. */
function shareFound(concepts: readonly ConceptTerms[], grade: ConceptTerms['grade'], text: string): number | undefined {
  const graded = concepts.filter((c) => c.grade === grade)
  if (graded.length === 0) return undefined
  return graded.filter((c) => conceptFound(c, text)).length / graded.length
}

/**
 * The concept metrics of one text (the retrieved context, or the answer), each in [0, 1]:
 * - recall = required concepts found / required concepts listed; higher is better; absent without a required one;
 * - intrusion = irrelevant concepts found / irrelevant concepts listed; LOWER is better; absent without an
 *   irrelevant one.
 * Example: required A, B, C, irrelevant X, Y; the text holds A, C and Y -> recall 2/3 = 0.667, intrusion 1/2 = 0.5.
 * `names` picks the context or the answer pair of {@link CONCEPT_METRICS}.
 */
export function conceptMetrics(
  concepts: readonly ConceptTerms[],
  text: string,
  names: { recall: string; intrusion: string },
): Record<string, number> {
  const metrics: Record<string, number> = {}
  const recall = shareFound(concepts, 'required', text)
  if (recall !== undefined) metrics[names.recall] = recall
  const intrusion = shareFound(concepts, 'irrelevant', text)
  if (intrusion !== undefined) metrics[names.intrusion] = intrusion
  return metrics
}

/** {@link conceptMetrics} of the retrieved context: `concept_recall_context`, `concept_intrusion_context`. */
export function contextConceptMetrics(concepts: readonly ConceptTerms[], context: string): Record<string, number> {
  return conceptMetrics(concepts, context, {
    recall: CONCEPT_METRICS.contextRecall,
    intrusion: CONCEPT_METRICS.contextIntrusion,
  })
}

/** {@link conceptMetrics} of the answer: `concept_recall_answer`, `concept_intrusion_answer`. */
export function answerConceptMetrics(concepts: readonly ConceptTerms[], answer: string): Record<string, number> {
  return conceptMetrics(concepts, answer, {
    recall: CONCEPT_METRICS.answerRecall,
    intrusion: CONCEPT_METRICS.answerIntrusion,
  })
}
