/**
 * The hard assertions as Vitest matchers, zero tolerance, with messages that say what went wrong:
 * `toAbstain`, `toNotLeakAcrossTenants`, `toHaveNoFabricatedCitations`, `toContainAll`. Each check is
 * computed ONCE, in the case evaluation (`src/grading/checks/hard-checks.ts`, after the harness resolved every source
 * the system named), and stored in the case record; the matchers assert from that record, so the test, the
 * scorecard and experiments can never disagree.
 *
 * Usage: `expect(record).toAbstain()`, where `record` is a `CaseRecord` (e.g. `evaluateCase(...).record`).
 */
import { expect } from 'vitest'
import type { CaseRecord, HardCheckName } from '../../evaluation/case-record.ts'

/** The matchers `vitest-rag/matchers` adds to `expect(...)`, asserting from a `CaseRecord`. */
export interface RagMatchers<R = unknown> {
  /** The case's `toAbstain` check passed: an out_of_scope or cross_tenant case got an abstention. */
  toAbstain(): R
  /** The case's `toNotLeakAcrossTenants` check passed: nothing from another tenant, by the corpus's own map. */
  toNotLeakAcrossTenants(): R
  /** The case's `toHaveNoFabricatedCitations` check passed: every citation is a retrieved source of the corpus. */
  toHaveNoFabricatedCitations(): R
  /** The case's `toContainAll` check passed: every `must_contain` literal is in the answer. */
  toContainAll(): R
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Assertion<T = any> extends RagMatchers<T> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AsymmetricMatchersContaining extends RagMatchers {}
}

function fromRecord(name: HardCheckName, received: unknown, isNot: boolean) {
  const hard = (received as Partial<CaseRecord> | undefined)?.hard
  if (!Array.isArray(hard)) {
    return {
      pass: isNot,
      message: () => `${name}: expected a vitest-rag case record (with its hard checks), got ${typeof received}`,
    }
  }
  const check = hard.find((h) => h.name === name)
  // A matcher called on a case it does not apply to is a usage error, not a pass.
  if (!check)
    return {
      pass: isNot,
      message: () => `${name}: this check does not apply to case ${(received as CaseRecord).caseId}`,
    }
  return { pass: check.passed, message: () => `${name}: ${check.message ?? (check.passed ? 'passed' : 'failed')}` }
}

expect.extend({
  toAbstain(received: unknown) {
    return fromRecord('toAbstain', received, this.isNot)
  },
  toNotLeakAcrossTenants(received: unknown) {
    return fromRecord('toNotLeakAcrossTenants', received, this.isNot)
  },
  toHaveNoFabricatedCitations(received: unknown) {
    return fromRecord('toHaveNoFabricatedCitations', received, this.isNot)
  },
  toContainAll(received: unknown) {
    return fromRecord('toContainAll', received, this.isNot)
  },
})
