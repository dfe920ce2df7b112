/**
 * Feedback and promotion: recording a reviewed mistake of one run's case, and turning it into a DRAFT golden
 * case. `promote` appends the draft to the drafts golden file and the linked record to the feedback file in
 * one atomic step ({@link writeFilesTogether}): if either write fails, neither lands. Both check first that
 * the run (its scorecard) and the case (in that run and in its golden file) exist.
 */
import { relative, resolve, sep } from 'node:path'
import { formatProblems } from '../../shared/problems/problems.ts'
import { problemsFromZod } from '../../shared/problems/zod-problems.ts'
import { GoldenCaseSchema } from '../../cases/schema.ts'
import { readScorecardFile } from '../../report/files/scorecard-file.ts'
import { writeFileAtomic } from '../../shared/util/atomic-write.ts'
import { readTextIfExists } from '../../shared/util/read-if-exists.ts'
import { appendLines, nodeFileOps, writeFilesTogether, type FileOps } from './atomic-pair.ts'
import { FeedbackError } from './errors.ts'
import {
  FEEDBACK_VERSION,
  isRunRecord,
  parseFeedbackLines,
  type RunFeedbackRecord,
  parseFeedback,
  renderFeedbackLine,
  type CorrectedAssertions,
  type FeedbackRecord,
} from '../../report/files/feedback-file.ts'

/** A reviewed correction of one case of one run. */
export interface Review {
  runId: string
  caseId: string
  errorClass: FeedbackRecord['error_class']
  corrected: CorrectedAssertions
  reviewer: string
  note: string
  /** ISO time; default now. */
  at?: string
}

/** Where the files are: all absolute. */
export interface FeedbackPaths {
  /** Project root: golden file names in the scorecard are relative to it. */
  root: string
  scorecard: string
  feedback: string
  /** The golden file drafts are appended to (e.g. `golden/drafts.golden.jsonl`). */
  drafts: string
  /**
   * The feedback queue the reporter appends to (config `feedbackQueue`). A case queued there for the run is
   * found through its run record, so an older run can be reviewed after later runs overwrote the scorecard.
   */
  queue?: string
}

/** The first line of a new drafts file. */
export const DRAFTS_HEADER =
  '// Draft golden cases from `vitest-rag promote`: validated, never run or gated until "status" is set to "active".'

interface CheckedCase {
  record: FeedbackRecord
  original: Record<string, unknown>
  feedbackBefore: string | undefined
}

function caseIdOf(line: string): unknown {
  try {
    return (JSON.parse(line) as { case_id?: unknown }).case_id
  } catch {
    return undefined // a comment or a broken line: not this case
  }
}

/** The case's run record in the queue, when the reporter queued it for this run. */
async function queuedRecord(review: Review, queue: string | undefined): Promise<RunFeedbackRecord | undefined> {
  const text = queue === undefined ? undefined : await readTextIfExists(queue)
  if (text === undefined) return undefined
  return parseFeedbackLines(text, queue ?? '')
    .lines.filter(isRunRecord)
    .find((l) => l.run_id === review.runId && l.case_id === review.caseId)
}

/** The golden file (relative to the root) the reviewed case ran from: its queued run record's, else the scorecard's. */
async function goldenFileOf(review: Review, paths: FeedbackPaths): Promise<string> {
  const queued = await queuedRecord(review, paths.queue)
  if (queued) return queued.golden_file
  const scorecard = await readScorecardFile(paths.scorecard)
  const queue = paths.queue === undefined ? '' : `; nor is the case queued for it in ${paths.queue}`
  if (scorecard.startedAt !== review.runId) {
    throw new FeedbackError(
      `run "${review.runId}" not found: ${paths.scorecard} holds run "${scorecard.startedAt}"${queue} (fix: pass --run ${scorecard.startedAt}, or --scorecard with that run's scorecard)`,
    )
  }
  const entry = scorecard.cases[review.caseId]
  if (!entry)
    throw new FeedbackError(
      `case "${review.caseId}" is not in run "${review.runId}" (${Object.keys(scorecard.cases).length} cases in ${paths.scorecard}); check the case id`,
    )
  return entry.file
}

