/**
 * The feedback file: an APPEND-ONLY JSON Lines log with two kinds of record. A run record (`"kind": "run"`) is
 * what the reporter queues for each failed or error-classed case of a run: the run and case, the error class,
 * the failed hard checks, a digest of the answer, the sources the system returned and the golden file and line,
 * so a reviewer can find it after later runs overwrote the scorecard. A review record names the run and case
 * it is about, the error class the reviewer assigns, the corrected assertions, who reviewed it and why;
 * `promote` appends the review linked to the draft golden case it wrote. Lines are never rewritten: a later
 * review of the same case is a new line. The reporter (floor 10) and the lab's `promote` both read and write
 * it, so the format lives here, below both.
 */
import { z } from 'zod'
import type { Problem } from '../../shared/problems/problems.ts'
import { parseJsonlRecords } from '../../shared/problems/jsonl.ts'
import { ExpectedSourceSchema, WeightedLiteralSchema, CaseTypeSchema } from '../../cases/schema.ts'
import { ERROR_CLASSES } from '../scorecard/error-classes.ts'

/** Version of the feedback record shapes. */
export const FEEDBACK_VERSION = 1

/** Default feedback file of reviews, relative to the project root (commit it beside the golden set). */
export const DEFAULT_FEEDBACK_PATH = 'golden/feedback.jsonl'

const nonEmpty = z.string().trim().min(1)
const errorClass = z.enum(ERROR_CLASSES as [string, ...string[]])

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

/** One review record (one line). `promoted` is set on the record `promote` appends. */
export const FeedbackRecordSchema = z.strictObject({
  version: z.literal(FEEDBACK_VERSION),
  /** The run reviewed: its scorecard's `startedAt`. */
  run_id: nonEmpty,
  case_id: nonEmpty,
  error_class: errorClass,
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

/**
 * One queued case of a run (one line), written by the reporter: a case that failed a hard check, errored, or
 * got an error class other than `correct`. Example:
 * `{"version":1,"kind":"run","project":"evals","run_id":"2026-12-01T02:09:28.123Z","case_id":"GC-7","error_class":"retrieval_miss",
 * "failed_checks":["toHaveNoFabricatedCitations"],"answer_digest":"sha256:9f2c...","sources":["billing/seats#0"],
 * "golden_file":"golden/support.golden.jsonl","line":7,"case_hash":"4be1...","at":"2026-12-01T02:10:02.000Z"}`.
 */
export const RunFeedbackRecordSchema = z.strictObject({
  version: z.literal(FEEDBACK_VERSION),
  kind: z.literal('run'),
  /** The Vitest project that ran it (projects may share a queue file). */
  project: nonEmpty,
  /** The run: its scorecard's `startedAt`. */
  run_id: nonEmpty,
  case_id: nonEmpty,
  /** The case's error class; absent when the case errored before it could be classified. */
  error_class: errorClass.optional(),
  /** The hard checks it failed (known failures that still fail are not counted: they are expected). */
  failed_checks: z.array(nonEmpty),
  /** The error that stopped the case, when it errored. */
  error: z.string().optional(),
  /** `sha256:<hex>` of the answer text; null when there was no answer (retrieval mode, or an error). */
  answer_digest: z.string().nullable(),
  /** The sources the system returned, in rank order (harness chunk ids; the system's reference when unresolved). */
  sources: z.array(z.string()),
  /** The golden file (relative to the project root) and 1-based line of the case. */
  golden_file: nonEmpty,
  line: z.number().int().positive(),
  /** The case's content hash: a later edit of the case shows as a different hash. */
  case_hash: nonEmpty,
  /** ISO time the run was reported. */
  at: nonEmpty,
})
/** See {@link RunFeedbackRecordSchema}. */
export type RunFeedbackRecord = z.infer<typeof RunFeedbackRecordSchema>

/** Any line of the feedback file or queue: a queued case of a run, or a review. */
export const FeedbackLineSchema = z.union([RunFeedbackRecordSchema, FeedbackRecordSchema])
/** See {@link FeedbackLineSchema}. */
export type FeedbackLine = z.infer<typeof FeedbackLineSchema>

/** True for a queued case of a run (written by the reporter), false for a review. */
export function isRunRecord(line: FeedbackLine): line is RunFeedbackRecord {
  return 'kind' in line && line.kind === 'run'
}

/** Parses feedback text: valid lines of both kinds in file order and every problem with its line. */
export function parseFeedbackLines(text: string, file: string): { lines: FeedbackLine[]; problems: Problem[] } {
  const { records, problems } = parseJsonlRecords(text, file, FeedbackLineSchema)
  return { lines: records.map((r) => r.value), problems }
}

/** Parses feedback text: the reviews in file order (queued run records skipped) and every problem with its line. */
export function parseFeedback(text: string, file: string): { records: FeedbackRecord[]; problems: Problem[] } {
  const { lines, problems } = parseFeedbackLines(text, file)
  return { records: lines.filter((l): l is FeedbackRecord => !isRunRecord(l)), problems }
}

/** One review as its line (validated first, so a bad record never reaches the file). */
export function renderFeedbackLine(record: FeedbackRecord): string {
  return JSON.stringify(FeedbackRecordSchema.parse(record))
}
