/**
 * The configuration a `vitest-rag` command uses: the `ragEval` options of one project of the project's own
 * Vitest config, loaded by Vitest itself (`createVitest`: TypeScript configs, `projects`, `extends` and config
 * functions work exactly as in `vitest run`), and resolved with the same environment overrides
 * (`VITEST_RAG_OUT_DIR`, ...) as the run. `--config FILE` names the Vitest config, or a file of options (JSON,
 * or a module, TypeScript included, whose default export is the options object).
 */
import { existsSync } from 'node:fs'
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path'
import { ConfigError, DEFAULT_PROJECT, resolveConfig, SAMPLE_KB_ROOT } from '../../config/resolve.ts'
import type { RagEvalConfig, RagEvalOptions } from '../../config/schema.ts'
import { resolveOptionsFile } from '../../config/options-file.ts'
import { closestMatch } from '../../shared/problems/closest.ts'
import { withoutPrefix } from '../../shared/util/errors.ts'
import { RAG_EVAL_PLUGIN_NAME, type RagEvalPluginApi } from './plugin-api.ts'
import { setCliConfigLoad } from './startup-error.ts'
import { hasCommonJsTypeScriptHook } from './typescript-hook.ts'
import { VITEST_CONFIG_FILES, findVitestConfig } from './config-files.ts'

export { VITEST_CONFIG_FILES, findVitestConfig }

/** What a command asked for: `--config FILE` and `--project NAME` (default {@link DEFAULT_PROJECT}). */
export interface ProjectConfigRequest {
  config?: string | undefined
  project?: string | undefined
}

/** A command's configuration and where it came from. */
export interface LoadedProjectConfig {
  config: RagEvalConfig
  /** Where the options came from, for the command's first line: `vitest.config.ts, project "evals"`. */
  origin: string
}

/** Whether a loaded module's default export is a Vite/Vitest config rather than a bare options object. */
function looksLikeViteConfig(value: unknown): boolean {
  if (typeof value === 'function') return true
  return value !== null && typeof value === 'object' && ('test' in value || 'plugins' in value)
}

async function loadModuleExport(path: string): Promise<unknown> {
  const { loadConfigFromFile } = await import('vite')
  const loaded = await loadConfigFromFile({ command: 'serve', mode: 'test' }, path, dirname(path), 'silent')
  return loaded?.config
}

function projectsLine(names: string[]): string {
  return names.length === 0 ? 'it has no projects' : `its projects: ${names.map((n) => JSON.stringify(n)).join(', ')}`
}

/** The error a command prints when the named project is missing or does not use `ragEval()`. */
function projectError(file: string, cwd: string, wanted: string, names: string[], ragProjects: string[]): ConfigError {
  const where = relative(cwd, file) || file
  if (!names.includes(wanted)) {
    const near = closestMatch(wanted, names)
    const fix = near
      ? `did you mean --project ${near}?`
      : ragProjects.length > 0
        ? `pass --project ${ragProjects[0]}`
        : 'add ragEval() to a project (see `npx vitest-rag init`)'
    return new ConfigError(`no project "${wanted}" in ${where} (${projectsLine(names)}); fix: ${fix}`)
  }
  const fix =
    ragProjects.length > 0
      ? `pass --project ${ragProjects[0]}`
      : 'add ragEval() to its plugins (see `npx vitest-rag init`)'
  return new ConfigError(
    `project "${wanted}" in ${where} does not use ragEval() (${ragProjects.length > 0 ? `projects that do: ${ragProjects.join(', ')}` : 'no project does'}); fix: ${fix}`,
  )
}

/** An error a config file's own copy of the plugin threw (another module instance): kept as a ConfigError with its message. */
function asConfigError(error: unknown, file: string): unknown {
  // Vitest sets up a config's projects together and throws their errors as one AggregateError: a bad option of
  // one project is inside (the first of ours is shown; each project's options list every problem of its own).
  if (error instanceof AggregateError) {
    const ours = error.errors.find((e) => String((e as { code?: unknown } | null)?.code).startsWith('VITEST_RAG_'))
    if (ours !== undefined) return asConfigError(ours, file)
  }
  const code = (error as { code?: unknown } | null)?.code
  if (error instanceof ConfigError) return error
  if (error instanceof Error && typeof code === 'string' && code.startsWith('VITEST_RAG_'))
    return new ConfigError(error.message)
  if (error instanceof Error && !(error instanceof ConfigError))
    return new ConfigError(`cannot load ${file}: ${error.message.split('\n')[0]}`)
  return error
}

/** A config error that does not name the config file yet (bad options), with the file that holds them. */
function inConfigFile(error: unknown, where: string): unknown {
  if (!(error instanceof ConfigError) || error.message.includes(where)) return error
  return new ConfigError(`${withoutPrefix(error.message)}\n(the options are in ${where})`)
}

type CreateVitest = typeof import('vitest/node').createVitest

