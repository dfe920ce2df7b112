/**
 * `vitest-rag/matchers`: the hard assertions as Vitest matchers, for any test file (the golden cases use them
 * already). Importing this module registers them with `expect.extend` and types them on `expect(...)`. They
 * assert from a case's record (`CaseRecord`), where each check was computed once.
 *
 * ```ts
 * import 'vitest-rag/matchers'
 * expect(record).toAbstain()
 * expect(record).toHaveNoFabricatedCitations()
 * ```
 */
import '../vitest/worker/matchers.ts'
export type { RagMatchers } from '../vitest/worker/matchers.ts'
