/**
 * The one place zod issues become text. {@link problemsFromZod} turns them into {@link Problem}s a user can act
 * on: the field path, the bad value quoted, and a fix (the allowed values of an enum, what to add for a missing
 * field, the closest known field for an unknown key). {@link describeIssue} and {@link issueProblems} keep zod's
 * own words, for values whose messages are pinned as they are (options, an adapter's output, versioned files,
 * labels and qrels rows).
 */
import { z } from 'zod'
import { closestMatch } from './closest.ts'
import { formatPath, quoteValue, type Problem } from './problems.ts'

/** Fix hints for fields whose constraints read better in words than as a zod bound. Keyed by the field name. */
const FIELD_HINTS: Record<string, string> = {
  grade: 'a whole number 0-3',
  span: 'a [start, end) pair of whole numbers with end > start, e.g. [120, 340]',
  case_id: 'letters, digits, "-", "_" or "." (e.g. GC-0041)',
  weight: 'a number > 0 (default 1)',
  role: '"user" or "assistant"',
  answerable: 'true or false',
}

/**
 * A zod issue's path, dotted with array indices as numbers (`retrieved.0.chunkId`), or `whole` when the issue is
 * about the whole value. Default `whole`: `(root)`.
 */
export function issuePath(issue: Pick<z.core.$ZodIssue, 'path'>, whole = '(root)'): string {
  return issue.path.map(String).join('.') || whole
}

/**
 * One zod issue as `path: message` in zod's own words, `whole` naming the whole value (default `(root)`).
 * Example: `mode: Invalid option: expected one of "retrieval"|"system"`.
 */
export function describeIssue(issue: Pick<z.core.$ZodIssue, 'path' | 'message'>, whole = '(root)'): string {
  return `${issuePath(issue, whole)}: ${issue.message}`
}

/**
 * {@link describeIssue}, with `hint(value)` appended when the issue's message is `message` (`value` is the data
 * at the issue's path in `root`): a caller adds what it knows about one kind of issue, e.g. the field a misspelt
 * key meant, without reading zod's issues itself.
 */
export function describeIssueWithHint(
  issue: Pick<z.core.$ZodIssue, 'path' | 'message'>,
  whole: string,
  root: unknown,
  message: string,
  hint: (value: unknown) => string,
): string {
  return `${describeIssue(issue, whole)}${issue.message === message ? hint(valueAt(root, issue.path)) : ''}`
}

/**
 * Every zod issue on one line joined by `; `, each as {@link describeIssue} writes it.
 * Example: two issues -> `run.cases: Invalid input: expected number; mode: Invalid option`.
 */
export function describeIssues(issues: ReadonlyArray<Pick<z.core.$ZodIssue, 'path' | 'message'>>): string {
  return issues.map((issue) => describeIssue(issue)).join('; ')
}

/**
 * A failed parse's issues on one line as zod's `prettifyError` writes them, its line breaks joined by `; `
 * (for one-line errors: a model config, a model's JSON reply).
 * Example: `✖ Invalid input: expected string, received number; → at chain[0].model`.
 */
export function prettifyIssuesOneLine(error: z.ZodError): string {
  return z.prettifyError(error).replace(/\s*\n\s*/g, '; ')
}

/**
 * Each zod issue of one row as a problem with the caller's `code` at `file`:`line`, its dotted path
 * ({@link issuePath}, empty for the whole row) and zod's message (rows of the labels and qrels files).
 */
export function issueProblems(
  issues: ReadonlyArray<Pick<z.core.$ZodIssue, 'path' | 'message'>>,
  code: string,
  file: string,
  line: number,
): Problem[] {
  return issues.map((issue) => ({ code, file, line, path: issuePath(issue, ''), message: issue.message }))
}

/** Reads the value at `path` inside `root`, or `undefined` when the path does not exist. */
export function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current: unknown = root
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

