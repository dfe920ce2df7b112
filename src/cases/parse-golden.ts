/**
 * Golden file parsing (pure): JSONL text in, validated cases plus EVERY problem out. Blank lines and lines
 * starting with `//` are skipped, so a golden file can carry comments.
 */
import { createHash, type Hash } from 'node:crypto'
import { canonicalJson, sha256 } from '../shared/util/hash.ts'
import { GoldenCaseSchema, type GoldenCase } from './schema.ts'
import { plainCaseCanonicalJson, plainGoldenCase } from './plain-case.ts'
import { readJsonlLines, type JsonlOptions } from '../shared/problems/jsonl.ts'
import type { Problem } from '../shared/problems/problems.ts'
import { problemsFromZod } from '../shared/problems/zod-problems.ts'
import { applyGradeScale, GradeScaleHeaderSchema, isGradeScaleHeader, type GradeScale } from './grade-scale.ts'

/** One parsed case and the 1-based line it came from. */
export interface GoldenCaseAt {
  case: GoldenCase
  line: number
  /** sha256 of the case's canonical JSON (defaults applied): a baseline entry from a changed case is not paired. */
  hash: string
}

/**
 * The result of parsing one golden file. `cases` holds every line that validated (even when other lines
 * have problems); `problems` every problem found; `hash` is the sha256 of the parsed cases (canonical JSON,
 * defaults applied), so a BOM, CRLF line ends, comments or blank lines never change it; only a case does.
 */
export interface GoldenParseResult {
  cases: GoldenCaseAt[]
  problems: Problem[]
  hash: string
}

/** Golden sets allow `//` note lines and hold one case object per line, each key once. */
const GOLDEN_JSONL: JsonlOptions = {
  comments: true,
  objects: true,
  objectFix: 'write each case as {"case_id": ..., "case_type": ..., ...} on its own line',
  duplicateKeys: true,
}

/**
 * Size limits on golden input, so a pasted log or a runaway generator fails with a clear error instead of
 * running (and holding in memory) megabytes per case. Every limit is in characters (UTF-16 code units) except
 * `maxLineBytes`; configurable as `limits` in `ragEval()`.
 */
export interface InputLimits {
  /** Longest line of a golden file, in UTF-8 bytes. Default 65,536 (64 KiB). */
  maxLineBytes: number
  /** Longest `query`. Default 4,000. */
  maxQueryChars: number
  /** Most turns in `history`. Default 50. */
  maxHistoryTurns: number
  /** Longest literal of `must_contain`, `should_contain[].text` or `forbidden_text`. Default 1,000. */
  maxLiteralChars: number
}

/** The default {@link InputLimits}. */
export const defaultInputLimits: Readonly<InputLimits> = Object.freeze({
  maxLineBytes: 65_536,
  maxQueryChars: 4_000,
  maxHistoryTurns: 50,
  maxLiteralChars: 1_000,
})

/** The one wording of a repeated case id, within a file or across files (`firstAt` is `file:line`). */
export function duplicateCaseIdProblem(file: string, line: number, id: string, firstAt: string): Problem {
  return {
    code: 'duplicate_case_id',
    file,
    line,
    path: 'case_id',
    value: id,
    message: `case_id "${id}" is already used at ${firstAt}`,
    fix: 'give one of the two cases a new case_id (case ids are stable: rename the newer one)',
  }
}

function limitProblem(
  file: string,
  line: number,
  path: string,
  message: string,
  option: keyof InputLimits,
  limit: number,
): Problem {
  return {
    code: 'input_too_large',
    file,
    line,
    path,
    message,
    fix: `shorten it, or raise limits.${option} (now ${limit}) in ragEval() if it is meant to be this large`,
  }
}

/** The limits a parsed case exceeds (query, history turns, answer literals), as problems. */
function caseLimitProblems(c: GoldenCase, file: string, line: number, limits: InputLimits): Problem[] {
  const problems: Problem[] = []
  if (c.query.length > limits.maxQueryChars) {
    problems.push(
      limitProblem(
        file,
        line,
        'query',
        `is ${c.query.length} characters, over the ${limits.maxQueryChars} limit`,
        'maxQueryChars',
        limits.maxQueryChars,
      ),
    )
  }
  if (c.history.length > limits.maxHistoryTurns) {
    problems.push(
      limitProblem(
        file,
        line,
        'history',
        `has ${c.history.length} turns, over the ${limits.maxHistoryTurns} limit`,
        'maxHistoryTurns',
        limits.maxHistoryTurns,
      ),
    )
  }
  // Checked in place (no list of every literal built per case: this runs for every case of the file).
  const checkLiteral = (field: string, index: number, suffix: string, text: string): void => {
    if (text.length > limits.maxLiteralChars) {
      problems.push(
        limitProblem(
          file,
          line,
          `${field}[${index}]${suffix}`,
          `is ${text.length} characters, over the ${limits.maxLiteralChars} limit`,
          'maxLiteralChars',
          limits.maxLiteralChars,
        ),
      )
    }
  }
  c.must_contain.forEach((t, i) => checkLiteral('must_contain', i, '', t))
  c.should_contain.forEach((l, i) => checkLiteral('should_contain', i, '.text', l.text))
  c.forbidden_text.forEach((t, i) => checkLiteral('forbidden_text', i, '', t))
  return problems
}

