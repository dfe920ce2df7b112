/**
 * Hard assertions over a run: per check, how many ran, passed and failed, and the failing cases. A check that
 * did not apply to a case is absent from its record, so "3 of 3 passed" never counts a skipped check.
 */
import type { CaseRecord, HardCheckName, HardCheckResult } from '../../evaluation/case-record.ts'
import type { HardCheckSummary, HardFailure, HardSection, KnownFailure } from './scorecard.ts'
import { byCaseId } from './case-order.ts'

/** Display order of the hard checks (names not listed here follow, alphabetically). */
export const HARD_CHECK_ORDER: readonly HardCheckName[] = [
  'toNotLeakAcrossTenants',
  'toHaveNoFabricatedCitations',
  'toAbstain',
  'toContainAll',
]

function orderOf(name: string): number {
  const index = (HARD_CHECK_ORDER as readonly string[]).indexOf(name)
  return index === -1 ? HARD_CHECK_ORDER.length : index
}

/** Whether a check fails its case: it failed and is not marked known failing (`known`). */
export function failsCase(check: HardCheckResult): boolean {
  return !check.passed && check.known === undefined
}

function failureOf(record: CaseRecord, check: HardCheckResult): HardFailure {
  return {
    caseId: record.caseId,
    file: record.file,
    line: record.line,
    check: check.name,
    message: check.message ?? `${check.name} failed`,
  }
}

/**
 * Counts every hard check that ran, per name, and lists the failures in case order. A failure of a check the
 * golden case marks as known failing is counted apart (`known`, `knownFailures`), never as `failed`; a marked
 * check that passed is listed in `markedPassing`, so its mark is removed.
 * Example: case A ran toAbstain (passed), case B ran toAbstain (failed) and toContainAll (passed) ->
 * toAbstain ran 2 / passed 1 / failed 1, toContainAll ran 1 / passed 1; total ran 3, passed 2, failed 1.
 */
export function summarizeHardChecks(records: readonly CaseRecord[]): HardSection {
  const byName = new Map<HardCheckName, HardCheckSummary>()
  const failures: HardFailure[] = []
  const knownFailures: KnownFailure[] = []
  const markedPassing: KnownFailure[] = []
  for (const record of records) {
    for (const check of record.hard) {
      const summary = byName.get(check.name) ?? { name: check.name, ran: 0, passed: 0, failed: 0 }
      summary.ran += 1
      if (check.passed) {
        summary.passed += 1
        if (check.known !== undefined) markedPassing.push({ ...failureOf(record, check), reason: check.known })
      } else if (check.known !== undefined) {
        summary.known = (summary.known ?? 0) + 1
        knownFailures.push({ ...failureOf(record, check), reason: check.known })
      } else {
        summary.failed += 1
        failures.push(failureOf(record, check))
      }
      byName.set(check.name, summary)
    }
  }
  const checks = [...byName.values()].sort((a, b) => orderOf(a.name) - orderOf(b.name) || a.name.localeCompare(b.name))
  const inOrder = (a: HardFailure, b: HardFailure) =>
    byCaseId(a.caseId, b.caseId) || orderOf(a.check) - orderOf(b.check)
  failures.sort(inOrder)
  return {
    ran: checks.reduce((sum, c) => sum + c.ran, 0),
    passed: checks.reduce((sum, c) => sum + c.passed, 0),
    failed: checks.reduce((sum, c) => sum + c.failed, 0),
    checks,
    failures,
    // Present only when the golden set marks known failures, so other scorecards read as before.
    ...(knownFailures.length > 0 ? { known: knownFailures.length, knownFailures: knownFailures.sort(inOrder) } : {}),
    ...(markedPassing.length > 0 ? { markedPassing: markedPassing.sort(inOrder) } : {}),
  }
}
