/**
 * Runs once, in the main process, before any golden case: checks the whole golden set (every file parses,
 * case ids are unique across files, every locator resolves against the corpus) and stops the run with every
 * problem listed, so a stale golden set fails in seconds, loudly, instead of looking like a recall drop. Every
 * case's tenant and every expected source's tenant must exist in the corpus; an HTTP adapter's header env vars
 * must be set.
 */
import { modelConfigProblems } from './models-check.ts'
import type { TestProject } from 'vitest/node'
import { formatProblems } from '../../shared/problems/problems.ts'
import type { RagEvalConfig } from '../../config/schema.ts'
import { rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ResumeNeedsCacheError } from '../../llm/errors.ts'
import { checkGoldenSet, type GoldenSet } from '../../evaluation/golden-set/golden-set.ts'
import { checkRunPrompts } from '../../evaluation/run-prompts.ts'
import { prepareCorpus } from '../../corpus/prepare-corpus.ts'
import type { CodeOf } from '../../shared/util/error-code-types.ts'
import { VitestRagError } from '../../shared/util/errors.ts'
import { isStartupProblem, stopAtStartup } from './startup-error.ts'
import { userModuleProblems } from './user-modules-check.ts'

/** The golden set has problems; the run stops before any case executes. */
export class GoldenSetError extends VitestRagError<CodeOf<'GoldenSetError'>> {
  constructor(message: string) {
    super('VITEST_RAG_GOLDEN_SET_INVALID', message)
  }
}

/** Vitest global setup entry: a startup problem is printed once as its list of problems, and the run exits 1. */
export default async function setup(project: TestProject): Promise<void> {
  const config = project.config.environmentOptions?.rag
  if (!config) return
  try {
    await checkBeforeRun(config, project)
  } catch (error) {
    if (isStartupProblem(error)) stopAtStartup(error)
    throw error
  }
}

/** The embedding dimension probe, once for the whole run, before any worker starts (workers read its record). */
async function probeOnce(config: RagEvalConfig): Promise<void> {
  const vectorArm = config.search.arm === 'vector' || config.search.arm === 'hybrid'
  if (!config.models || config.dryRun || !vectorArm || config.adapter.kind !== 'reference') return
  const [{ createModelClients }, { embeddingDimensions }, { modelClientOptions }] = await Promise.all([
    import('../../llm/index.ts'),
    import('../../llm/probe.ts'),
    import('../../evaluation/runtime-parts.ts'),
  ])
  const clients = createModelClients(config.models, modelClientOptions(config))
  if (clients.embedder) await embeddingDimensions(clients.embedder, config.outDir)
}

/**
 * A run with models: resets the run's shared spend ledger, provider stats and probe record (a resumed run keeps
 * what the interrupted one spent) and prints the worst-case estimate, refusing a run that could exceed the
 * spend limit. True when an estimate was printed. The model client is loaded only here: an offline run never
 * loads it.
 */
async function prepareModelRun(config: RagEvalConfig, set: GoldenSet): Promise<boolean> {
  const models = config.models
  if (!models) return false
  const [
    { assertEstimateWithinLimit, resetSpendFile },
    { PROBE_FILE },
    { modelClientOptions },
    { estimateEvalCost },
    { clearProviderStats },
  ] = await Promise.all([
    import('../../llm/index.ts'),
    import('../../llm/probe.ts'),
    import('../../evaluation/runtime-parts.ts'),
    import('../../evaluation/estimate.ts'),
    import('../../evaluation/provider-stats.ts'),
  ])
  // One spend ledger for the whole run, shared by every worker through a file.
  const { spendFile } = modelClientOptions(config)
  if (!config.resume && !config.dryRun) {
    resetSpendFile(spendFile)
    clearProviderStats(config.outDir)
    rmSync(join(config.outDir, PROBE_FILE), { force: true })
  }
  const limit = models.spendLimitUsd
  const estimate = estimateEvalCost(config, set, await prepareCorpus(config.corpus, config.chunker))
  if (!estimate) return false
  console.log(
    `vitest-rag: estimated worst-case cost of this run: $${estimate.totalUsd.toFixed(4)} over ${estimate.calls} model calls${limit === undefined ? ' (no spend limit set)' : ` (limit $${limit})`}`,
  )
  if (limit !== undefined) assertEstimateWithinLimit(estimate, limit)
  return true
}

