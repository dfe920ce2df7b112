/**
 * `vitest-rag/reporter`: the scorecard reporter, for setups that register reporters by hand (the plugin
 * registers it automatically).
 */
export { RagReporter, REPORT_FILES, HARNESS_VERSION } from '../vitest/main/reporter.ts'
