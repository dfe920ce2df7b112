/**
 * The one JSONL line loop: golden sets, knowledge-base changelogs and tickets, BEIR corpora and queries, and
 * judge label files all read through it, so every reader reports every bad line (never only the first) with
 * its file, line and a fix, and treats blank lines, a byte-order mark and CRLF the same way.
 */
import type { z } from 'zod'
import { normalizeText } from '../text/normalize.ts'
import type { Problem } from './problems.ts'
import { problemsFromZod } from './zod-problems.ts'
import { findDuplicateKeys, mayRepeatKeys } from './duplicate-keys.ts'

/** How {@link readJsonlLines} reads a file. Every field is optional. */
export interface JsonlOptions {
  /** Skip lines whose first non-blank characters are `//` (golden sets and label files allow notes). Default false. */
  comments?: boolean
  /** Require each line to hold a JSON object; any other value is an `invalid_type` problem. Default false. */
  objects?: boolean
  /** The fix an `invalid_type` problem suggests. Default: write one JSON object per line. */
  objectFix?: string
  /** The problem code of a line that is not JSON. Default `invalid_json`. */
  invalidJsonCode?: string
  /** Longest line in UTF-8 bytes; a longer line is not parsed and gets the problem {@link JsonlOptions.lineTooLarge} makes. */
  maxLineBytes?: number
  /** The problem for a line over `maxLineBytes`. Default: an `input_too_large` problem naming the limit. */
  lineTooLarge?: (line: number, bytes: number, limit: number) => Problem
  /**
   * Report a key written twice in one object of a line (`duplicate_key`, one problem per repeat): JSON keeps
   * only the last, so the first value would vanish unseen. The line is still read. Default false.
   */
  duplicateKeys?: boolean
}

/** The `duplicate_key` problems of a line that parsed (see {@link JsonlOptions.duplicateKeys}). */
function duplicateKeyProblems(trimmed: string, file: string, line: number): Problem[] {
  return findDuplicateKeys(trimmed).map(({ path, key }) => ({
    code: 'duplicate_key',
    file,
    line,
    path,
    message: `${JSON.stringify(key)} appears twice in this object; JSON keeps only the last, so the first one's value is dropped`,
    fix: `write ${JSON.stringify(key)} once (for a list such as must_contain, put every value in the one list)`,
  }))
}

/** The fix every "not valid JSON" problem carries. */
export const JSONL_FIX = 'one JSON object per line; check quotes, commas and brackets'

/** The problem of a line over `options.maxLineBytes` UTF-8 bytes, or undefined when it is within the limit. */
function oversizeLineProblem(trimmed: string, file: string, line: number, options: JsonlOptions): Problem | undefined {
  const limit = options.maxLineBytes
  // Cheap bound first: a code unit is at most 3 UTF-8 bytes, so only long lines are measured.
  if (limit === undefined || trimmed.length * 3 <= limit) return undefined
  const bytes = Buffer.byteLength(trimmed, 'utf8')
  if (bytes <= limit) return undefined
  return (
    options.lineTooLarge?.(line, bytes, limit) ?? {
      code: 'input_too_large',
      file,
      line,
      path: '',
      message: `the line is ${bytes} bytes, over the ${limit}-byte limit; it was not parsed`,
      fix: 'shorten the line',
    }
  )
}

/** The `invalid_type` problem of a line that holds JSON but not an object, when `options.objects` asks for one. */
function nonObjectProblem(json: unknown, file: string, line: number, options: JsonlOptions): Problem {
  const got = Array.isArray(json) ? 'an array' : JSON.stringify(json)
  const fix = options.objectFix ?? 'write one JSON object per line'
  return {
    code: 'invalid_type',
    file,
    line,
    path: '',
    value: json,
    message: `a line must hold one JSON object, got ${got}`,
    fix,
  }
}

/**
 * Calls `each(json, line)` for every non-blank line that parses (1-based line numbers, after
 * {@link normalizeText}), and appends a problem to `problems` for every line that does not, in line order, so a
 * caller that adds its own problems from `each` keeps the whole list in file order.
 * Example: `'{"a":1}\n\nnope'` -> `each({a: 1}, 1)` and one `invalid_json` problem on line 3.
 */
export function readJsonlLines(
  text: string,
  file: string,
  problems: Problem[],
  each: (json: unknown, line: number) => void,
  options: JsonlOptions = {},
): void {
  normalizeText(text)
    .split('\n')
    .forEach((raw, index) => {
      const line = index + 1
      const trimmed = raw.trim()
      if (trimmed === '' || (options.comments && trimmed.startsWith('//'))) return
      const tooLarge = oversizeLineProblem(trimmed, file, line, options)
      if (tooLarge) {
        problems.push(tooLarge)
        return
      }
      let json: unknown
      try {
        json = JSON.parse(trimmed)
      } catch (error) {
        const code = options.invalidJsonCode ?? 'invalid_json'
        problems.push({
          code,
          file,
          line,
          path: '',
          message: `not valid JSON: ${(error as Error).message}`,
          fix: JSONL_FIX,
        })
        return
      }
      if (options.objects && (json === null || typeof json !== 'object' || Array.isArray(json))) {
        problems.push(nonObjectProblem(json, file, line, options))
        return
      }
      if (options.duplicateKeys && mayRepeatKeys(trimmed, json))
        problems.push(...duplicateKeyProblems(trimmed, file, line))
      each(json, line)
    })
}

/**
 * JSON Lines validated line by line against a zod schema: the valid records with their 1-based line, and every
 * problem (a line that is not JSON, each schema issue with the closest known field), in file order.
 * Example: `'{"id":"a"}\n{"id":1}'` with `{ id: string }` -> one record (line 1) and one `invalid_type` on line 2.
 */
export function parseJsonlRecords<S extends z.ZodType>(
  text: string,
  file: string,
  schema: S,
): { records: Array<{ value: z.output<S>; line: number }>; problems: Problem[] } {
  const records: Array<{ value: z.output<S>; line: number }> = []
  const problems: Problem[] = []
  readJsonlLines(text, file, problems, (json, line) => {
    const parsed = schema.safeParse(json)
    if (parsed.success) records.push({ value: parsed.data, line })
    else problems.push(...problemsFromZod(parsed.error.issues, json, schema, file, line))
  })
  return { records, problems }
}
