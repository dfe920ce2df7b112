/**
 * The validated configuration's one road from the plugin to the environment and the global setup:
 * `test.environmentOptions.rag`. Augmenting Vitest's own `EnvironmentOptions` types that field, so the plugin
 * writes and the environment and global setup read a `RagEvalConfig` with no cast on either side.
 */
import type { EnvironmentOptions } from 'vitest/node'
import type { RagEvalConfig } from '../config/schema.ts'

declare module 'vitest/node' {
  interface EnvironmentOptions {
    /** The configuration `ragEval()` resolved and validated; set by the plugin, read by the `rag` environment. */
    rag?: RagEvalConfig
  }
}

/** The environment options that carry `config` to the `rag` environment and the global setup. */
export function ragEnvironmentOptions(config: RagEvalConfig): EnvironmentOptions {
  return { rag: config }
}
