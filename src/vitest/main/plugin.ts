/**
 * `ragEval(options)`: the one thing a user adds to an `evals` project. It returns the Vite plugins that
 * (a) turn each `*.golden.jsonl` file into a test module, one `test(case_id)` per case, located at the
 * case's line (its resolved cases go to the worker in a prepared-cases file); (b) set project defaults (the `rag` environment, task locations, timeouts, concurrency, the
 * golden-set check that runs before any case); (c) register the scorecard reporter once (not under the blob
 * reporter, whose shards are gated after the merge); (d) watch prompt templates, corpus files, the adapter
 * module and a sourceMap module, so editing one reruns the cases that depend on it.
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import type { Vitest } from 'vitest/node'
import { resolveConfig } from '../../config/resolve.ts'
import type { RagEvalConfig, RagEvalOptions } from '../../config/schema.ts'
import { loadGoldenModuleData } from '../../evaluation/golden-set/golden-set.ts'
import { buildGoldenModule } from './golden-module.ts'
import { writePreparedCases } from '../../evaluation/golden-set/prepared-cases.ts'
import { walkFiles } from '../../shared/util/walk.ts'
import { siblingModulePath } from '../../shared/util/module-path.ts'
import { ragEnvironmentOptions } from '../environment-options.ts'
import { GOLDEN_FILE } from './golden-modules.ts'
import { replaceGithubActionsReporter } from './github-actions.ts'
import { ProgressReporter } from './progress.ts'
import { RagReporter } from './reporter.ts'
import { isCliConfigLoad, isStartupProblem, stopAtStartup, type StartupProblem } from './startup-error.ts'
import { runConfigFile } from './config-files.ts'

const ENVIRONMENT_PATH = siblingModulePath(import.meta.url, '../worker/environment')
const GLOBAL_SETUP_PATH = siblingModulePath(import.meta.url, './global-setup')
const RUNTIME_PATH = siblingModulePath(import.meta.url, '../worker/golden-runtime')

/** Eval projects whose reporter is registered, per Vitest instance (one reporter per project). */
const reporterRegistered = new WeakMap<object, Set<string>>()

function isBlobReporter(entry: unknown): boolean {
  return entry === 'blob' || (Array.isArray(entry) && entry[0] === 'blob')
}

/** A Vitest project's name as configured (a string, or `{ label }`), or undefined when the project has none. */
function projectName(name: unknown): string | undefined {
  if (typeof name === 'string') return name || undefined
  if (name && typeof name === 'object' && 'label' in name && typeof name.label === 'string')
    return name.label || undefined
  return undefined
}

/** Adds the project's reporters to Vitest, once per project even when several projects share one Vitest. */
function registerReporters(vitest: Vitest, cfg: RagEvalConfig): void {
  const registered = reporterRegistered.get(vitest) ?? new Set<string>()
  if (registered.has(cfg.project)) return
  registered.add(cfg.project)
  reporterRegistered.set(vitest, registered)
  const reporters = vitest.config.reporters as unknown[]
  // Without a terminal (CI logs, shards included) nothing shows a long run's progress: a line every 10 s.
  if (!process.stdout.isTTY) reporters.push(new ProgressReporter(cfg.project))
  // A blob-reporting shard is gated after the merge, not on its own.
  if (reporters.some(isBlobReporter)) return
  reporters.push(new RagReporter(cfg))
  // The scorecard reporter annotates each failing case once, at its golden line; Vitest's GitHub Actions
  // reporter would add one per failed expect, located inside the harness. It keeps every other test.
  replaceGithubActionsReporter(reporters)
}

/** The name of the plugin {@link ragEval} returns; the CLI finds a project's options by it. */
export const RAG_EVAL_PLUGIN_NAME = 'vitest-rag:golden'

/**
 * What the plugin exposes on its `api` field so the CLI reads a project's options from the project's own Vitest
 * config: `options` as passed to `ragEval()`, and `config()`, the resolved config once Vite has configured
 * the project (undefined before).
 */
export interface RagEvalPluginApi {
  options: RagEvalOptions
  config(): RagEvalConfig | undefined
}

/**
 * An options problem with the config file that holds the options, and what it did to the run: the plugin ends
 * the process at config time, so no project of the run (the team's unit tests included) ran.
 */
function withConfigFile(error: Error, root: string): StartupProblem {
  const file = runConfigFile(root)
  const where = file ? `the options are in ${relative(root, file) || file}` : 'the options are in the inline config'
  return {
    message: `${error.message}\n(${where}; a bad ragEval option stops the whole run, so the other projects did not run either: fix it and run again)`,
  }
}

/** The Vite plugins of a vitest-rag `evals` project. */
export function ragEval(options: RagEvalOptions = {}): Plugin[] {
  let config: RagEvalConfig | undefined
  const getConfig = (root?: string, project?: string): RagEvalConfig => {
    try {
      config ??= resolveConfig(options, root ?? process.cwd(), process.env, project)
    } catch (error) {
      // A bad option is a startup problem: its list, once, and exit 1 (not a stack trace from Vite's config
      // loader). The CLI loading the config reports it itself, so there it is thrown.
      if (isStartupProblem(error) && !isCliConfigLoad()) stopAtStartup(withConfigFile(error, root ?? process.cwd()))
      throw error
    }
    return config
  }
  const api: RagEvalPluginApi = { options, config: () => config }

  const plugin: Plugin = {
    name: RAG_EVAL_PLUGIN_NAME,
    api,
    enforce: 'pre',
    config(userConfig) {
      const resolved = getConfig(userConfig.root, projectName(userConfig.test?.name))
      return {
        test: {
          include: [resolved.golden],
          environment: ENVIRONMENT_PATH,
          environmentOptions: ragEnvironmentOptions(resolved),
          globalSetup: [GLOBAL_SETUP_PATH],
          // Each golden test carries its case's line (set by the golden runtime), so Vitest need not find it
          // from a stack trace; test locations, `file:line` filters and the IDE work the same.
          testTimeout: resolved.testTimeout,
          maxConcurrency: resolved.concurrency,
        },
      }
    },
    configureVitest({ vitest }: { vitest: Vitest }) {
      registerReporters(vitest, getConfig())
    },
    async transform(source, id) {
      const file = id.split('?')[0] ?? id
      if (!GOLDEN_FILE.test(file)) return null
      const cfg = getConfig()
      // Throws GoldenFileError / UnresolvedLocatorsError listing every problem: the file fails before any case runs.
      const data = await loadGoldenModuleData(cfg, file, source)
      // Prompt templates and corpus files are read with fs, outside the module graph: watch them here so an
      // edit reruns this file's cases.
      for (const path of [...walkFiles(cfg.prompts), ...walkFiles(cfg.corpus.root)]) this.addWatchFile(path)
      // The adapter and a sourceMap module load through a dynamic import the module graph cannot see: named
      // here, they become this file's dependencies, and so do their own imports once loaded.
      if (cfg.adapter.kind === 'module') this.addWatchFile(cfg.adapter.path)
      if (typeof cfg.sourceMap === 'string') this.addWatchFile(cfg.sourceMap)
      // The cases go to the worker in a prepared-cases file, not inside the module (see golden-module.ts).
      const casesPath = writePreparedCases(cfg.outDir, data)
      const module = buildGoldenModule(data.cases[0]?.line ?? 1, RUNTIME_PATH, casesPath, file, source)
      return { code: module.code, map: module.map, moduleType: 'js' }
    },
  }
  return [plugin]
}