/**
 * The zod schema that validates the value at `path` (walking objects, arrays, optionals, defaults and
 * discriminated unions, choosing the union member by the raw value's discriminator; a record's every key holds
 * its value schema), or `undefined`.
 */
export function schemaAt(schema: z.ZodType, path: ReadonlyArray<PropertyKey>, root: unknown): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema
  for (let i = 0; i <= path.length && current; i++) {
    current = unwrap(current, valueAt(root, path.slice(0, i)))
    if (i === path.length) break
    const key = path[i]
    if (current instanceof z.ZodObject) current = (current.shape as Record<string, z.ZodType>)[String(key)]
    else if (current instanceof z.ZodArray) current = current.element as z.ZodType
    else if (current instanceof z.ZodTuple) current = current.def.items[Number(key)] as z.ZodType | undefined
    else if (current instanceof z.ZodRecord) current = current.valueType as z.ZodType
    else return undefined
  }
  return current
}

function unwrap(schema: z.ZodType, value: unknown): z.ZodType {
  let current = schema
  for (let guard = 0; guard < 10; guard++) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodDefault || current instanceof z.ZodNullable) {
      current = current.unwrap() as z.ZodType
    } else if (current instanceof z.ZodPipe) {
      // A transform after validation (facet defaults): the input side holds the shape.
      current = current.in as z.ZodType
    } else if (current instanceof z.ZodDiscriminatedUnion) {
      const discriminator = current.def.discriminator
      const tag = valueAt(value, [discriminator])
      const options = current.options as z.ZodType[]
      const match = options.find((o) => o instanceof z.ZodObject && literalValues(o.shape[discriminator]).includes(tag))
      if (!match) return current
      current = match
    } else return current
  }
  return current
}

function literalValues(schema: unknown): unknown[] {
  return schema instanceof z.ZodLiteral ? [...schema.values] : []
}

/** Known keys of the object schema at `path` (empty when it is not an object). */
function knownKeysAt(schema: z.ZodType, path: ReadonlyArray<PropertyKey>, root: unknown): string[] {
  const at = schemaAt(schema, path, root)
  return at instanceof z.ZodObject ? Object.keys(at.shape) : []
}

function hintFor(path: ReadonlyArray<PropertyKey>): string | undefined {
  const last = [...path].reverse().find((p) => typeof p === 'string')
  return typeof last === 'string' ? FIELD_HINTS[last] : undefined
}

/** Whether a value is short enough to quote before a rule's message (a scalar or an array of scalars). */
function isScalarish(value: unknown): boolean {
  const scalar = (v: unknown) => v === null || (typeof v !== 'object' && v !== undefined)
  return scalar(value) || (Array.isArray(value) && value.every(scalar))
}

function allowedList(values: ReadonlyArray<unknown>): string {
  return `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`
}

/** The allowed values, after the one a misspelt string is closest to: `"exact-identifier"` -> `did you mean "exact_identifier"? one of ...`. */
function allowedFix(value: unknown, values: ReadonlyArray<unknown>): string {
  const near =
    typeof value === 'string'
      ? closestMatch(
          value,
          values.filter((v): v is string => typeof v === 'string'),
        )
      : undefined
  return `${near === undefined ? '' : `did you mean "${near}"? `}${allowedList(values)}`
}

type Locate = (path: ReadonlyArray<PropertyKey>) => Pick<Problem, 'file' | 'line' | 'path'>

/** One problem per unknown key, with the closest known field as the fix. */
function unknownKeyProblems(
  issue: z.core.$ZodIssueUnrecognizedKeys,
  input: unknown,
  schema: z.ZodType,
  at: Locate,
): Problem[] {
  const known = knownKeysAt(schema, issue.path, input)
  return issue.keys.map((key) => {
    const near = closestMatch(key, known)
    return {
      ...at([...issue.path, key]),
      code: 'unknown_key',
      value: valueAt(input, [...issue.path, key]),
      message: `unknown field "${key}"`,
      fix: near ? `did you mean "${near}"?` : `remove it; known fields: ${known.join(', ')}`,
    }
  })
}

