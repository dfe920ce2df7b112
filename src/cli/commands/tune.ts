/**
 * `vitest-rag tune`: sweeps the reference pipeline's abstention gate threshold over the golden set and prints,
 * per threshold, abstention precision and recall on the must-abstain cases, answer coverage and CRAG
 * truthfulness; the gate's risk-coverage curve and AURC; and the threshold that maximises truthfulness, with
 * why. Two full runs (gate always open, gate always closed) give every threshold exactly (see
 * `experiments/threshold-sweep.ts`).
 */
import { mustAbstain } from '../../cases/schema.ts'
import { snapshotConfig } from '../../config/resolve.ts'
import type { RagEvalConfig } from '../../config/schema.ts'
import { defaultEvidenceGateConfig } from '../../system/reference/evidence-gate.ts'
import { createProgress } from '../../lab/experiments/progress.ts'
import { evaluateCases } from '../../lab/experiments/run-cases.ts'
import { formatTextTable } from '../../lab/experiments/text-table.ts'
import {
  DEFAULT_THRESHOLDS,
  gateRiskCoverage,
  recommendThreshold,
  sweepThresholds,
  tuneTable,
  type Recommendation,
  type ThresholdRow,
} from '../../lab/experiments/threshold-sweep.ts'
import { saveExperimentResult } from '../../lab/experiments/write-result.ts'
import type { RiskCoveragePoint } from '../../grading/metrics/abstention.ts'
import { createRagRuntime } from '../../evaluation/create-runtime.ts'
import { CliUsageError, type CliCommand, type CliIo } from './command.ts'
import { parseCliArgs, stringFlag } from './args.ts'
import {
  checkExperimentSpend,
  loadResolvedSource,
  sourceArgs,
  SOURCE_OPTIONS,
  SOURCE_USAGE,
} from './experiment-args.ts'

const usage = `Usage: vitest-rag tune [--thresholds 0.3,0.4,...] [inputs] [output]

Sweeps the reference pipeline's confidence gate threshold (pipeline.gate.minTopScore) and prints, per value,
answer coverage, abstention precision and recall on the must-abstain cases and CRAG truthfulness; the gate's
risk-coverage curve and AURC; and the threshold that maximises truthfulness. Runs the golden set twice
(gate always open, gate always closed); every threshold follows exactly from those two runs.
  --thresholds LIST  values in [0, 1] (default 0, 0.05, ..., 1)
${SOURCE_USAGE}

Exit code: 0 after writing, 1 on an input problem or a system under test other than the reference pipeline,
2 on a usage error.`

/** The data of a `tune` result. */
export interface TuneData {
  current: number
  rows: ThresholdRow[]
  recommendation: Recommendation
  riskCoverage: RiskCoveragePoint[]
  aurc: number
  /** Must-abstain cases among the evaluated ones. */
  mustAbstain: number
}

function parseThresholds(list: string | undefined): number[] {
  if (list === undefined) return [...DEFAULT_THRESHOLDS]
  return list
    .split(',')
    .map((s) => {
      const t = Number(s.trim())
      if (s.trim() === '' || !Number.isFinite(t) || t < 0 || t > 1)
        throw new CliUsageError(`--thresholds needs ratios in [0, 1], got ${JSON.stringify(s)}`)
      return t
    })
    .sort((a, b) => a - b)
}

/** The configuration with the gate threshold replaced (the rest of `pipeline.gate` kept). */
export function withGateThreshold(config: RagEvalConfig, minTopScore: number): RagEvalConfig {
  const pipeline = config.pipeline as { gate?: Record<string, unknown> }
  return { ...config, mode: 'system', pipeline: { ...config.pipeline, gate: { ...pipeline.gate, minTopScore } } }
}

function currentThreshold(config: RagEvalConfig): number {
  const gate = (config.pipeline as { gate?: { minTopScore?: unknown } }).gate
  return typeof gate?.minTopScore === 'number' ? gate.minTopScore : defaultEvidenceGateConfig.minTopScore
}

async function runWithGate(
  config: RagEvalConfig,
  minTopScore: number,
  cases: Parameters<typeof evaluateCases>[1],
  label: string,
  io: CliIo,
) {
  const runtime = await createRagRuntime(withGateThreshold(config, minTopScore))
  try {
    return await evaluateCases(runtime, cases, createProgress(io.stderr, label, cases.length))
  } finally {
    await runtime.close()
  }
}

/** The `tune` command. */
export const tuneCommand: CliCommand = {
  usage,
  async run(argv, io) {
    const { values } = parseCliArgs(argv, { ...SOURCE_OPTIONS, thresholds: { type: 'string' } })
    const thresholds = parseThresholds(stringFlag(values, 'thresholds'))
    const loaded = await loadResolvedSource('tune', sourceArgs(values), io)
    if (!loaded) return 1
    const { source, prepared, cases } = loaded
    const config = source.config
    if (config.adapter.kind !== 'reference') {
      io.stderr(
        `vitest-rag tune: the system under test is a ${config.adapter.kind} adapter; tune sweeps the reference pipeline's gate (fix: run tune on a config with adapter { kind: 'reference' })\n`,
      )
      return 1
    }
    const stop = checkExperimentSpend(
      'tune',
      cases,
      [
        { config, prepared },
        { config, prepared },
      ],
      values,
      io,
    ) // gate open, closed
    if (stop !== undefined) return stop

    // minTopScore 0 never gates; 2 always gates (the gate's score is a ratio in [0, 1]).
    const open = await runWithGate(config, 0, cases, 'tune: gate open', io)
    const closed = await runWithGate(config, 2, cases, 'tune: gate closed', io)
    const current = currentThreshold(config)
    const grid = [...new Set([...thresholds, current])].sort((a, b) => a - b)
    const rows = sweepThresholds(open, closed, grid)
    const recommendation = recommendThreshold(rows, current)
    const { curve, aurc } = gateRiskCoverage(open, closed)
    const mustAbstainCases = open.filter((r) => mustAbstain({ case_type: r.caseType })).length
    const table = tuneTable(rows, current, recommendation.threshold)
    io.stdout(
      `vitest-rag tune: ${source.description}; ${mustAbstainCases} must-abstain cases; judge ${config.judge}; gate threshold now ${current}\n\n`,
    )
    io.stdout(formatTextTable(table))
    io.stdout(`\nrisk-coverage of the gate: ${curve.length} points, AURC ${aurc.toFixed(3)} (lower is better)\n`)
    io.stdout(`recommended threshold: ${recommendation.reason}\n`)
    io.stdout(`set it with ragEval({ pipeline: { gate: { minTopScore: ${recommendation.threshold} } } })\n`)

    const path = await saveExperimentResult<TuneData>(
      {
        kind: 'tune',
        argv: ['tune', ...argv],
        configSnapshot: { ...snapshotConfig(config), experiment: { thresholds: grid } },
        goldenSetHash: source.goldenSetHash,
        corpusFingerprint: prepared.corpus.fingerprint,
        cases: cases.length,
        table,
        data: { current, rows, recommendation, riskCoverage: curve, aurc, mustAbstain: mustAbstainCases },
      },
      { outDir: config.outDir, cwd: io.cwd, out: stringFlag(values, 'out') },
    )
    io.stdout(`\nwrote ${path}\n`)
    return 0
  },
}
