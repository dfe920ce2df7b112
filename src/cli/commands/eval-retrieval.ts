/**
 * `vitest-rag eval-retrieval`: every retrieval arm preset over the same golden set and chunks, with recall@5,
 * recall@20, MRR, hit@1/5/10 and nDCG@10 per arm and per case type, and each arm's paired BCa bootstrap +
 * permutation test against the reference arm. Vector arms use the offline hash embedder unless `--models` allows
 * the configured embedding model.
 */
import { snapshotConfig } from '../../config/resolve.ts'
import type { CaseMetrics } from '../../lab/experiments/metric-summary.ts'
import { ARM_PRESETS, REFERENCE_PRESET, type Preset } from '../../lab/experiments/presets.ts'
import { createProgress } from '../../lab/experiments/progress.ts'
import {
  armTable,
  RETRIEVAL_EXPERIMENT_KS,
  significanceTable,
  summarizeArms,
  type ArmOutcome,
} from '../../lab/experiments/retrieval-experiment.ts'
import { createRetrievalRuntime, evaluateCases } from '../../lab/experiments/run-cases.ts'
import { formatTextTable } from '../../lab/experiments/text-table.ts'
import { saveExperimentResult } from '../../lab/experiments/write-result.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { CliUsageError, type CliCommand, type CliIo } from './command.ts'
import { parseCliArgs, stringFlag, type ParsedCliArgs } from './args.ts'
import {
  checkExperimentSpend,
  intFlag,
  loadResolvedSource,
  sourceArgs,
  SOURCE_OPTIONS,
  SOURCE_USAGE,
} from './experiment-args.ts'

const usage = `Usage: vitest-rag eval-retrieval [--arms a,b,...] [--reference ARM] [--chunker SPEC] [inputs] [output]

Runs every retrieval arm over the same golden set and chunks and prints recall@5, recall@20, MRR, hit@1/5/10
and nDCG@10 per arm and per case type, each arm's difference from the reference arm (* = confirmed by the
paired BCa bootstrap interval and permutation test), and writes the result JSON.
  --arms LIST        arm presets (default all): ${ARM_PRESETS.map((p) => p.name).join(', ')}
  --reference ARM    the arm the others are tested against (default ${REFERENCE_PRESET.name})
  --chunker SPEC     chunker for every arm (default: the config's)
${SOURCE_USAGE}

Exit code: 0 after writing, 1 on an input problem (golden set, corpus, locators), 2 on a usage error.`

/** The data of an `eval-retrieval` result. */
export interface EvalRetrievalData {
  reference: string
  chunker: string
  arms: ArmOutcome[]
  /** Cases whose retrieval is unscored (must-abstain). */
  unscored: number
}

function choosePresets(list: string | undefined, reference: string): Preset[] {
  const names =
    list === undefined
      ? ARM_PRESETS.map((p) => p.name)
      : list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
  const presets = names.map((name) => {
    const preset = ARM_PRESETS.find((p) => p.name === name)
    if (!preset)
      throw new CliUsageError(
        `unknown arm preset ${JSON.stringify(name)} (expected one of ${ARM_PRESETS.map((p) => p.name).join(', ')})`,
      )
    return preset
  })
  if (!presets.some((p) => p.name === reference))
    throw new CliUsageError(`the reference arm ${JSON.stringify(reference)} must be among --arms`)
  return presets
}

/** The scored cases' retrieval metrics. */
export function retrievalMetricsOf(records: readonly CaseRecord[]): CaseMetrics[] {
  return records
    .filter((r) => r.retrieval.scored)
    .map((r) => ({ caseId: r.caseId, caseType: r.caseType, metrics: r.retrieval.metrics }))
}

type ResolvedSource = NonNullable<Awaited<ReturnType<typeof loadResolvedSource>>>

/**
 * Runs each arm over the resolved cases: its per-case retrieval metrics and wall time, and how many cases had
 * nothing to score (must abstain).
 */