/** A value outside an enum or a union's tags; a missing value is `missing_field`. */
function notAllowedProblem(value: unknown, fix: string): Omit<Problem, 'file' | 'path'> {
  return {
    code: value === undefined ? 'missing_field' : 'invalid_value',
    value,
    message: value === undefined ? 'is missing' : `${quoteValue(value)} is not allowed`,
    fix: value === undefined ? `add it: ${fix}` : fix,
  }
}

/** A value of the wrong type (`expected`: zod's name of the type), or a missing one: `missing_field`. */
function invalidTypeProblem(
  zodExpected: string,
  path: ReadonlyArray<PropertyKey>,
  value: unknown,
  hint: string | undefined,
): Omit<Problem, 'file' | 'path'> {
  const missing = value === undefined
  const expected = zodExpected === 'int' ? 'a whole number' : zodExpected
  return {
    code: missing ? 'missing_field' : 'invalid_type',
    value,
    message: missing
      ? 'is missing'
      : `${quoteValue(value)} is not ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}`,
    fix: missing ? `add "${String(path.at(-1) ?? 'value')}": ${hint ?? `<${expected}>`}` : (hint ?? `a ${expected}`),
  }
}

/** The problem of one issue other than unknown keys, at its path. */
function issueProblem(issue: z.core.$ZodIssue, input: unknown, at: Locate): Problem {
  const path = issue.path
  const value = valueAt(input, path)
  const hint = hintFor(path)
  switch (issue.code) {
    case 'invalid_value':
      return { ...at(path), ...notAllowedProblem(value, allowedFix(value, issue.values)) }
    case 'invalid_union': {
      // A discriminated union with an unknown tag: zod points the path at the discriminator itself.
      const options = (issue as { options?: unknown[] }).options
      // A missing tag is fixed by choosing a variant, so the fix lists the options as they are.
      return { ...at(path), ...notAllowedProblem(value, ''), fix: options ? allowedFix(value, options) : issue.message }
    }
    case 'invalid_type':
      return { ...at(path), ...invalidTypeProblem(issue.expected, path, value, hint) }
    case 'too_big':
    case 'too_small': {
      const emptyString = issue.code === 'too_small' && issue.origin === 'string'
      return {
        ...at(path),
        code: 'out_of_range',
        value,
        message: emptyString ? 'must not be empty' : `${quoteValue(value)} is out of range`,
        fix: hint ?? issue.message,
      }
    }
    case 'invalid_format':
      return {
        ...at(path),
        code: 'invalid_format',
        value,
        message: `${quoteValue(value)} is malformed`,
        fix: hint ?? issue.message,
      }
    case 'custom':
      // Cross-field rules and refinements carry their own wording, which already names the fix.
      return {
        ...at(path),
        code: 'rule',
        value,
        message: isScalarish(value) ? `${quoteValue(value)}: ${issue.message}` : issue.message,
      }
    default:
      return {
        ...at(path),
        code: 'invalid_value',
        value,
        message: `${quoteValue(value)}: ${issue.message}`,
        ...(hint ? { fix: hint } : {}),
      }
  }
}

/**
 * Converts the issues of one failed parse of `input` against `schema` into problems located at
 * `file`:`line`. Every issue becomes one problem (an unknown-keys issue becomes one per key).
 */
export function problemsFromZod(
  issues: ReadonlyArray<z.core.$ZodIssue>,
  input: unknown,
  schema: z.ZodType,
  file: string,
  line?: number,
): Problem[] {
  const at: Locate = (path) => ({ file, ...(line === undefined ? {} : { line }), path: formatPath(path) })
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? unknownKeyProblems(issue, input, schema, at)
      : [issueProblem(issue, input, at)],
  )
}
