/**
 * `ragEval(options)`: the one thing a user adds to an `evals` project. It returns the Vite plugins that
 * (a) turn each `*.golden.jsonl` file into a test module, one `test(case_id)` per case, located at the
 * case's line (its resolved cases go to the worker in a prepared-cases file); (b) set project defaults (the `rag`
 * environment, task locations, timeouts, concurrency, the golden-set check that runs before any case);
 * (c) register the scorecard reporter once (not under the blob reporter, whose shards are gated after the merge);
 * (d) watch prompt templates and corpus files (`watch-inputs.ts`), the adapter module and a sourceMap module, so
 * editing one reruns the cases that depend on it; (e) set a project whose options are bad aside, so it stops only
 * itself (see broken-projects.ts).
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin, UserConfig } from 'vite'
import type { Vitest } from 'vitest/node'
import { DEFAULT_PROJECT, resolveConfig } from '../../config/resolve.ts'
import type { RagEvalConfig, RagEvalOptions } from '../../config/schema.ts'
import { loadGoldenModuleData } from '../../evaluation/golden-set/golden-set.ts'
import { buildGoldenModule } from './golden-module.ts'
import { writePreparedCases } from '../../evaluation/golden-set/prepared-cases.ts'
import { compiledModulesPattern, siblingModulePath } from '../../shared/util/module-path.ts'
import { ragEnvironmentOptions } from '../environment-options.ts'
import { GOLDEN_FILE } from './golden-modules.ts'
import { replaceGithubActionsReporter } from './github-actions.ts'
import { ProgressReporter } from './progress.ts'
import { RagReporter } from './reporter.ts'
import { isCliConfigLoad, isStartupProblem, stopAtStartup } from './startup-error.ts'
import { handleBrokenProjects, isolateBrokenProject, problemText, type ProjectProblem } from './broken-projects.ts'
import { runConfigFile } from './config-files.ts'
import { RAG_EVAL_PLUGIN_NAME, type RagEvalPluginApi } from './plugin-api.ts'
import { watchReadInputs } from './watch-inputs.ts'

const ENVIRONMENT_PATH = siblingModulePath(import.meta.url, '../worker/environment')
const GLOBAL_SETUP_PATH = siblingModulePath(import.meta.url, './global-setup')
const RUNTIME_PATH = siblingModulePath(import.meta.url, '../worker/golden-runtime')
// The harness's compiled modules (dist/, two levels above this one), or undefined when it runs from source.
const OWN_MODULES = compiledModulesPattern(import.meta.url, '../..')

/** Eval projects already configured, per Vitest instance: one reporter and one watch trigger per project. */
const configuredProjects = new WeakMap<object, Set<string>>()

/** True the first time `project` is configured on `vitest`, even when several projects share one Vitest. */
function firstConfiguration(vitest: Vitest, project: string): boolean {
  const configured = configuredProjects.get(vitest) ?? new Set<string>()
  if (configured.has(project)) return false
  configured.add(project)
  configuredProjects.set(vitest, configured)
  return true
}

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

