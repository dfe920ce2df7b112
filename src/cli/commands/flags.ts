/**
 * Numeric, path and model-file flags shared by the golden-set commands (build-testset, synthesize, qrels, feedback,
 * promote): parsed once, refused with a message that quotes the value and says what is expected.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { CliUsageError } from './command.ts'
import { stringFlag, type ParsedCliArgs } from './args.ts'
import type { CorpusSource } from '../../corpus/source.ts'
import { REPORT_FILES } from '../../config/resolve.ts'
import { describeProjectConfig, loadProjectConfig } from '../../vitest/main/project-config.ts'
import type { CliIo } from './command.ts'
import { prepareCorpus, type PreparedCorpus } from '../../corpus/prepare-corpus.ts'
import { defaultBeirLoadOptions } from '../../corpus/load-beir.ts'
import { LlmError, createModelClients, defaultCacheDir, type ModelClients } from '../../llm/index.ts'
import { withoutPrefix } from '../../shared/util/errors.ts'

/** A numeric flag within `[min, max]` (whole when `integer`), or `fallback` when absent. */
export function numberFlag(
  values: ParsedCliArgs['values'],
  name: string,
  fallback: number,
  range: { min: number; max?: number; integer?: boolean },
): number {
  const raw = stringFlag(values, name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  const bad =
    raw.trim() === '' ||
    !Number.isFinite(value) ||
    value < range.min ||
    (range.max !== undefined && value > range.max) ||
    (range.integer === true && !Number.isInteger(value))
  if (bad) {
    const kind = range.integer ? 'a whole number' : 'a number'
    throw new CliUsageError(
      `--${name} must be ${kind} ${range.max === undefined ? `>= ${range.min}` : `from ${range.min} to ${range.max}`}, got ${JSON.stringify(raw)}`,
    )
  }
  return value
}

/** A required string flag. */
export function requiredFlag(values: ParsedCliArgs['values'], name: string, what: string): string {
  const value = stringFlag(values, name)
  if (value === undefined) throw new CliUsageError(`--${name} ${what} is required`)
  return value
}

/** A path flag resolved against `cwd` that must exist. */
export function existingPath(cwd: string, flag: string, value: string, what: string): string {
  const path = resolve(cwd, value)
  if (!existsSync(path))
    throw new CliUsageError(`--${flag} ${JSON.stringify(value)}: no such ${what} (looked at ${path})`)
  return path
}

/**
 * Builds the model clients from a `--models FILE` (the JSON `models` config), with the cache directory
 * resolved against `cwd` and an optional spend limit override. Refusals (bad config, unpriced model) surface
 * as usage errors naming the file.
 */
export function modelClientsFromFile(cwd: string, file: string, spendLimitUsd?: number): ModelClients {
  const path = existingPath(cwd, 'models', file, 'file')
  let config: { cacheDir?: string }
  try {
    config = JSON.parse(readFileSync(path, 'utf8')) as typeof config
  } catch (error) {
    throw new CliUsageError(`--models ${JSON.stringify(file)}: not valid JSON (${(error as Error).message})`)
  }
  try {
    return createModelClients(config, {
      cacheDir: resolve(cwd, config.cacheDir ?? defaultCacheDir),
      ...(spendLimitUsd === undefined ? {} : { spendLimitUsd }),
    })
  } catch (error) {
    if (error instanceof LlmError) throw new CliUsageError(`--models ${path}: ${withoutPrefix(error.message)}`)
    throw error
  }
}

/** The corpus flags (`--kb DIR` or `--beir DIR`, `--chunker SPEC`) as a loaded, chunked corpus. */
export async function corpusFromFlags(values: ParsedCliArgs['values'], cwd: string): Promise<PreparedCorpus> {
  const kb = stringFlag(values, 'kb')
  const beir = stringFlag(values, 'beir')
  if ((kb === undefined) === (beir === undefined)) throw new CliUsageError('give exactly one of --kb DIR or --beir DIR')
  const source: CorpusSource =
    kb !== undefined
      ? { kind: 'kb', root: existingPath(cwd, 'kb', kb, 'folder') }
      : { kind: 'beir', root: existingPath(cwd, 'beir', beir ?? '', 'folder'), tenant: defaultBeirLoadOptions.tenantId }
  return prepareCorpus(source, stringFlag(values, 'chunker') ?? 'structural')
}

/** Option declarations of {@link corpusFromFlags}. */
export const corpusOptions = { kb: { type: 'string' }, beir: { type: 'string' }, chunker: { type: 'string' } } as const

/** `--project NAME` and `--config FILE`: whose scorecard and baseline (default `evals`); explicit file flags win. */
export const projectOption = { project: { type: 'string' }, config: { type: 'string' } } as const

/**
 * The scorecard and baseline paths of a command line: `--scorecard` / `--baseline`, else where the reporter
 * writes them for `--project` (default `evals`): the project's `outDir` and `baseline` from its Vitest config
 * (or `--config`), with `VITEST_RAG_OUT_DIR` / `VITEST_RAG_BASELINE` applied as in the run. When the config is
 * read, its one-line description goes to stderr first.
 */
export async function projectPaths(
  io: CliIo,
  values: ParsedCliArgs['values'],
  command: string,
): Promise<{ scorecard: string; baseline: string; feedbackQueue?: string | false }> {
  const scorecard = stringFlag(values, 'scorecard')
  const baseline = stringFlag(values, 'baseline')
  if (scorecard !== undefined && baseline !== undefined)
    return { scorecard: resolve(io.cwd, scorecard), baseline: resolve(io.cwd, baseline) }
  const loaded = await loadProjectConfig(io.cwd, {
    config: stringFlag(values, 'config'),
    project: stringFlag(values, 'project'),
  })
  io.stderr(`vitest-rag ${command}: ${describeProjectConfig(loaded)}\n`)
  return {
    scorecard:
      scorecard === undefined ? join(loaded.config.outDir, REPORT_FILES.scorecard) : resolve(io.cwd, scorecard),
    baseline: baseline === undefined ? loaded.config.baseline : resolve(io.cwd, baseline),
    feedbackQueue: loaded.config.feedbackQueue,
  }
}
