/**
 * Types the per-case record onto Vitest's `TaskMeta`, the channel from a test to the reporter that survives
 * worker boundaries and blob merges (`task.meta.rag` in a test, `testCase.meta().rag` in the reporter).
 */
import type { CaseRecord } from '../scorecard/case-record.js';
declare module 'vitest' {
    interface TaskMeta {
        /** The vitest-rag record of a golden case. */
        rag?: CaseRecord;
    }
}
