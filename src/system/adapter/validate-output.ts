/**
 * Validates what an adapter returns, once, at the boundary: a user's chatbot may return anything, and a
 * malformed output must fail its case with a message naming the field, not crash a metric later.
 */
import { describeIssue } from '../../shared/problems/zod-problems.ts'
import { InvalidSystemOutputError } from './errors.ts'
import { SystemOutputSchema, type SystemOutput } from './types.ts'

/** Returns `value` as a {@link SystemOutput}, or throws naming every bad field and the adapter. */
export function validateSystemOutput(value: unknown, adapterName: string): SystemOutput {
  const parsed = SystemOutputSchema.safeParse(value)
  if (parsed.success) return parsed.data
  const lines = parsed.error.issues.map((issue) => `  ${describeIssue(issue, '(output)')}`)
  throw new InvalidSystemOutputError(
    `adapter "${adapterName}" returned an invalid output:\n${lines.join('\n')}\n` +
      '(expected { retrieved: [{ chunkId | docId | url | path | locator | text, tenantId?, score? }], answer?, sources?: [{ marker, chunkId | docId | ... }], abstained?, confidence? }; see docs/adapters.md)',
  )
}