/**
 * Parses a golden JSONL text. `file` is the name used in problem messages (e.g. `golden/support.golden.jsonl`).
 * Reports invalid JSON (with the parser's message), every schema issue of every line, cross-field rule
 * failures, input over `limits` (a line over `maxLineBytes` is not parsed at all), and duplicate `case_id`s
 * (naming the first line).
 */
export function parseGoldenText(
  text: string,
  file: string,
  limits: InputLimits = defaultInputLimits,
): GoldenParseResult {
  // The file's hash is the sha256 of the cases' canonical JSON array, fed in 64 KiB pieces: the array's text
  // (as large as the file) is never held, and the hash is not called once per case.
  const collected: CollectedCases = { cases: [], fileHash: createHash('sha256'), pending: '[' }
  const problems: Problem[] = []
  const firstLineOf = new Map<string, number>()
  let scale: GradeScale | undefined
  let seenContent = false
  readJsonlLines(
    text,
    file,
    problems,
    (value, line) => {
      // readJsonlLines checked the line holds an object (GOLDEN_JSONL.objects) within limits.maxLineBytes.
      let json = value as object
      const first = !seenContent
      seenContent = true
      if (isGradeScaleHeader(json)) {
        const header = readScaleHeader(json, first, file, line, problems)
        if (header) scale = header
        return
      }
      let offScale = false
      if (scale) {
        const mapped = applyGradeScale(json as Record<string, unknown>, scale, file, line)
        problems.push(...mapped.problems)
        offScale = mapped.problems.length > 0
        json = mapped.json
      }
      // The case id is checked for duplicates even when the rest of the line is invalid, so a user sees both.
      checkDuplicateId(json, file, line, firstLineOf, problems)
      // A grade off the file's scale has been reported; validating the line would only add echoes of it.
      if (offScale) return
      // A plain line is built without the schema, into the case the schema returns (see plain-case.ts).
      const plain = plainGoldenCase(json)
      const parsed = plain ? { success: true as const, data: plain } : GoldenCaseSchema.safeParse(json)
      if (!parsed.success) {
        problems.push(...problemsFromZod(parsed.error.issues, json, GoldenCaseSchema, file, line))
        return
      }
      const overLimits = caseLimitProblems(parsed.data, file, line, limits)
      if (overLimits.length > 0) problems.push(...overLimits)
      else collectCase(collected, parsed.data, line, plain !== undefined)
    },
    goldenJsonlOptions(file, limits),
  )
  const { cases, fileHash, pending } = collected
  return { cases, problems, hash: fileHash.update(`${pending}]`).digest('hex') }
}

/**
 * The valid cases read so far, and the file's hash: the sha256 of the cases' canonical JSON array, fed in
 * 64 KiB pieces (`pending` holds the text not fed yet).
 */
interface CollectedCases {
  cases: GoldenCaseAt[]
  fileHash: Hash
  pending: string
}

/** Adds a valid case: its canonical JSON once, for its own hash and (joined as the array's) the file's. */
function collectCase(collected: CollectedCases, data: GoldenCase, line: number, plain: boolean): void {
  const text = plain ? plainCaseCanonicalJson(data) : canonicalJson(data)
  collected.pending += collected.cases.length === 0 ? text : `,${text}`
  if (collected.pending.length > 65_536) {
    collected.fileHash.update(collected.pending)
    collected.pending = ''
  }
  collected.cases.push({ case: data, line, hash: sha256(text) })
}

/** Reports a `case_id` already seen on an earlier line (naming that line), else remembers this line as its first. */
function checkDuplicateId(
  json: object,
  file: string,
  line: number,
  firstLineOf: Map<string, number>,
  problems: Problem[],
): void {
  const id = (json as { case_id?: unknown }).case_id
  if (typeof id !== 'string') return
  const first = firstLineOf.get(id)
  if (first !== undefined) problems.push(duplicateCaseIdProblem(file, line, id, `${file}:${first}`))
  else firstLineOf.set(id, line)
}

/** The JSONL reading options of a golden file: {@link GOLDEN_JSONL} with the line-size limit of `limits`. */
function goldenJsonlOptions(file: string, limits: InputLimits): JsonlOptions {
  return {
    ...GOLDEN_JSONL,
    maxLineBytes: limits.maxLineBytes,
    lineTooLarge: (line, bytes, limit) =>
      limitProblem(
        file,
        line,
        '',
        `the line is ${bytes} bytes, over the ${limit}-byte limit; it was not parsed`,
        'maxLineBytes',
        limit,
      ),
  }
}

/** Validates a `grade_scale` header line; it must be the file's first line (comments aside). */
function readScaleHeader(
  json: object,
  first: boolean,
  file: string,
  line: number,
  problems: Problem[],
): GradeScale | undefined {
  if (!first) {
    problems.push({
      code: 'misplaced_grade_scale',
      file,
      line,
      path: 'grade_scale',
      message: 'a grade_scale header must come before every case',
      fix: 'move this line to the top of the file',
    })
    return undefined
  }
  const parsed = GradeScaleHeaderSchema.safeParse(json)
  if (parsed.success) return parsed.data.grade_scale
  problems.push(...problemsFromZod(parsed.error.issues, json, GradeScaleHeaderSchema, file, line))
  return undefined
}

/**
 * One hash for a set of golden files: sha256 over the sorted `file:hash` lines, so the same files with the
 * same contents give the same hash in any order.
 */
export function goldenSetHash(files: ReadonlyArray<{ file: string; hash: string }>): string {
  const lines = files.map((f) => `${f.file}:${f.hash}`).sort()
  return sha256(lines.join('\n'))
}
