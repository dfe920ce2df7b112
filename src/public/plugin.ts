/**
 * `vitest-rag/plugin`: what a user adds to an evals project in vitest.config.ts.
 *
 * ```ts
 * import { ragEval } from 'vitest-rag/plugin'
 * export default defineConfig({ test: { projects: [{ plugins: [ragEval({ corpus: { kind: 'kb', root: 'kb' } })], test: { name: 'evals' } }] } })
 * ```
 */
export { ragEval } from '../vitest/main/plugin.ts'
export type { RagEvalOptions, RagEvalConfig } from '../config/schema.ts'