async function checkBeforeRun(config: RagEvalConfig, project: TestProject): Promise<void> {
  // First: with the cache off a resumed run would repeat every paid call, whatever else the list would say.
  if (config.resume && config.models?.cacheMode === 'off') throw new ResumeNeedsCacheError()
  const { set, problems: goldenProblems, warnings } = await checkGoldenSet(config)
  if (warnings.length > 0)
    console.warn(
      `vitest-rag: ${warnings.length} warning${warnings.length === 1 ? '' : 's'} in the golden set:\n${formatProblems(warnings)}`,
    )
  // The team's own modules are imported here, as the cases will import them, so a wrong path or export is one
  // line of this list instead of one failure per case.
  const problems = [
    ...goldenProblems,
    ...(await userModuleProblems(config, (path) => project.import(path))),
    ...(await modelConfigProblems(config)),
  ]
  if (problems.length > 0) {
    const what = problems.length === goldenProblems.length ? 'the golden set has' : 'found'
    throw new GoldenSetError(
      `${what} ${problems.length} problem${problems.length === 1 ? '' : 's'}; no case was run:\n${formatProblems(problems)}`,
    )
  }
  if (config.adapter.kind === 'http' && !config.dryRun) {
    // Once, here: a missing token would otherwise fail every case with the same message.
    const { missingHeaderEnv } = await import('../../system/adapter/http-adapter.ts')
    const missing = missingHeaderEnv(config.adapter.headersFromEnv)
    if (missing) throw new GoldenSetError(missing)
  }
  if (config.adapter.kind === 'recorded' && !config.dryRun) await checkRecordedOutputs(config.adapter.path, config, set)
  checkRunPrompts(config)
  if (set.files.length === 0) {
    throw new GoldenSetError(`no golden files match "${config.golden}" under ${config.root}`)
  }
  const estimated = await prepareModelRun(config, set)
  await probeOnce(config)
  if (config.dryRun && !estimated) {
    // A dry run always prints a figure, even when nothing is priced.
    console.log(
      'vitest-rag: estimated worst-case cost of this run: $0.0000 over 0 model calls (no model is configured: the run is offline)',
    )
  }
  if (config.dryRun) {
    console.log(
      `vitest-rag: dry run: ${set.expectedCases} case(s) would run${config.models ? '' : ' offline, at no model cost'}; no case is executed`,
    )
  }
}

/**
 * The recorded-outputs file, read once here: a bad line would otherwise fail every case with the same list.
 * Outputs recorded for no golden case would never be scored, and cases with no output will each error: both
 * are said before any case runs, so a stale recording is not mistaken for a system change.
 */
async function checkRecordedOutputs(path: string, config: RagEvalConfig, set: GoldenSet): Promise<void> {
  const { loadRecordedOutputs, recordedCoverage } = await import('../../system/adapter/recorded-adapter.ts')
  const label = relative(config.root, path)
  const outputs = await loadRecordedOutputs(path, label)
  const golden = set.files.flatMap((f) => f.parsed.cases.map((c) => c.case.case_id))
  const { unknown } = recordedCoverage(outputs, golden)
  const { missing } = recordedCoverage(outputs, [...set.selected])
  const some = (ids: string[]) =>
    `${ids.slice(0, 10).join(', ')}${ids.length > 10 ? `, and ${ids.length - 10} more` : ''}`
  if (unknown.length > 0)
    console.warn(
      `vitest-rag: ${label} records ${unknown.length} output(s) for case ids no golden file has (${some(unknown)}): they are not scored; a renamed case or a recording of another golden set?`,
    )
  if (missing.length > 0)
    console.warn(
      `vitest-rag: ${missing.length} case(s) have no output in ${label} and will error (${some(missing)}): record them (ragEval({ recordOutputs: true }) on a live run writes <outDir>/outputs.jsonl) or remove the cases`,
    )
}