/**
 * Vitest over `file`, configured but not started. Vite bundles a config and imports the bundle (about a second);
 * under a CommonJS TypeScript hook that import fails (see {@link hasCommonJsTypeScriptHook}), so there Vite's
 * module runner loads it directly: the same config, evaluated on the fly. Trying the bundle first and retrying
 * cost every command a second full load. The retry stays for any other hook that breaks the bundle the same way.
 */
async function createVitestFor(
  createVitest: CreateVitest,
  file: string,
  cwd: string,
): Promise<Awaited<ReturnType<CreateVitest>>> {
  const options = { config: file, root: cwd, watch: false, run: true }
  const runner = { ...options, configLoader: 'runner' as const }
  // Silent: Vite's notes on the config file are printed by every `vitest run`, and a failed first attempt is retried.
  if (hasCommonJsTypeScriptHook()) return await createVitest('test', runner, { logLevel: 'silent' })
  try {
    return await createVitest('test', options, { logLevel: 'silent' })
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw error
    return await createVitest('test', runner, { logLevel: 'silent' })
  }
}

/** Loads `file` with Vitest and resolves the options of project `wanted`. */
async function fromVitestConfig(
  file: string,
  cwd: string,
  wanted: string,
  env: NodeJS.ProcessEnv,
): Promise<LoadedProjectConfig> {
  const { createVitest } = await import('vitest/node')
  setCliConfigLoad(true)
  let vitest: Awaited<ReturnType<typeof createVitest>> | undefined
  try {
    vitest = await createVitestFor(createVitest, file, cwd)
    const projects = vitest.projects.map((project) => {
      const name = project.name || DEFAULT_PROJECT
      const plugin = project.vite.config.plugins.find((p) => p.name === RAG_EVAL_PLUGIN_NAME)
      return { name, root: project.config.root, api: plugin?.api as RagEvalPluginApi | undefined }
    })
    const found = projects.find((p) => p.name === wanted)
    if (!found?.api) {
      throw projectError(
        file,
        cwd,
        wanted,
        projects.map((p) => p.name),
        projects.filter((p) => p.api).map((p) => p.name),
      )
    }
    return {
      config: resolveConfig(found.api.options, found.root, env, wanted),
      origin: `${relative(cwd, file) || file}, project "${wanted}"`,
    }
  } catch (error) {
    throw inConfigFile(asConfigError(error, file), relative(cwd, file) || file)
  } finally {
    setCliConfigLoad(false)
    await vitest?.close()
  }
}

/**
 * The configuration of a command (see the module doc): `--config FILE` when given, else the Vitest config in
 * `cwd`, else the default options. Throws {@link ConfigError} for a missing file, an unknown project (with
 * the closest name) or bad options (every problem listed).
 */
export async function loadProjectConfig(
  cwd: string,
  request: ProjectConfigRequest = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<LoadedProjectConfig> {
  const wanted = request.project ?? DEFAULT_PROJECT
  if (request.config !== undefined) {
    const file = resolve(cwd, request.config)
    if (!existsSync(file)) throw new ConfigError(`--config ${request.config}: no such file (looked at ${file})`)
    if (file.endsWith('.json'))
      return { config: await resolveOptionsFile(file, cwd, wanted), origin: `options file ${request.config}` }
    if (VITEST_CONFIG_FILES.includes(basename(file))) return fromVitestConfig(file, cwd, wanted, env)
    const exported = await loadModuleExport(file).catch((error: unknown) => {
      throw asConfigError(error, file)
    })
    if (looksLikeViteConfig(exported)) return fromVitestConfig(file, cwd, wanted, env)
    return {
      config: resolveConfig(exported as RagEvalOptions, dirname(file), env, wanted),
      origin: `options file ${request.config}`,
    }
  }
  const found = findVitestConfig(cwd)
  if (found !== undefined) return fromVitestConfig(found, cwd, wanted, env)
  return { config: resolveConfig({}, cwd, env, wanted), origin: `default options (no Vitest config in ${cwd})` }
}

/**
 * The first line a command prints: which project, corpus, golden files and output folder it uses, relative
 * to the project root, e.g. `vitest.config.ts, project "evals": corpus evals/kb, golden golden/**\/*.golden.jsonl, out .vitest-rag/evals`.
 */
export function describeProjectConfig(loaded: LoadedProjectConfig): string {
  const { config } = loaded
  // Relative to the project root when inside it; a path outside (the bundled sample corpus, a shared dataset
  // folder) is shown whole rather than as a climb of `../` nobody can follow.
  const rel = (p: string) => {
    const r = relative(config.root, p)
    return r === '' ? '.' : r.startsWith('..') || isAbsolute(r) ? p : r
  }
  const shown = rel(config.corpus.root)
  const corpus = config.corpus.root === SAMPLE_KB_ROOT && isAbsolute(shown) ? 'the bundled sample corpus' : shown
  return `${loaded.origin}: corpus ${corpus} (${config.corpus.kind}), golden ${config.golden}, out ${rel(config.outDir)}`
}
