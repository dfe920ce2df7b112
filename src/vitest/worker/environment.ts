/**
 * The `rag` test environment: a Node environment that hands each test file a lazily built runtime (corpus,
 * chunks, search index, worker pool, model clients, adapter, judge). Nothing is built until the first case
 * runs, so `vitest list` stays cheap; teardown closes pools and clients.
 */
import type { Environment } from 'vitest/environments'
import type { EnvironmentOptions } from 'vitest/node'
import type { RagEvalConfig } from '../../config/schema.ts'
import { createRagRuntime, type RagRuntime } from '../../evaluation/create-runtime.ts'
import { ConfigError } from '../../config/errors.ts'

/** What the environment puts on `globalThis.__VITEST_RAG__`. */
export interface RagRuntimeHandle {
  config: RagEvalConfig
  getRuntime(): Promise<RagRuntime>
}

/** The global the golden runtime reads. */
export const RUNTIME_GLOBAL = '__VITEST_RAG__'

const environment: Environment = {
  name: 'rag',
  // Required: it defaults to `name`, and Vite has no environment called "rag".
  viteEnvironment: 'ssr',
  async setup(global, options: EnvironmentOptions) {
    const config = options.rag
    if (!config) {
      throw new ConfigError(
        'the rag environment needs environmentOptions.rag; add ragEval() to the project\'s plugins instead of setting environment: "rag" by hand',
      )
    }
    let runtime: Promise<RagRuntime> | undefined
    const handle: RagRuntimeHandle = { config, getRuntime: () => (runtime ??= createRagRuntime(config)) }
    ;(global as Record<string, unknown>)[RUNTIME_GLOBAL] = handle
    return {
      async teardown(g) {
        delete (g as Record<string, unknown>)[RUNTIME_GLOBAL]
        if (runtime) await (await runtime.catch(() => undefined))?.close()
      },
    }
  },
}

export default environment
