/**
 * `ragEval(options)`: the one thing a user adds to an `evals` project. It returns the Vite plugins that
 * (a) turn each `*.golden.jsonl` file into a test module, one `test(case_id)` per case, source-mapped to the
 * case's line; (b) set project defaults (the `rag` environment, task locations, timeouts, concurrency, the
 * golden-set check that runs before any case); (c) register the scorecard reporter once (not under the blob
 * reporter, whose shards are gated after the merge); (d) watch prompt templates and corpus files, so editing
 * one reruns the cases that depend on it.
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import type { Vitest } from 'vitest/node'
import { resolveConfig } from '../config/resolve.ts'
import type { RagEvalConfig, RagEvalOptions } from '../config/schema.ts'
import { loadGoldenModuleData } from '../runtime/golden-set.ts'
import { buildGoldenModule } from '../runtime/golden-module.ts'
import { RagReporter } from './reporter.ts'
import { isStartupProblem, stopAtStartup } from './startup-error.ts'

const GOLDEN_FILE = /\.golden\.jsonl$/
const ENVIRONMENT_PATH = fileURLToPath(new URL('./environment.ts', import.meta.url))
const GLOBAL_SETUP_PATH = fileURLToPath(new URL('./global-setup.ts', import.meta.url))
const RUNTIME_PATH = fileURLToPath(new URL('./golden-runtime.ts', import.meta.url))

const reporterRegistered = new WeakSet<object>()

function isBlobReporter(entry: unknown): boolean {
  return entry === 'blob' || (Array.isArray(entry) && entry[0] === 'blob')
}

function listFiles(dir: string): string[] {
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return []
  }
  return entries.flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? listFiles(path) : [path]
  })
}

/** The Vite plugins of a vitest-rag `evals` project. */
export function ragEval(options: RagEvalOptions = {}): Plugin[] {
  let config: RagEvalConfig | undefined
  const getConfig = (root?: string): RagEvalConfig => {
    try {
      config ??= resolveConfig(options, root ?? process.cwd())
    } catch (error) {
      // A bad option is a startup problem: its list, once, and exit 1 (not a stack trace from Vite's config loader).
      if (isStartupProblem(error)) stopAtStartup(error)
      throw error
    }
    return config
  }

  const plugin: Plugin = {
    name: 'vitest-rag:golden',
    enforce: 'pre',
    config(userConfig) {
      const resolved = getConfig(userConfig.root)
      return {
        test: {
          include: [resolved.golden],
          environment: ENVIRONMENT_PATH,
          environmentOptions: { rag: resolved } as Record<string, unknown>,
          globalSetup: [GLOBAL_SETUP_PATH],
          includeTaskLocation: true,
          testTimeout: resolved.testTimeout,
          maxConcurrency: resolved.concurrency,
        },
      }
    },
    configureVitest({ vitest }: { vitest: Vitest }) {
      if (reporterRegistered.has(vitest)) return
      const reporters = vitest.config.reporters as unknown[]
      if (reporters.some(isBlobReporter)) return
      reporterRegistered.add(vitest)
      reporters.push(new RagReporter(getConfig()))
    },
    async transform(source, id) {
      const file = id.split('?')[0] ?? id
      if (!GOLDEN_FILE.test(file)) return null
      const cfg = getConfig()
      // Throws GoldenFileError / UnresolvedLocatorsError listing every problem: the file fails before any case runs.
      const data = await loadGoldenModuleData(cfg, file, source)
      // Prompt templates and corpus files are read with fs, outside the module graph: watch them here so an
      // edit reruns this file's cases.
      for (const path of [...listFiles(cfg.prompts), ...listFiles(cfg.corpus.root)]) this.addWatchFile(path)
      const module = buildGoldenModule(data, RUNTIME_PATH, source, file)
      return { code: module.code, map: module.map, moduleType: 'js' }
    },
  }
  return [plugin]
}
