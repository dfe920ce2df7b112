/**
 * `vitest-rag chunking-experiment`: structural chunking against fixed windows of 500 to 8000 characters, with
 * the golden locators resolved afresh for every chunker and one search arm: chunk counts, hit@1/5/10, nDCG@10
 * and MRR per chunker, paired tests against the reference chunker, and the answer to "does top-1 hit peak at a
 * middle size while top-10 keeps rising?".
 */
import { snapshotConfig } from '../../config/resolve.ts'
import { parseChunkerSpec } from '../../corpus/chunk.ts'
import {
  chunkerOutcome,
  chunkingTable,
  CHUNKING_METRICS,
  describeSizeTrend,
  type ChunkerOutcome,
  type SizeTrend,
} from '../../lab/experiments/chunking-experiment.ts'
import { resolveCases } from '../../lab/experiments/experiment-source.ts'
import { compareMetrics, pairedTestTable, type CaseMetrics } from '../../lab/experiments/metric-summary.ts'
import { ARM_PRESETS, CHUNKER_PRESETS, REFERENCE_PRESET, type Preset } from '../../lab/experiments/presets.ts'
import { createProgress } from '../../lab/experiments/progress.ts'
import { createRetrievalRuntime, evaluateCases } from '../../lab/experiments/run-cases.ts'
import { formatTextTable } from '../../lab/experiments/text-table.ts'
import { saveExperimentResult } from '../../lab/experiments/write-result.ts'
import type { RunComparison } from '../../shared/stats/compare.ts'
import { CliUsageError, type CliCommand, type CliIo } from './command.ts'
import { parseCliArgs, stringFlag, type ParsedCliArgs } from './args.ts'
import { retrievalMetricsOf } from './eval-retrieval.ts'
import {
  intFlag,
  checkExperimentSpend,
  loadSourceOrReport,
  reportLocatorProblems,
  sourceArgs,
  SOURCE_OPTIONS,
  SOURCE_USAGE,
} from './experiment-args.ts'

const usage = `Usage: vitest-rag chunking-experiment [--chunkers a,b,...] [--arm ARM] [inputs] [output]

Chunks the corpus with each chunker, resolves the golden locators afresh against each chunking, runs one
search arm, and prints chunk counts, hit@1/5/10, nDCG@10 and MRR per chunker, the difference of each from
the first chunker (paired test), and whether top-1 hit peaks at a middle size while top-10 keeps rising.
  --chunkers LIST    chunker presets or specs (default: ${CHUNKER_PRESETS.map((p) => p.name).join(', ')})
  --arm ARM          search arm preset (default ${REFERENCE_PRESET.name})
${SOURCE_USAGE}

Exit code: 0 after writing, 1 on an input problem (golden set, corpus, a locator no chunk covers), 2 on a usage error.`

/** The data of a `chunking-experiment` result. */
export interface ChunkingData {
  arm: string
  reference: string
  chunkers: ChunkerOutcome[]
  /** Per chunker after the first: paired comparison with the first per metric. */
  vsReference: Record<string, Record<string, RunComparison>>
  trend?: SizeTrend
}

function chooseChunkers(list: string | undefined): Preset[] {
  if (list === undefined) return [...CHUNKER_PRESETS]
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((name) => {
      const preset = CHUNKER_PRESETS.find((p) => p.name === name)
      if (preset) return preset
      try {
        parseChunkerSpec(name)
      } catch (error) {
        throw new CliUsageError(
          `${JSON.stringify(name)} is neither a chunker preset (${CHUNKER_PRESETS.map((p) => p.name).join(', ')}) nor a chunker spec: ${(error as Error).message}`,
        )
      }
      return { name, description: name, config: { ...REFERENCE_PRESET.config, chunker: name } }
    })
}

type ExperimentSource = NonNullable<Awaited<ReturnType<typeof loadSourceOrReport>>>
type CommandIo = Parameters<CliCommand['run']>[1]

/** Looks up the search arm preset by name; a usage error names the presets when there is none. */
function chooseArm(armName: string): Preset {
  const arm = ARM_PRESETS.find((p) => p.name === armName)
  if (!arm)
    throw new CliUsageError(
      `unknown arm preset ${JSON.stringify(armName)} (expected one of ${ARM_PRESETS.map((p) => p.name).join(', ')})`,
    )
  return arm
}

/**
 * Chunks the corpus with each chunker, resolves the locators against it and runs the arm: each chunker's
 * outcome and per-case metrics, or undefined after reporting a locator no chunk covers.
 */