async function runArms(
  presets: readonly Preset[],
  config: ResolvedSource['source']['config'],
  prepared: ResolvedSource['prepared'],
  cases: ResolvedSource['cases'],
  io: Parameters<CliCommand['run']>[1],
): Promise<{ arms: Array<{ arm: string; description: string; cases: CaseMetrics[]; ms: number }>; unscored: number }> {
  const arms: Array<{ arm: string; description: string; cases: CaseMetrics[]; ms: number }> = []
  let unscored = 0
  for (const preset of presets) {
    const started = performance.now()
    const runtime = await createRetrievalRuntime(config, prepared, preset.config.search)
    const records = await evaluateCases(
      runtime,
      cases,
      createProgress(io.stderr, `eval-retrieval: ${preset.name}`, cases.length),
    )
    const metrics = retrievalMetricsOf(records)
    unscored = records.length - metrics.length
    arms.push({ arm: preset.name, description: preset.description, cases: metrics, ms: performance.now() - started })
  }
  return { arms, unscored }
}

/** The up-front spend check: one retrieval run per arm (see `checkExperimentSpend`). */
function checkArmsSpend(
  presets: readonly Preset[],
  config: ResolvedSource['source']['config'],
  loaded: Pick<ResolvedSource, 'cases' | 'prepared'>,
  values: ParsedCliArgs['values'],
  io: CliIo,
): number | undefined {
  const runs = presets.map((p) => ({
    config: { ...config, mode: 'retrieval' as const, search: { ...config.search, arm: p.config.search.arm } },
    prepared: loaded.prepared,
  }))
  return checkExperimentSpend('eval-retrieval', loaded.cases, runs, values, io)
}

/** The `eval-retrieval` command. */
export const evalRetrievalCommand: CliCommand = {
  usage,
  async run(argv, io) {
    const { values } = parseCliArgs(argv, {
      ...SOURCE_OPTIONS,
      arms: { type: 'string' },
      reference: { type: 'string' },
      chunker: { type: 'string' },
    })
    const reference = stringFlag(values, 'reference') ?? REFERENCE_PRESET.name
    const presets = choosePresets(stringFlag(values, 'arms'), reference)
    const loaded = await loadResolvedSource('eval-retrieval', sourceArgs(values), io, stringFlag(values, 'chunker'))
    if (!loaded) return 1
    const { source, chunker, prepared, cases } = loaded
    const config = {
      ...source.config,
      ks: [...new Set([...source.config.ks, ...RETRIEVAL_EXPERIMENT_KS])].sort((a, b) => a - b),
    }
    const stop = checkArmsSpend(presets, config, loaded, values, io)
    if (stop !== undefined) return stop
    const { arms, unscored } = await runArms(presets, config, prepared, cases, io)
    const seed = intFlag(values, 'seed', 0, config.seed)
    const resamples = intFlag(values, 'resamples', 100, 10_000)
    const outcomes = summarizeArms(arms, reference, { seed, resamples })
    const table = armTable(outcomes)
    const significance = significanceTable(outcomes, reference)
    io.stdout(
      `vitest-rag eval-retrieval: ${source.description}; chunker ${chunker} (${prepared.chunks.length} chunks); ${cases.length - unscored} scored, ${unscored} unscored (must abstain); reference ${reference}\n\n`,
    )
    io.stdout(formatTextTable(table))
    io.stdout(
      `\nPaired against ${reference} (mean difference, 95% BCa interval, permutation p; * = both confirm at 0.05):\n\n`,
    )
    io.stdout(formatTextTable(significance))

    const path = await saveExperimentResult<EvalRetrievalData>(
      {
        kind: 'eval-retrieval',
        argv: ['eval-retrieval', ...argv],
        configSnapshot: {
          ...snapshotConfig({ ...config, chunker }),
          experiment: { arms: presets, reference, seed, resamples },
        },
        goldenSetHash: source.goldenSetHash,
        corpusFingerprint: prepared.corpus.fingerprint,
        cases: cases.length,
        table,
        data: { reference, chunker, arms: outcomes, unscored },
      },
      { outDir: config.outDir, cwd: io.cwd, out: stringFlag(values, 'out') },
    )
    io.stdout(`\nwrote ${path}\n`)
    return 0
  },
}
