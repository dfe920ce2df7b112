/**
 * Concepts of a golden case: the entities an answer must be grounded in, each graded. A concept binds the case
 * to what the pipeline must find (`required`), may find (`acceptable`) or should not pull (`irrelevant`: a
 * near-miss entity), so the runner can score "did the pipeline detect the entity this claim needs", not only
 * "did the prose look right". A `must_contain` or `should_contain` item may name the concept it depends on.
 *
 * Pure schema and rules; the metrics are `src/grading/metrics/concepts.ts`.
 */
import { z } from 'zod'
import { closestMatch } from '../shared/problems/closest.ts'

const nonEmpty = z.string().trim().min(1)

/**
 * How a concept relates to the case: `required` (the answer is wrong without it), `acceptable` (it may appear;
 * never required, never penalised), `irrelevant` (a near-miss: the retriever should not pull it and the answer
 * should not mention it).
 */
export const ConceptGradeSchema = z.enum(['required', 'acceptable', 'irrelevant'])
/** One of {@link ConceptGradeSchema}'s values. */
export type ConceptGrade = z.infer<typeof ConceptGradeSchema>

/**
 * One concept: its `id` (matched as written, e.g. `ERR-4217`), its grade, and `aliases` (other spellings, e.g.
 * `signature mismatch`). A concept is found in a text when its id or any alias occurs there as whole words,
 * case- and diacritics-insensitive (`foldForConceptMatch` in `src/shared/text/normalize.ts`).
 */
export const ConceptSchema = z.strictObject({
  id: nonEmpty,
  grade: ConceptGradeSchema,
  aliases: z.array(nonEmpty).optional(),
})
/** One concept of a golden case. */
export type Concept = z.infer<typeof ConceptSchema>

/** A `must_contain` item: a literal, or `{ text, concept }`, the literal and the id of the concept it depends on. */
export const MustContainItemSchema = z.union([nonEmpty, z.strictObject({ text: nonEmpty, concept: nonEmpty })], {
  error: 'write a literal ("8 seats") or {"text": "8 seats", "concept": "<an id from the case\'s concepts>"}',
})

/** What the concept rules read of a case, as written (before defaults). */
interface ConceptFields {
  concepts?: ReadonlyArray<{ id: string; grade: ConceptGrade }>
  must_contain: ReadonlyArray<string | { text: string; concept: string }>
  should_contain: ReadonlyArray<{ text: string; concept?: string }>
}

/** A rule failure with its field path, for the schema's `superRefine`. */
export interface ConceptIssue {
  path: PropertyKey[]
  message: string
}

/**
 * What is wrong with a case's concepts, each with its field path: a concept listed twice; a `must_contain` or
 * `should_contain` item naming a concept the case does not list (with the closest listed id as a hint); a
 * `must_contain` item depending on an `irrelevant` concept (the answer cannot need what it must not mention).
 */
export function conceptIssues(c: ConceptFields): ConceptIssue[] {
  const issues: ConceptIssue[] = []
  const grades = new Map<string, ConceptGrade>()
  ;(c.concepts ?? []).forEach(({ id, grade }, i) => {
    if (grades.has(id))
      issues.push({ path: ['concepts', i, 'id'], message: 'this concept is listed twice: keep one entry' })
    else grades.set(id, grade)
  })
  const check = (field: 'must_contain' | 'should_contain', i: number, concept: string | undefined): void => {
    if (concept === undefined) return
    const path = [field, i, 'concept']
    const grade = grades.get(concept)
    if (grade === undefined) {
      const near = closestMatch(concept, grades.keys())
      const add = `add {"id": ${JSON.stringify(concept)}, "grade": "required"} to the case's concepts`
      issues.push({
        path,
        message: `names a concept the case does not list in concepts; ${near ? `did you mean "${near}"? Or ` : ''}${add}`,
      })
    } else if (field === 'must_contain' && grade === 'irrelevant') {
      issues.push({
        path,
        message:
          'depends on an irrelevant concept, which the answer must not need: grade it required, or drop the link',
      })
    }
  }
  c.must_contain.forEach((item, i) => check('must_contain', i, typeof item === 'string' ? undefined : item.concept))
  c.should_contain.forEach((item, i) => check('should_contain', i, item.concept))
  return issues
}

/**
 * The `must_contain` literals as plain text, and the concept each depends on (literal -> concept id; absent
 * when no item names one), so every reader of `must_contain` keeps reading strings and a case without concept
 * links parses (and hashes) as before. Example: `["8 seats", {"text": "CL-9", "concept": "flight"}]` ->
 * `{ must_contain: ["8 seats", "CL-9"], must_contain_concepts: { "CL-9": "flight" } }`.
 */
export function splitMustContain(items: ReadonlyArray<string | { text: string; concept: string }>): {
  must_contain: string[]
  must_contain_concepts?: Record<string, string>
} {
  const links = items.flatMap((item) => (typeof item === 'string' ? [] : [[item.text, item.concept] as const]))
  const must_contain = items.map((item) => (typeof item === 'string' ? item : item.text))
  return links.length > 0 ? { must_contain, must_contain_concepts: Object.fromEntries(links) } : { must_contain }
}
