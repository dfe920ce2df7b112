/**
 * The `rag` test environment: a Node environment that hands each test file a lazily built runtime (corpus,
 * chunks, search index, worker pool, model clients, adapter, judge). Nothing is built, or even loaded, until the
 * first case runs, so `vitest list` stays cheap and the first system call waits only for what it needs: the
 * runtime is built in two stages (stageRagRuntime), the system stage first. Teardown closes pools and clients.
 */
import type { Environment } from 'vitest/environments'
import type { EnvironmentOptions } from 'vitest/node'
import type { RagEvalConfig } from '../../config/schema.ts'
import type { RagRuntime, StagedRuntime, SystemStage } from '../../evaluation/create-runtime.ts'
import { ConfigError } from '../../config/errors.ts'

/** What the environment puts on `globalThis.__VITEST_RAG__`. */
export interface RagRuntimeHandle {
  config: RagEvalConfig
  /** What calling the system needs (the adapter, the checkpoints): built before the rest of the runtime. */
  getSystem(): Promise<SystemStage>
  /** The whole runtime (the grading parts too), built once; asked for while the first system calls run. */
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
    // The runtime builder and what it imports load with the first case, not with the environment.
    let staged: Promise<StagedRuntime> | undefined
    const stage = () => (staged ??= import('../../evaluation/create-runtime.ts').then((m) => m.stageRagRuntime(config)))
    const handle: RagRuntimeHandle = {
      config,
      getSystem: async () => (await stage()).system(),
      getRuntime: async () => (await stage()).runtime(),
    }
    ;(global as Record<string, unknown>)[RUNTIME_GLOBAL] = handle
    return {
      async teardown(g) {
        delete (g as Record<string, unknown>)[RUNTIME_GLOBAL]
        if (staged) await (await staged.catch(() => undefined))?.close()
      },
    }
  },
}

export default environment
