/**
 * The reporter's side of the feedback file: after every run, the cases that failed a hard check, errored or
 * got an error class other than `correct` are appended as run records (see `feedback-file.ts`), so a
 * regression the run caught stays findable for `vitest-rag promote` after later runs overwrote the scorecard.
 *
 * Atomic and idempotent per run: the new text (the old bytes, untouched, then the new lines) is written to a
 * temp file (a copy of the queue, the new lines appended) and renamed over the queue, so a crash mid-write
 * leaves the old queue or the new one, never a torn line; and a case already queued for the same project and run
 * id is not queued again, so reporting a run twice (a re-run of the reporter, a merge of blob reports) appends
 * nothing the second time.
 */
import { closeSync, openSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { sha256 } from '../../shared/util/hash.ts'
import { appendFileAtomicSync } from '../../shared/util/atomic-write.ts'
import { failsCase } from '../scorecard/hard-checks.ts'
import { ERROR_CLASSES } from '../scorecard/error-classes.ts'
import { FEEDBACK_VERSION, isRunRecord, parseFeedbackLines, RunFeedbackRecordSchema } from './feedback-file.ts'
import type { RunFeedbackRecord } from './feedback-file.ts'

/** True when a case belongs in the queue: it errored, failed a hard check, or its error class is not `correct`. */
export function needsReview(record: CaseRecord): boolean {
  return (
    record.error !== undefined ||
    record.hard.some(failsCase) ||
    (record.errorClass !== undefined && record.errorClass !== 'correct')
  )
}

/** The run records of a run's cases that need review, in the order given. Pure. */
export function queuedCases(
  records: readonly CaseRecord[],
  run: { project: string; runId: string },
  at: string,
): RunFeedbackRecord[] {
  return records.filter(needsReview).map((r) => {
    const record: RunFeedbackRecord = {
      version: FEEDBACK_VERSION,
      kind: 'run',
      project: run.project,
      run_id: run.runId,
      case_id: r.caseId,
      ...(r.errorClass !== undefined ? { error_class: r.errorClass } : {}),
      failed_checks: r.hard.filter(failsCase).map((h) => h.name),
      ...(r.error !== undefined ? { error: r.error } : {}),
      answer_digest: r.answer ? `sha256:${sha256(r.answer.text)}` : null,
      sources: r.retrieval.retrieved.map((h) => h.chunkId),
      golden_file: r.file,
      line: r.line,
      case_hash: r.caseHash,
      at,
    }
    // The schema would return this same record (it trims, and these are already trimmed); it runs only to say
    // what is wrong. Parsing every record cost ~0.1 s of a 6,000-case report for records that always validate.
    return isPlainRunRecord(record) ? record : RunFeedbackRecordSchema.parse(record)
  })
}

const ERROR_CLASS_NAMES: ReadonlySet<string> = new Set(ERROR_CLASSES)

/** A non-empty string with no surrounding whitespace: what the schema's trimmed non-empty strings keep as is. */
const isTrimmed = (s: unknown): boolean => typeof s === 'string' && s !== '' && s.trim() === s

/**
 * True when {@link RunFeedbackRecordSchema} would accept `r` and return it unchanged: its required strings are
 * non-empty and trimmed, its line a positive integer, its error class a known one. Anything else goes through the
 * schema, which throws with the issue. Pure.
 */
export function isPlainRunRecord(r: RunFeedbackRecord): boolean {
  return (
    isTrimmed(r.project) &&
    isTrimmed(r.run_id) &&
    isTrimmed(r.case_id) &&
    isTrimmed(r.golden_file) &&
    isTrimmed(r.case_hash) &&
    isTrimmed(r.at) &&
    Number.isInteger(r.line) &&
    r.line > 0 &&
    (r.error_class === undefined || ERROR_CLASS_NAMES.has(r.error_class)) &&
    r.failed_checks.every(isTrimmed) &&
    (r.error === undefined || typeof r.error === 'string') &&
    (r.answer_digest === null || typeof r.answer_digest === 'string') &&
    r.sources.every((x) => typeof x === 'string')
  )
}

/** What one append did: lines appended, and cases of this run that were already queued (not appended again). */
export interface QueueAppend {
  appended: number
  alreadyQueued: number
}

/**
 * What the append adds after the queue's old bytes (kept untouched): a newline when they lacked their last one
 * (`endsClean` false: neither empty nor ending with a newline), then the new lines; nothing when there are none.
 * Pure.
 */
export function queueSuffix(endsClean: boolean, lines: readonly string[]): string {
  if (lines.length === 0) return ''
  return `${endsClean ? '' : '\n'}${lines.join('\n')}\n`
}

/** Queue lines appended per piece. */
const LINES_PER_PIECE = 512

/** {@link queueSuffix} of the records' JSON lines, a batch of lines at a time (the pieces concatenate to it). */
function* suffixPieces(endsClean: boolean, records: readonly RunFeedbackRecord[]): Generator<string> {
  for (let start = 0; start < records.length; start += LINES_PER_PIECE)
    yield queueSuffix(
      start === 0 ? endsClean : true,
      records.slice(start, start + LINES_PER_PIECE).map((c) => JSON.stringify(c)),
    )
}

/** Bytes of the queue read at a time by {@link scanQueue}. */
const SCAN_BYTES = 1 << 20

/**
 * Reads the queue at `path` a piece at a time and keeps only {@link linesThatMayName} of each: the queue grows
 * by every run, and reading it whole held all of it as one string (the report's memory peak after a few
 * thousand-case runs). `endsClean`: the file is missing, empty or ends with a newline.
 */
export function scanQueue(path: string, runId: string): { mayName: string; endsClean: boolean } {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { mayName: '', endsClean: true }
    throw error
  }
  const decoder = new StringDecoder('utf8')
  const buffer = Buffer.allocUnsafe(SCAN_BYTES)
  const found: string[] = []
  let carry = ''
  try {
    for (let n = readSync(fd, buffer, 0, SCAN_BYTES, null); n > 0; n = readSync(fd, buffer, 0, SCAN_BYTES, null)) {
      const text = carry + decoder.write(buffer.subarray(0, n))
      const end = text.lastIndexOf('\n')
      if (end >= 0) found.push(linesThatMayName(text.slice(0, end), runId))
      carry = end >= 0 ? text.slice(end + 1) : text
    }
    carry += decoder.end()
  } finally {
    closeSync(fd)
  }
  found.push(linesThatMayName(carry, runId))
  return { mayName: found.filter((t) => t !== '').join('\n'), endsClean: carry === '' }
}

