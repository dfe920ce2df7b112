/**
 * Validates what an adapter returns, once, at the boundary: a user's chatbot may return anything, and a
 * malformed output must fail its case with a message naming the field, not crash a metric later.
 */
import { closestMatch } from '../../shared/problems/closest.ts'
import { describeIssueWithHint } from '../../shared/problems/zod-problems.ts'
import { InvalidSystemOutputError } from './errors.ts'
import { NAMES_NO_SOURCE, SystemOutputSchema, type SystemOutput } from './types.ts'

/** The fields that name a source; unknown fields are ignored, so a misspelt one (`doc_id`) names nothing. */
const NAMING_FIELDS = ['chunkId', 'docId', 'url', 'path', 'locator', 'text']

/** For an item that names no source: its fields that look like a naming field, e.g. ` ("doc_id" is not a field: did you mean "docId"?)`. */
function misspeltNamingFields(item: unknown): string {
  if (item === null || typeof item !== 'object') return ''
  const hints = Object.keys(item).flatMap((key) => {
    const near = NAMING_FIELDS.includes(key) ? undefined : closestMatch(key, NAMING_FIELDS)
    return near === undefined ? [] : [`"${key}" is not a field: did you mean "${near}"?`]
  })
  return hints.length === 0 ? '' : ` (${hints.join('; ')})`
}

/** Returns `value` as a {@link SystemOutput}, or throws naming every bad field and the adapter. */
export function validateSystemOutput(value: unknown, adapterName: string): SystemOutput {
  const parsed = SystemOutputSchema.safeParse(value)
  if (parsed.success) return parsed.data
  const lines = parsed.error.issues.map(
    (issue) => `  ${describeIssueWithHint(issue, '(output)', value, NAMES_NO_SOURCE, misspeltNamingFields)}`,
  )
  throw new InvalidSystemOutputError(
    `adapter "${adapterName}" returned an invalid output:\n${lines.join('\n')}\n` +
      '(expected { retrieved: [{ chunkId | docId | url | path | locator | text, tenantId?, score? }], answer?, sources?: [{ marker, chunkId | docId | ... }], abstained?, confidence? }; see docs/adapters.md)',
  )
}
