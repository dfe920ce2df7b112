/**
 * The feedback file: an APPEND-ONLY JSON Lines log of reviewed mistakes, one record per review. A record names
 * the run and the case it is about, the error class the reviewer assigns, the corrected assertions, who
 * reviewed it and why; `promote` appends the record linked to the draft golden case it wrote. Lines are never
 * rewritten: a later review of the same case is a new line.
 */
import { z } from 'zod'
import type { Problem } from '../../shared/problems/problems.ts'
import { parseJsonlRecords } from '../../shared/problems/jsonl.ts'
import { ExpectedSourceSchema, WeightedLiteralSchema, CaseTypeSchema } from '../../cases/schema.ts'
import { ERROR_CLASSES } from '../../report/scorecard/error-classes.ts'

/** Version of the feedback record shape. */
export const FEEDBACK_VERSION = 1

/** Default feedback file, relative to the project root (commit it beside the golden set). */
export const DEFAULT_FEEDBACK_PATH = 'golden/feedback.jsonl'

const nonEmpty = z.string().trim().min(1)

/**
 * The assertions a reviewer may correct: the fields of a golden case that say what a right answer is.
 * Example: `{"must_contain": ["75 seats"], "expected_sources": [{"locator": {"kind": "changelog", "entry": "CL-9"}}]}`.
 */
export const CorrectedAssertionsSchema = z.strictObject({
  case_type: CaseTypeSchema.optional(),
  answerable: z.boolean().optional(),
  reference_answer: z.string().optional(),
  must_contain: z.array(nonEmpty).optional(),
  should_contain: z.array(WeightedLiteralSchema).optional(),
  forbidden_text: z.array(nonEmpty).optional(),
  expected_sources: z.array(ExpectedSourceSchema).optional(),
})
/** See {@link CorrectedAssertionsSchema}. */
export type CorrectedAssertions = z.infer<typeof CorrectedAssertionsSchema>

/** One feedback record (one line). `promoted` is set on the record `promote` appends. */
export const FeedbackRecordSchema = z.strictObject({
  version: z.literal(FEEDBACK_VERSION),
  /** The run reviewed: its scorecard's `startedAt`. */
  run_id: nonEmpty,
  case_id: nonEmpty,
  error_class: z.enum(ERROR_CLASSES as [string, ...string[]]),
  corrected: CorrectedAssertionsSchema,
  reviewer: nonEmpty,
  note: z.string().default(''),
  /** ISO time of the review. */
  at: nonEmpty,
  /** The draft golden case this record was promoted into. */
  promoted: z.strictObject({ file: nonEmpty, case_id: nonEmpty }).optional(),
})
/** See {@link FeedbackRecordSchema}. */
export type FeedbackRecord = z.infer<typeof FeedbackRecordSchema>

/** Parses feedback text: valid records in file order and every problem with its line. */
export function parseFeedback(text: string, file: string): { records: FeedbackRecord[]; problems: Problem[] } {
  const { records, problems } = parseJsonlRecords(text, file, FeedbackRecordSchema)
  return { records: records.map((r) => r.value), problems }
}

/** One record as its line (validated first, so a bad record never reaches the file). */
export function renderFeedbackLine(record: FeedbackRecord): string {
  return JSON.stringify(FeedbackRecordSchema.parse(record))
}
