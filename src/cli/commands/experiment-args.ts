/**
 * The flags every experiment command shares (where the golden set, corpus and configuration come from, where
 * the result goes, the statistics' seed and resamples) and the one place their input errors are printed.
 */
import { formatProblems, type Problem } from '../../shared/problems/problems.ts'
import {
  loadExperimentSource,
  resolveCases,
  type ExperimentSource,
  type SourceArgs,
} from '../../lab/experiments/experiment-source.ts'
import type { ModuleCase } from '../../cases/prepared-case.ts'
import type { PreparedCorpus } from '../../corpus/prepare-corpus.ts'
import { VitestRagError, withoutPrefix } from '../../shared/util/errors.ts'
import { DEFAULT_PROJECT } from '../../config/resolve.ts'
import { describeProjectConfig, loadProjectConfig } from '../../vitest/main/project-config.ts'
import { CliUsageError, type CliIo } from './command.ts'
import { stringFlag, type CliOptions, type ParsedCliArgs } from './args.ts'
import { checkSpend, DRY_RUN_OPTION, DRY_RUN_USAGE } from './spend-guard.ts'
import { planCaseCalls } from '../../evaluation/estimate.ts'
import { estimateRunCost, mergePrices } from '../../llm/index.ts'
import type { GoldenCase } from '../../cases/schema.ts'

/** Options of every experiment command. */
export const SOURCE_OPTIONS: CliOptions = {
  config: { type: 'string' },
  project: { type: 'string' },
  beir: { type: 'string' },
  'join-by-title': { type: 'boolean' },
  limit: { type: 'string' },
  models: { type: 'boolean' },
  out: { type: 'string' },
  seed: { type: 'string' },
  resamples: { type: 'string' },
  ...DRY_RUN_OPTION,
}

/** Usage lines of {@link SOURCE_OPTIONS}. */
export const SOURCE_USAGE = `Inputs (default: the ragEval options of the project's Vitest config, as \`vitest run\` reads them):
  --project NAME     the Vitest project whose ragEval options to use (default ${DEFAULT_PROJECT})
  --config FILE      the Vitest config (default: vitest.config.* or vite.config.* here), or a file of ragEval
                     options: .json, or a module (.ts, .js) whose default export is the options object
  --beir DIR         a BEIR dataset instead: judged queries become cases with document locators,
                     queries with metadata.is_impossible become must-abstain (out_of_scope) cases
  --join-by-title    BEIR: join documents that share a title; judged documents become span locators
  --limit N          only the first N cases
  --models           allow model calls (the configured generator, judge, embedder); default: offline. The
                     worst-case cost of every run the command makes is printed first, and a run over the
                     models' spendLimitUsd is refused before any call
${DRY_RUN_USAGE}
Output:
  --out FILE         result JSON (default <outDir>/experiments/<command>.json, outDir from the config)
  --seed N           seed of the bootstrap and permutation resamples (default: the config's seed)
  --resamples N      bootstrap and permutation resamples (default 10000)`

/** A whole number flag >= `min`, or `fallback` when absent. */
export function intFlag(values: ParsedCliArgs['values'], name: string, min: number, fallback: number): number
export function intFlag(
  values: ParsedCliArgs['values'],
  name: string,
  min: number,
  fallback?: number,
): number | undefined
export function intFlag(
  values: ParsedCliArgs['values'],
  name: string,
  min: number,
  fallback?: number,
): number | undefined {
  const raw = stringFlag(values, name)
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min)
    throw new CliUsageError(`--${name} needs a whole number >= ${min}, got ${JSON.stringify(raw)}`)
  return n
}

/** The source flags as {@link SourceArgs}. */
export function sourceArgs(values: ParsedCliArgs['values']): SourceArgs {
  const config = stringFlag(values, 'config')
  const beir = stringFlag(values, 'beir')
  if (config !== undefined && beir !== undefined) throw new CliUsageError('give --config or --beir, not both')
  if (values['join-by-title'] === true && beir === undefined)
    throw new CliUsageError('--join-by-title applies to --beir datasets only')
  const limit = intFlag(values, 'limit', 1)
  const project = stringFlag(values, 'project')
  if (project !== undefined && beir !== undefined)
    throw new CliUsageError('--project names a Vitest project: it does not apply to --beir datasets')
  return {
    ...(config ? { config } : {}),
    ...(project ? { project } : {}),
    ...(beir ? { beir } : {}),
    joinByTitle: values['join-by-title'] === true,
    models: values.models === true,
    ...(limit ? { limit } : {}),
  }
}

