/**
 * Golden file parsing (pure): JSONL text in, validated cases plus EVERY problem out. Blank lines and lines
 * starting with `//` are skipped, so a golden file can carry comments.
 */
import { normalizeText } from '../corpus/normalize.ts'
import { sha256 } from '../util/hash.ts'
import { GoldenCaseSchema, type GoldenCase } from './schema.ts'
import { applyGradeScale, GradeScaleHeaderSchema, isGradeScaleHeader, type GradeScale } from './grade-scale.ts'
import type { Problem } from './problems.ts'
import { problemsFromZod } from './zod-problems.ts'

/** One parsed case and the 1-based line it came from. */
export interface GoldenCaseAt {
  case: GoldenCase
  line: number
}

/**
 * The result of parsing one golden file. `cases` holds every line that validated (even when other lines
 * have problems); `problems` every problem found; `hash` is the sha256 of the raw text, for the scorecard.
 */
export interface GoldenParseResult {
  cases: GoldenCaseAt[]
  problems: Problem[]
  hash: string
}

/**
 * Parses a golden JSONL text. `file` is the name used in problem messages (e.g. `golden/support.golden.jsonl`).
 * Reports invalid JSON (with the parser's message), every schema issue of every line, cross-field rule
 * failures, and duplicate `case_id`s (naming both lines).
 */
export function parseGoldenText(text: string, file: string): GoldenParseResult {
  const cases: GoldenCaseAt[] = []
  const problems: Problem[] = []
  const firstLineOf = new Map<string, number>()
  let scale: GradeScale | undefined
  let seenContent = false
  const lines = normalizeText(text).split('\n')
  lines.forEach((raw, index) => {
    const line = index + 1
    const trimmed = raw.trim()
    if (trimmed === '' || trimmed.startsWith('//')) return
    let json: unknown
    try {
      json = JSON.parse(trimmed)
    } catch (error) {
      problems.push({
        code: 'invalid_json',
        file,
        line,
        path: '',
        message: `not valid JSON: ${(error as Error).message}`,
        fix: 'one JSON object per line; check quotes, commas and brackets',
      })
      return
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json)) {
      problems.push({
        code: 'invalid_type',
        file,
        line,
        path: '',
        value: json,
        message: `a line must hold one JSON object, got ${Array.isArray(json) ? 'an array' : JSON.stringify(json)}`,
        fix: 'write each case as {"case_id": ..., "case_type": ..., ...} on its own line',
      })
      return
    }
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
    const id = (json as { case_id?: unknown }).case_id
    if (typeof id === 'string') {
      const first = firstLineOf.get(id)
      if (first !== undefined) {
        problems.push({
          code: 'duplicate_case_id',
          file,
          line,
          path: 'case_id',
          value: id,
          message: `"${id}" is already used on line ${first}`,
          fix: `give one of lines ${first} and ${line} a new case_id (case ids are stable: rename the newer one)`,
        })
      } else firstLineOf.set(id, line)
    }
    // A grade off the file's scale has been reported; validating the line would only add echoes of it.
    if (offScale) return
    const parsed = GoldenCaseSchema.safeParse(json)
    if (parsed.success) cases.push({ case: parsed.data, line })
    else problems.push(...problemsFromZod(parsed.error.issues, json, GoldenCaseSchema, file, line))
  })
  return { cases, problems, hash: sha256(text) }
}

/** Validates a `grade_scale` header line; it must be the file's first line (comments aside). */
function readScaleHeader(json: object, first: boolean, file: string, line: number, problems: Problem[]): GradeScale | undefined {
  if (!first) {
    problems.push({ code: 'misplaced_grade_scale', file, line, path: 'grade_scale', message: 'a grade_scale header must come before every case', fix: 'move this line to the top of the file' })
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
