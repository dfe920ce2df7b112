/**
 * The hard assertions as Vitest matchers, zero tolerance, with messages that say what went wrong:
 * `toAbstain`, `toNotLeakAcrossTenants`, `toHaveNoFabricatedCitations`, `toContainAll`. They wrap the pure
 * checks in `src/checks/hard-checks.ts`, so reports and experiments apply the very same rules.
 *
 * Usage (any Vitest test, with `import 'vitest-rag/matchers'`):
 * `expect(output).toAbstain(goldenCase)`; `expect(output).toNotLeakAcrossTenants(goldenCase)`;
 * `expect(output).toHaveNoFabricatedCitations()`; `expect(output).toContainAll(goldenCase)`.
 */
import { expect } from 'vitest'
import type { SystemOutput } from '../adapter/types.ts'
import type { GoldenCase } from '../cases/schema.ts'
import {
  checkAbstains,
  checkContainsAll,
  checkNoFabricatedCitations,
  checkNoTenantLeak,
  type CheckOutcome,
} from '../checks/hard-checks.ts'

/** The matchers `vitest-rag/matchers` adds to `expect(...)`. */
export interface RagMatchers<R = unknown> {
  /** The output is an abstention, as an out_of_scope or cross_tenant case requires. */
  toAbstain(goldenCase: GoldenCase): R
  /** No retrieved chunk or shown source from another tenant, and no forbidden text in the answer. */
  toNotLeakAcrossTenants(goldenCase: GoldenCase): R
  /** Every `[n]` marker in the answer points at a source actually shown to the generator. */
  toHaveNoFabricatedCitations(): R
  /** Every `must_contain` literal of the case appears in the answer. */
  toContainAll(goldenCase: GoldenCase): R
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Assertion<T = any> extends RagMatchers<T> {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AsymmetricMatchersContaining extends RagMatchers {}
}

function toResult(name: string, outcome: CheckOutcome, isNot: boolean) {
  if (!outcome.applies) {
    // A matcher called explicitly on a case it does not apply to is a usage error, not a pass.
    return { pass: isNot, message: () => `${name}: this check does not apply to the given case` }
  }
  return { pass: outcome.passed, message: () => `${name}: ${outcome.message}` }
}

expect.extend({
  toAbstain(received: SystemOutput, goldenCase: GoldenCase) {
    return toResult('toAbstain', checkAbstains(received, goldenCase, 'system'), this.isNot)
  },
  toNotLeakAcrossTenants(received: SystemOutput, goldenCase: GoldenCase) {
    return toResult('toNotLeakAcrossTenants', checkNoTenantLeak(received, goldenCase), this.isNot)
  },
  toHaveNoFabricatedCitations(received: SystemOutput) {
    return toResult('toHaveNoFabricatedCitations', checkNoFabricatedCitations(received, 'system'), this.isNot)
  },
  toContainAll(received: SystemOutput, goldenCase: GoldenCase) {
    return toResult('toContainAll', checkContainsAll(received, goldenCase, 'system'), this.isNot)
  },
})