/**
 * Whether `error` is one of vitest-rag's own (bad input, an unreadable file: printed with its fix, exit 1)
 * rather than a bug (rethrown with its stack).
 */
export function isInputError(error: unknown): error is VitestRagError {
  return error instanceof VitestRagError
}

/** Loads the source, printing an input error to stderr and resolving to undefined instead of throwing. */
export async function loadSourceOrReport(
  command: string,
  args: SourceArgs,
  io: CliIo,
): Promise<ExperimentSource | undefined> {
  try {
    if (args.beir !== undefined) return await loadExperimentSource(args, io.cwd)
    const loaded = await loadProjectConfig(io.cwd, { config: args.config, project: args.project })
    io.stderr(`vitest-rag ${command}: ${describeProjectConfig(loaded)}\n`)
    return await loadExperimentSource({ ...args, projectConfig: loaded.config }, io.cwd)
  } catch (error) {
    if (!isInputError(error)) throw error
    io.stderr(`vitest-rag ${command}: ${withoutPrefix(error.message)}\n`)
    return undefined
  }
}

/** Prints unresolved locators (every one at once) for a chunker; true when there were any. */
export function reportLocatorProblems(
  command: string,
  chunker: string,
  problems: readonly Problem[],
  io: CliIo,
): boolean {
  if (problems.length === 0) return false
  io.stderr(
    `vitest-rag ${command}: ${problems.length} expected source(s) do not resolve with chunker ${chunker}:\n${formatProblems(problems)}\n`,
  )
  return true
}

/** An experiment's inputs with the cases resolved against one chunking of the corpus. */
export interface ResolvedSource {
  source: ExperimentSource
  chunker: string
  prepared: PreparedCorpus
  cases: Array<ModuleCase & { file: string }>
}

/**
 * Loads the source, prints its notes, chunks the corpus with `chunker` (default: the config's) and resolves
 * every case's locators; on an input problem prints it (every unresolved locator at once) and resolves to
 * undefined.
 */
export async function loadResolvedSource(
  command: string,
  args: SourceArgs,
  io: CliIo,
  chunker?: string,
): Promise<ResolvedSource | undefined> {
  const source = await loadSourceOrReport(command, args, io)
  if (!source) return undefined
  for (const note of source.notes) io.stderr(`vitest-rag ${command}: ${note}\n`)
  const spec = chunker ?? source.config.chunker
  const prepared = await source.prepare(spec)
  const { cases, problems } = resolveCases(source, prepared)
  if (reportLocatorProblems(command, spec, problems, io)) return undefined
  return { source, chunker: spec, prepared, cases }
}

/**
 * The up-front spend check of an experiment: one full run over `cases` per entry of `runs` (an arm, a
 * repetition, a chunking: each with its own config and chunks), planned and priced by the Vitest run's own
 * estimate (`evaluation/estimate.ts`, no cache hit assumed), against the models' spend limit. Offline (no
 * `--models`) it goes on silently. An exit code to stop with, or undefined to go on (see `checkSpend`).
 */
export function checkExperimentSpend(
  command: string,
  cases: ReadonlyArray<{ case: GoldenCase }>,
  runs: ReadonlyArray<{ config: ExperimentSource['config']; prepared: PreparedCorpus }>,
  values: ParsedCliArgs['values'],
  io: CliIo,
): number | undefined {
  const golden = cases.map((c) => c.case)
  const calls = runs.flatMap((run) => planCaseCalls(run.config, golden, run.prepared) ?? [])
  const config = runs[0]?.config
  const estimate =
    config?.models === undefined ? undefined : estimateRunCost({ calls }, mergePrices(config.models.prices))
  const limit = config?.models?.spendLimitUsd ?? Number.POSITIVE_INFINITY
  return checkSpend(command, estimate, limit, values['dry-run'] === true, io)
}
