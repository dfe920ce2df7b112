/**
 * Types the per-case record onto Vitest's `TaskMeta`, the channel from a test to the reporter that survives
 * worker boundaries and blob merges (`task.meta.rag` in a test, `testCase.meta().rag` in the reporter).
 */
import type { CaseRecord } from '../evaluation/case-record.ts'
import type { SystemOutput } from '../system/adapter/types.ts'
// The module this file augments, imported so the augmentation holds in any program that includes this file
// (a consumer's type check that reaches it through the package entry, not only Vitest's own test files).
import type {} from 'vitest'

declare module 'vitest' {
  interface TaskMeta {
    /** The vitest-rag record of a golden case. */
    rag?: CaseRecord
    /** The case's validated system output, sent only under the `recordOutputs` option (it can be large). */
    ragOutput?: SystemOutput
  }
}
