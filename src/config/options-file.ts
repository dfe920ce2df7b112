/**
 * A ragEval options file (`--config FILE`: a JSON file, or a module whose default export is the options object),
 * read and resolved exactly as the Vitest run resolves the options. Used by the experiment commands' inputs
 * (`lab/experiments/experiment-source.ts`) and by a command's project configuration (`vitest/main/project-config.ts`).
 */
import { readFile } from 'node:fs/promises'
import { dirname, extname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError } from './errors.ts'
import { resolveConfig } from './resolve.ts'
import type { RagEvalConfig, RagEvalOptions } from './schema.ts'

/** Makes the error for an options file that cannot be read (default: a {@link ConfigError}). */
export type OptionsFileError = (message: string) => Error

async function readOptions(path: string, fail: OptionsFileError): Promise<RagEvalOptions> {
  if (extname(path) === '.json') {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as RagEvalOptions
    } catch (error) {
      throw fail(
        `cannot read the options file ${path}: ${(error as Error).message} (fix: a JSON object of ragEval options)`,
      )
    }
  }
  const mod = (await import(pathToFileURL(path).href)) as { default?: unknown }
  if (mod.default === null || typeof mod.default !== 'object')
    throw fail(`${path} must export default the ragEval options object`)
  return mod.default as RagEvalOptions
}

/**
 * The resolved configuration of a ragEval options file (relative paths against the file's folder), or of the
 * default options (against `cwd`) when there is no file. Throws `ConfigError` listing every bad option, and
 * `fail`'s error when the file cannot be read.
 */
export async function resolveOptionsFile(
  file: string | undefined,
  cwd: string,
  project?: string,
  fail: OptionsFileError = (message) => new ConfigError(message),
): Promise<RagEvalConfig> {
  const path = file === undefined ? undefined : resolve(cwd, file)
  const options = path === undefined ? {} : await readOptions(path, fail)
  return resolveConfig(options, path === undefined ? cwd : dirname(path), process.env, project)
}
