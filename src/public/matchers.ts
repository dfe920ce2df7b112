/**
 * `vitest-rag/matchers`: the hard assertions as Vitest matchers, for any test file (the golden cases use them
 * already). Importing this module registers them with `expect.extend` and types them on `expect(...)`.
 *
 * ```ts
 * import 'vitest-rag/matchers'
 * expect(output).toAbstain(goldenCase)
 * expect(output).toHaveNoFabricatedCitations()
 * ```
 */
import '../vitest/matchers.ts'
export type { RagMatchers } from '../vitest/matchers.ts'