/** Adds the project's reporters to Vitest. */
function registerReporters(vitest: Vitest, cfg: RagEvalConfig): void {
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

/** An options problem of project `project`, with the config file that holds the options. */
function withConfigFile(error: Error, root: string, project: string): ProjectProblem {
  const file = runConfigFile(root)
  const where = file ? `the options are in ${relative(root, file) || file}` : 'the options are in the inline config'
  return { project, message: error.message, where }
}

/**
 * The test options an eval project gets from its resolved config. `isolate` is false unless the project sets it:
 * the golden files of a run share a worker process and its runtime (the corpus, the resolver, the adapter module,
 * the compiled grading code) instead of building them once per file. Each run still starts new workers, so a watch
 * rerun sees edited prompts and corpus; `isolate: true` in the project's test options restores a process per file.
 */
function evalProjectDefaults(resolved: RagEvalConfig, isolateSet: boolean): UserConfig {
  return {
    test: {
      include: [resolved.golden],
      ...(isolateSet ? {} : { isolate: false }),
      environment: ENVIRONMENT_PATH,
      environmentOptions: ragEnvironmentOptions(resolved),
      globalSetup: [GLOBAL_SETUP_PATH],
      // Each golden test carries its case's line (set by the golden runtime), so Vitest need not find it
      // from a stack trace; test locations, `file:line` filters and the IDE work the same.
      testTimeout: resolved.testTimeout,
      maxConcurrency: resolved.concurrency,
      // Vitest externalizes (loads natively) only what is under node_modules/. A linked install (npm link, a
      // workspace, this repository's own end-to-end tests) has the harness's dist/ elsewhere: Vite would
      // transform every compiled module again in each process, and the global setup and workers would hold a
      // second copy of modules the config already loaded natively. Its own modules always load natively.
      ...(OWN_MODULES ? { server: { deps: { external: [OWN_MODULES] } } } : {}),
    },
  }
}

/**
 * The modules a golden module depends on beyond its imports: the adapter and a sourceMap module load through a
 * dynamic import the module graph cannot see; named here, they become the golden file's dependencies (an edit
 * reruns its cases), and so do their own imports once loaded. Prompt templates and corpus files are read with fs:
 * watch mode reruns on their edits by a trigger pattern (`watch-inputs.ts`), not by a graph entry per file.
 */
function watchedModules(cfg: RagEvalConfig): string[] {
  return [
    ...(cfg.adapter.kind === 'module' ? [cfg.adapter.path] : []),
    ...(typeof cfg.sourceMap === 'string' ? [cfg.sourceMap] : []),
  ]
}

/** The Vite plugins of a vitest-rag `evals` project. */
export function ragEval(options: RagEvalOptions = {}): Plugin[] {
  let config: RagEvalConfig | undefined
  /** Set when the options are bad and the project runs no test files (see broken-projects.ts). */
  let problem: ProjectProblem | undefined
  const getConfig = (root?: string, project?: string): RagEvalConfig => {
    config ??= resolveConfig(options, root ?? process.cwd(), process.env, project)
    return config
  }
  const api: RagEvalPluginApi = { options, config: () => config }

  const plugin: Plugin = {
    name: RAG_EVAL_PLUGIN_NAME,
    api,
    enforce: 'pre',
    config(userConfig) {
      const root = userConfig.root ?? process.cwd()
      const name = projectName(userConfig.test?.name) ?? DEFAULT_PROJECT
      let resolved: RagEvalConfig
      try {
        resolved = getConfig(root, name)
      } catch (error) {
        // The CLI loading the config reports a bad option itself, so there it is thrown; in a run, the
        // project is set aside (or, in a root config that lists projects, the run stops: it is no project).
        if (!isStartupProblem(error) || isCliConfigLoad()) throw error
        problem = withConfigFile(error, root, name)
        if (userConfig.test?.projects) stopAtStartup({ message: problemText(problem, false) })
        return isolateBrokenProject(userConfig, problem)
      }
      return evalProjectDefaults(resolved, userConfig.test?.isolate !== undefined)
    },
    configureVitest({ vitest }: { vitest: Vitest }) {
      if (problem) return handleBrokenProjects(vitest)
      const cfg = getConfig()
      if (!firstConfiguration(vitest, cfg.project)) return
      if (vitest.config.watch) watchReadInputs(vitest, cfg)
      registerReporters(vitest, cfg)
    },
    async transform(source, id) {
      const file = id.split('?')[0] ?? id
      if (problem || !GOLDEN_FILE.test(file)) return null
      const cfg = getConfig()
      // Throws GoldenFileError / UnresolvedLocatorsError listing every problem: the file fails before any case runs.
      const data = await loadGoldenModuleData(cfg, file, source)
      for (const path of watchedModules(cfg)) this.addWatchFile(path)
      // The cases go to the worker in a prepared-cases file, not inside the module (see golden-module.ts).
      const casesPath = writePreparedCases(cfg.outDir, data)
      const module = buildGoldenModule(data.cases[0]?.line ?? 1, RUNTIME_PATH, casesPath, file, source)
      return { code: module.code, map: module.map, moduleType: 'js' }
    },
  }
  return [plugin]
}