/**
 * The lines of `text` that may hold a record of run `runId`, joined: those holding its id as written, and those
 * with an escape (a backslash), which may spell the id another way. Why: the queue only grows, every run
 * appends its cases that need review, and only this run's records matter to the append; validating the whole
 * queue (6,000 lines a run on a large golden set) cost the report more than writing the scorecard. Pure.
 * Example: ("{run_id:A}\n{run_id:B}", "B") -> "{run_id:B}".
 */
export function linesThatMayName(text: string, runId: string): string {
  if (!text.includes(runId) && !text.includes('\\')) return ''
  return text
    .split('\n')
    .filter((line) => line.includes(runId) || line.includes('\\'))
    .join('\n')
}

/**
 * Appends the run's cases that need review to the queue at `path` (see the file comment). Lines of the
 * existing queue that do not parse are kept as they are and ignored here (`feedback`/`promote` report them).
 */
export function appendRunToQueue(
  path: string,
  records: readonly CaseRecord[],
  run: { project: string; runId: string },
  at: string = new Date().toISOString(),
): QueueAppend {
  const before = scanQueue(path, run.runId)
  const queued = new Set(
    parseFeedbackLines(before.mayName, path)
      .lines.filter(isRunRecord)
      .filter((l) => l.run_id === run.runId && l.project === run.project)
      .map((l) => l.case_id),
  )
  const candidates = queuedCases(records, run, at)
  const fresh = candidates.filter((c) => !queued.has(c.case_id))
  // The old bytes are copied by the file system, never read whole: the queue only grows. The new lines go in
  // batches, so a 6,000-case run never holds all its lines, their joined text and its UTF-8 copy at once.
  if (fresh.length > 0) appendFileAtomicSync(path, suffixPieces(before.endsClean, fresh))
  return { appended: fresh.length, alreadyQueued: candidates.length - fresh.length }
}
