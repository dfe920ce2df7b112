/**
 * The judging rubric: named criteria with anchored 0 / 0.5 / 1 scores, the CRAG grade, and the verdict
 * schema a model judge must return. Both judges (heuristic and model) score against these anchors.
 */
import { z } from 'zod'
import { CRAG_GRADE_SCORES, CRAG_GRADES, type CragGrade } from '../metrics/crag.ts'

/** The score scale: 0 (fails), 0.5 (partly), 1 (fully). */
export const RUBRIC_SCORES = [0, 0.5, 1] as const
/** One rubric score. */
export type RubricScore = (typeof RUBRIC_SCORES)[number]

/** Criterion names as they appear in verdicts, labels files and calibration records. */
export type CriterionName = 'faithfulness' | 'citation_accuracy' | 'answer_relevance'

/** A criterion: what it measures and what each score means. */
export interface Criterion {
  name: CriterionName
  /** The question the judge answers. */
  question: string
  anchors: Record<'0' | '0.5' | '1', string>
  /** Special rules that override the anchors. */
  rules: string[]
}

/**
 * FAITHFULNESS: every claim is traceable to the CONTEXT, judged against the context only, never against
 * the judge's own knowledge (a true fact absent from the context is unfaithful).
 */
export const FAITHFULNESS: Criterion = {
  name: 'faithfulness',
  question: 'Is every claim in the ANSWER supported by the CONTEXT sources (and only by them)?',
  anchors: {
    '1': 'Every claim is stated in, or directly follows from, the context.',
    '0.5': 'The main claim is supported, but a secondary detail is not in the context.',
    '0': 'The main claim is missing from or contradicted by the context (a name, number or identifier the context does not hold counts).',
  },
  rules: [
    'Judge against the CONTEXT only. Do not use your own knowledge: a true fact that the context does not state is unsupported.',
    'If sources conflict and the answer follows the NEWER source AND states that the older source disagrees, that is full marks (1).',
    'An answer that declines to answer makes no claims: score 1 (relevance judges whether declining was right).',
  ],
}

/** CITATION_ACCURACY: each `[n]` supports the claim it is attached to; a claim with no marker counts against. */
export const CITATION_ACCURACY: Criterion = {
  name: 'citation_accuracy',
  question: 'Does each [n] marker point at a source that supports the claim it is attached to?',
  anchors: {
    '1': 'Every factual claim carries a marker, and every marker supports its claim.',
    '0.5': 'Most claims are correctly cited, but one claim lacks a marker or cites a source that does not support it.',
    '0': 'Most claims are uncited or wrongly cited, or a marker points at a source that was not shown.',
  },
  rules: [
    'A claim with no marker counts against the answer.',
    'A marker number with no source in the CONTEXT is a fabricated citation.',
    'An answer that declines to answer makes no claims: score 1.',
  ],
}

/** ANSWER_RELEVANCE: the answer addresses the question; an abstention is relevant only when it is right. */
export const ANSWER_RELEVANCE: Criterion = {
  name: 'answer_relevance',
  question: 'Does the ANSWER address the QUESTION that was asked?',
  anchors: {
    '1': 'It answers the question directly, or it abstains and the context genuinely lacks the answer.',
    '0.5': 'It answers part of the question, or mostly talks around it.',
    '0': 'It does not address the question, or it abstains although the context holds the answer.',
  },
  rules: [
    'An abstention ("I don\'t know", "the context does not say") scores 1 when the context genuinely lacks the answer and 0 when it does not.',
  ],
}

/** The three scored criteria, in prompt order. */
export const CRITERIA: readonly Criterion[] = [FAITHFULNESS, CITATION_ACCURACY, ANSWER_RELEVANCE]

/** CRAG grades (Yang et al., 2024): perfect (+1), acceptable (+0.5), missing (0), incorrect (-1). */
export const CragGradeSchema = z.enum(CRAG_GRADES)
/** One CRAG grade. */
export type { CragGrade } from '../metrics/crag.ts'

/** What each CRAG grade means, for the prompt. */
export const CRAG_ANCHORS: Record<CragGrade, string> = {
  perfect:
    'Correctly answers the question with no hallucinated content (or correctly abstains when the context lacks the answer).',
  acceptable: 'A useful answer with minor errors that do not harm its usefulness.',
  missing: 'No answer: "I don\'t know" or similar, although an answer was available.',
  incorrect: 'Wrong or irrelevant information, or an answer where it should have abstained.',
}

/** CRAG truthfulness score of a grade (the table in `src/grading/metrics/crag.ts`; this name stays for one release). */
export const CRAG_SCORE: Readonly<Record<CragGrade, number>> = CRAG_GRADE_SCORES

/** A rubric score as a model writes it: 0, 0.5 or 1 (numbers or numeric strings). */
export const RubricScoreSchema = z.union([z.literal(0), z.literal(0.5), z.literal(1)])

const ScoredCriterionSchema = z.object({
  score: z.coerce.number().pipe(RubricScoreSchema),
  reason: z.string().min(1).max(600),
})

/**
 * The verdict a model judge returns, as JSON. A short reason per criterion; `claims` is optional (a model
 * may list the claims it checked, with the markers that support each).
 */
export const VerdictSchema = z.object({
  faithfulness: ScoredCriterionSchema,
  citation_accuracy: ScoredCriterionSchema,
  answer_relevance: ScoredCriterionSchema,
  crag: z.object({ grade: CragGradeSchema, reason: z.string().min(1).max(600) }),
  claims: z
    .array(
      z.object({
        text: z.string(),
        markers: z.array(z.number().int()).default([]),
        supporting_markers: z.array(z.number().int()).default([]),
        supported: z.boolean(),
      }),
    )
    .default([]),
})
/** A parsed model verdict. */
export type Verdict = z.infer<typeof VerdictSchema>

/** The rubric as prompt text: one block per criterion with its anchors and rules, then the CRAG grades. */
export function renderRubric(criteria: readonly Criterion[] = CRITERIA): string {
  const blocks = criteria.map((c) =>
    [
      `### ${c.name.toUpperCase()}`,
      c.question,
      `- 1: ${c.anchors['1']}`,
      `- 0.5: ${c.anchors['0.5']}`,
      `- 0: ${c.anchors['0']}`,
      ...c.rules.map((r) => `RULE: ${r}`),
    ].join('\n'),
  )
  const crag = [
    '### CRAG',
    'Grade the answer against the question and the REFERENCE ANSWER:',
    ...Object.entries(CRAG_ANCHORS).map(([g, d]) => `- ${g}: ${d}`),
  ].join('\n')
  return [...blocks, crag].join('\n\n')
}