async function checkReview(review: Review, paths: FeedbackPaths): Promise<CheckedCase> {
  const file = await goldenFileOf(review, paths)
  const goldenPath = resolve(paths.root, file)
  const text = await readTextIfExists(goldenPath)
  const lines = text?.split(/\r?\n/) ?? []
  const at = lines.findIndex((l) => l.includes(`"${review.caseId}"`) && caseIdOf(l) === review.caseId)
  if (at < 0)
    throw new FeedbackError(
      `case "${review.caseId}" ran in "${review.runId}" but is no longer in ${file} (fix: review it against the current golden set)`,
    )
  const feedbackBefore = await readTextIfExists(paths.feedback)
  const existing = parseFeedback(feedbackBefore ?? '', paths.feedback)
  if (existing.problems.length > 0)
    throw new FeedbackError(
      `${paths.feedback} has ${existing.problems.length} bad line(s); fix them before appending:\n${formatProblems(existing.problems)}`,
    )
  const record: FeedbackRecord = {
    version: FEEDBACK_VERSION,
    run_id: review.runId,
    case_id: review.caseId,
    error_class: review.errorClass,
    corrected: review.corrected,
    reviewer: review.reviewer,
    note: review.note,
    at: review.at ?? new Date().toISOString(),
  }
  return { record, original: JSON.parse(lines[at] ?? '{}') as Record<string, unknown>, feedbackBefore }
}

/** Appends a feedback record for a reviewed case (no draft). Returns the record. */
export async function recordFeedback(review: Review, paths: FeedbackPaths): Promise<FeedbackRecord> {
  const { record, feedbackBefore } = await checkReview(review, paths)
  await writeFileAtomic(paths.feedback, appendLines(feedbackBefore, [renderFeedbackLine(record)]))
  return record
}

function nextDraftId(caseId: string, draftsText: string): string {
  for (let n = 1; ; n++) {
    const id = `${caseId}-fb${n}`
    if (!draftsText.includes(`"case_id":"${id}"`)) return id
  }
}

/**
 * Promotes a review: a draft case (the original golden case with the corrected assertions, a new id
 * `<case>-fb<n>` and `"status": "draft"`) appended to the drafts file, and the feedback record linked to it
 * appended to the feedback file, together or not at all. The draft is validated before anything is written.
 */
export async function promoteReview(
  review: Review,
  paths: FeedbackPaths,
  ops: FileOps = nodeFileOps,
): Promise<{ draft: Record<string, unknown>; record: FeedbackRecord }> {
  const { record, original, feedbackBefore } = await checkReview(review, paths)
  const draftsBefore = await readTextIfExists(paths.drafts)
  const draftId = nextDraftId(review.caseId, draftsBefore ?? '')
  const note = `promoted from ${review.caseId} (run ${review.runId}, ${review.errorClass}) by ${review.reviewer}${review.note ? `: ${review.note}` : ''}`
  const draft = { ...original, ...review.corrected, case_id: draftId, status: 'draft', notes: note }
  const parsed = GoldenCaseSchema.safeParse(draft)
  if (!parsed.success) {
    throw new FeedbackError(
      `the corrected case is not a valid golden case; nothing was written:\n${formatProblems(problemsFromZod(parsed.error.issues, draft, GoldenCaseSchema, paths.drafts))}`,
    )
  }
  const linked: FeedbackRecord = {
    ...record,
    promoted: { file: relative(paths.root, paths.drafts).split(sep).join('/'), case_id: draftId },
  }
  await writeFilesTogether(
    [
      { path: paths.drafts, data: appendLines(draftsBefore, [JSON.stringify(draft)], DRAFTS_HEADER) },
      { path: paths.feedback, data: appendLines(feedbackBefore, [renderFeedbackLine(linked)]) },
    ],
    ops,
  )
  return { draft, record: linked }
}
