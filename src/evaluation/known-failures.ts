/**
 * A golden case's `known_failures` applied to its hard check results: each marked check carries the mark's
 * reason (`known`), whatever its outcome. The schema already refused marks on zero-tolerance checks (leaks,
 * fabricated citations), so no such check is ever marked here.
 */
import { MARKABLE_CHECKS, type GoldenCase } from '../cases/schema.ts'
import type { HardCheckResult } from './case-record.ts'

/**
 * The hard check results with each marked check's reason attached; the input when the case marks nothing.
 * Example: a case marking `{ check: "must_contain", reason: "TICKET-123" }` turns a failed toContainAll into
 * `{ name: 'toContainAll', passed: false, message, known: 'TICKET-123' }`.
 */
export function markKnownFailures(hard: HardCheckResult[], c: Pick<GoldenCase, 'known_failures'>): HardCheckResult[] {
  const marks = c.known_failures
  if (marks === undefined || marks.length === 0) return hard
  const reasons = new Map<string, string>()
  for (const mark of marks) {
    const name = (MARKABLE_CHECKS as Record<string, string | undefined>)[mark.check]
    if (name !== undefined) reasons.set(name, mark.reason)
  }
  return hard.map((check) => {
    const reason = reasons.get(check.name)
    return reason === undefined ? check : { ...check, known: reason }
  })
}
