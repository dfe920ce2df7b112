/**
 * The human labels file for judge calibration: JSON Lines, one labelled answer per line.
 *
 * ```json
 * {"id": "halu-001-right", "query": "...", "context": [{"text": "...", "date": "2024-01-02"}],
 *  "answer": "...", "reference_answer": "...",
 *  "labels": {"faithfulness": 1, "citation_accuracy": 0.5, "answer_relevance": 1, "crag": "perfect"},
 *  "origin": "where the row came from"}
 * ```
 * `context[i]` is shown to the judge under marker `[i + 1]`. Every label is optional; a criterion is
 * calibrated over the rows that label it. Blank lines and lines starting with `//` are skipped.
 */
import { z } from 'zod'
import { readJsonlLines } from '../../shared/problems/jsonl.ts'
import { issueProblems } from '../../shared/problems/zod-problems.ts'
import type { JudgeDataProblem } from '../../grading/judge/errors.ts'
import { CragGradeSchema, RubricScoreSchema } from '../../grading/judge/rubric.ts'
import type { JudgeInput } from '../../grading/judge/types.ts'
import type { CaseType } from '../../cases/schema.ts'

/** One labelled row. */
export const LabelRowSchema = z.strictObject({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  query: z.string(),
  context: z.array(z.strictObject({ text: z.string(), date: z.string().optional(), version: z.string().optional() })),
  answer: z.string(),
  reference_answer: z.string().optional(),
  must_contain: z.array(z.string()).optional(),
  /** Whether the system flagged the answer as an abstention; default: detected from the text. */
  abstained: z.boolean().optional(),
  labels: z.strictObject({
    faithfulness: RubricScoreSchema.optional(),
    citation_accuracy: RubricScoreSchema.optional(),
    answer_relevance: RubricScoreSchema.optional(),
    crag: CragGradeSchema.optional(),
  }),
  /** Provenance of the row (dataset, file, line, which answer). */
  origin: z.string().optional(),
})
/** One labelled row. */
export type LabelRow = z.infer<typeof LabelRowSchema>

/**
 * Parses a labels file's text. Returns every valid row and every problem (bad JSON, schema, duplicate id),
 * each with its line, so a user fixes them all at once.
 */
export function parseLabelsFile(text: string, file: string): { rows: LabelRow[]; problems: JudgeDataProblem[] } {
  const rows: LabelRow[] = []
  const problems: JudgeDataProblem[] = []
  const seen = new Map<string, number>()
  readJsonlLines(
    text,
    file,
    problems,
    (json, line) => {
      const parsed = LabelRowSchema.safeParse(json)
      if (!parsed.success) {
        problems.push(...issueProblems(parsed.error.issues, 'labels_schema', file, line))
        return
      }
      const first = seen.get(parsed.data.id)
      if (first !== undefined) {
        problems.push({
          code: 'labels_duplicate_id',
          file,
          line,
          path: 'id',
          message: `id "${parsed.data.id}" already used on line ${first}; ids must be unique`,
        })
        return
      }
      seen.set(parsed.data.id, line)
      rows.push(parsed.data)
    },
    { comments: true, invalidJsonCode: 'labels_bad_json' },
  )
  if (rows.length === 0 && problems.length === 0) {
    problems.push({
      code: 'labels_empty',
      file,
      path: '',
      message: 'the labels file has no rows; add one JSON object per line',
    })
  }
  return { rows, problems }
}

/** The judge input for a labelled row: context entries become sources `[1]..[n]`. */
export function labelRowToJudgeInput(row: LabelRow, caseType: CaseType = 'normal'): JudgeInput {
  return {
    caseId: row.id,
    query: row.query,
    answer: row.answer,
    abstained: row.abstained ?? false,
    sources: row.context.map((c, i) => ({
      marker: i + 1,
      chunkId: `${row.id}#${i + 1}`,
      tenantId: 'calibration',
      text: c.text,
      ...(c.date === undefined ? {} : { date: c.date }),
      ...(c.version === undefined ? {} : { version: c.version }),
    })),
    referenceAnswer: row.reference_answer ?? '',
    mustContain: row.must_contain ?? [],
    caseType,
  }
}