async function runChunkers(
  source: ExperimentSource,
  config: ExperimentSource['config'],
  chunkers: readonly Preset[],
  arm: Preset,
  io: CommandIo,
): Promise<{ outcomes: ChunkerOutcome[]; perCase: Map<string, CaseMetrics[]> } | undefined> {
  const outcomes: ChunkerOutcome[] = []
  const perCase = new Map<string, CaseMetrics[]>()
  for (const preset of chunkers) {
    const spec = preset.config.chunker
    const prepared = await source.prepare(spec)
    const { cases, problems } = resolveCases(source, prepared)
    if (reportLocatorProblems('chunking-experiment', spec, problems, io)) return undefined
    const runtime = await createRetrievalRuntime({ ...config, chunker: spec }, prepared, arm.config.search)
    const metrics = retrievalMetricsOf(
      await evaluateCases(
        runtime,
        cases,
        createProgress(io.stderr, `chunking-experiment: ${preset.name}`, cases.length),
      ),
    )
    perCase.set(preset.name, metrics)
    const parsed = parseChunkerSpec(spec)
    outcomes.push(
      chunkerOutcome(
        preset.name,
        spec,
        parsed.kind === 'fixed' ? parsed.size : undefined,
        prepared.chunks.map((c) => c.end - c.start),
        metrics,
      ),
    )
  }
  return { outcomes, perCase }
}

/** Prints the chunker table, the paired tests against the reference chunker and the size trend. */
function printChunking(
  io: CommandIo,
  what: string,
  table: ReturnType<typeof chunkingTable>,
  reference: string,
  vsReference: ChunkingData['vsReference'],
  trend: SizeTrend | undefined,
): void {
  io.stdout(`vitest-rag chunking-experiment: ${what}; metrics over the cases with expected sources\n\n`)
  io.stdout(formatTextTable(table))
  if (Object.keys(vsReference).length > 0) {
    io.stdout(`\nPaired against ${reference} (mean difference, 95% BCa interval, permutation p):\n\n`)
    io.stdout(
      formatTextTable(
        pairedTestTable(
          Object.entries(vsReference).map(([name, byMetric]) => ({ label: `${name} vs ${reference}`, byMetric })),
        ),
      ),
    )
  }
  if (trend) io.stdout(`\n${trend.sentence}\n`)
}

/**
 * The up-front spend check: one retrieval run per chunking, each over its own chunks (prepared here only when
 * a model could be called or a dry run asks: offline, nothing is estimated).
 */
async function checkChunkingSpend(
  source: ExperimentSource,
  config: ExperimentSource['config'],
  chunkers: readonly Preset[],
  arm: Preset,
  values: ParsedCliArgs['values'],
  io: CliIo,
): Promise<number | undefined> {
  if (config.models === undefined && values['dry-run'] !== true) return undefined
  const search = { ...config.search, arm: arm.config.search.arm }
  const runs = []
  for (const c of chunkers)
    runs.push({
      config: { ...config, mode: 'retrieval' as const, search },
      prepared: await source.prepare(c.config.chunker),
    })
  return checkExperimentSpend('chunking-experiment', source.cases, runs, values, io)
}

/** The `chunking-experiment` command. */
export const chunkingExperimentCommand: CliCommand = {
  usage,
  async run(argv, io) {
    const { values } = parseCliArgs(argv, { ...SOURCE_OPTIONS, chunkers: { type: 'string' }, arm: { type: 'string' } })
    const chunkers = chooseChunkers(stringFlag(values, 'chunkers'))
    const arm = chooseArm(stringFlag(values, 'arm') ?? REFERENCE_PRESET.name)
    const source = await loadSourceOrReport('chunking-experiment', sourceArgs(values), io)
    if (!source) return 1
    for (const note of source.notes) io.stderr(`vitest-rag chunking-experiment: ${note}\n`)
    const config = { ...source.config, ks: [...new Set([...source.config.ks, 1, 5, 10])].sort((a, b) => a - b) }
    const stop = await checkChunkingSpend(source, config, chunkers, arm, values, io)
    if (stop !== undefined) return stop

    const ran = await runChunkers(source, config, chunkers, arm, io)
    if (!ran) return 1
    const { outcomes, perCase } = ran
    const reference = chunkers[0]?.name ?? 'structural'
    const seed = intFlag(values, 'seed', 0, config.seed)
    const resamples = intFlag(values, 'resamples', 100, 10_000)
    const vsReference: ChunkingData['vsReference'] = {}
    for (const preset of chunkers.slice(1)) {
      vsReference[preset.name] = compareMetrics(
        perCase.get(reference) ?? [],
        perCase.get(preset.name) ?? [],
        ['hit@1', 'hit@10', 'ndcg@10'],
        { seed, resamples },
      )
    }
    const trend = describeSizeTrend(outcomes)
    const table = chunkingTable(outcomes)
    printChunking(io, `${source.description}; arm ${arm.name}`, table, reference, vsReference, trend)

    const path = await saveExperimentResult<ChunkingData>(
      {
        kind: 'chunking-experiment',
        argv: ['chunking-experiment', ...argv],
        configSnapshot: {
          ...snapshotConfig(config),
          experiment: { chunkers, arm, metrics: CHUNKING_METRICS, seed, resamples },
        },
        goldenSetHash: source.goldenSetHash,
        corpusFingerprint: (await source.prepare(chunkers[0]?.config.chunker ?? config.chunker)).corpus.fingerprint,
        cases: source.cases.length,
        table,
        data: { arm: arm.name, reference, chunkers: outcomes, vsReference, ...(trend ? { trend } : {}) },
      },
      { outDir: config.outDir, cwd: io.cwd, out: stringFlag(values, 'out') },
    )
    io.stdout(`\nwrote ${path}\n`)
    return 0
  },
}
