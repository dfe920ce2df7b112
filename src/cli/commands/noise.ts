/**
 * `vitest-rag noise --runs N`: runs one configuration N times, each with its own trial index (which enters
 * the model cache key, so a repeat is a new model call, not a cache hit), and reports each metric's spread
 * across runs, the smallest change detectable at this golden-set size, and which metrics are too noisy to
 * gate on. Offline (the default) the pipeline is deterministic and the spread is zero by construction.
 */
import { snapshotConfig } from '../../config/resolve.ts'
import type { RagEvalConfig } from '../../config/schema.ts'
import {
  confirmableDrops,
  confirmableDropTable,
  noiseReport,
  noiseTable,
  type MetricNoise,
} from '../../lab/experiments/noise-report.ts'
import { defaultGatePolicy } from '../../report/gate/policy.ts'
import type { GroupPower } from '../../report/gate/power.ts'
import { createProgress } from '../../lab/experiments/progress.ts'
import { COMPARE_HEADLINE_METRICS } from '../../lab/experiments/run-comparison.ts'
import { evaluateCases, withTrial } from '../../lab/experiments/run-cases.ts'
import { formatTextTable } from '../../lab/experiments/text-table.ts'
import { saveExperimentResult } from '../../lab/experiments/write-result.ts'
import { createRagRuntime } from '../../evaluation/create-runtime.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import type { CliCommand } from './command.ts'
import { parseCliArgs, stringFlag } from './args.ts'
import {
  checkExperimentSpend,
  intFlag,
  loadResolvedSource,
  sourceArgs,
  SOURCE_OPTIONS,
  SOURCE_USAGE,
} from './experiment-args.ts'

const usage = `Usage: vitest-rag noise [--runs N] [inputs] [output]

Runs the configured system N times over the golden set, trial index 0..N-1 (it enters the model cache key),
and prints per metric the spread of the run means, the noise floor (2.77 x their sd: two runs of one
configuration differ by more only 5% of the time), the smallest change a paired test detects at this
golden-set size (80% power), the gate's tolerance, and whether the metric is too noisy to gate on.
  --runs N           repetitions (default 5, at least 2)
${SOURCE_USAGE}

Without --models nothing calls a model: the offline pipeline is deterministic, so the spread is 0 by
construction and only the golden-set size limits what can be detected.

Exit code: 0 after writing, 1 on an input problem, 2 on a usage error.`

/** The data of a `noise` result. */
export interface NoiseData {
  runs: number
  maxRelativeDrop: number
  metrics: MetricNoise[]
  tooNoisy: string[]
  underpowered: string[]
  /** Per gated metric and group, the smallest drop the gate confirms at 80% power. */
  confirmable: GroupPower[]
}

/** The gate's confirmable drops on one run of the golden set, with the gate options the config sets. */
function confirmableDropsOf(
  records: readonly CaseRecord[],
  config: RagEvalConfig,
  goldenSetHash: string,
  corpusFingerprint: string,
): GroupPower[] {
  const policy = {
    ...defaultGatePolicy,
    maxRelativeDrop: config.gate.maxRelativeDrop,
    ...(config.gate.gatedMetrics ? { gatedMetrics: config.gate.gatedMetrics } : {}),
  }
  const at = new Date().toISOString()
  const context = {
    harnessVersion: 'noise',
    goldenSetHash,
    goldenFiles: [],
    corpusFingerprint,
    configSnapshot: snapshotConfig(config),
    models: {},
    mode: config.mode,
    startedAt: at,
    finishedAt: at,
  }
  return confirmableDrops(records, context, policy)
}

/** Evaluates the cases `runs` times over one runtime (the trial index in each model call's cache key). */
async function runTrials(
  config: Parameters<typeof createRagRuntime>[0],
  cases: Parameters<typeof evaluateCases>[1],
  runs: number,
  io: { stderr: (text: string) => void },
): Promise<CaseRecord[][]> {
  const runtime = await createRagRuntime(config)
  const trials: CaseRecord[][] = []
  try {
    for (let trial = 0; trial < runs; trial++) {
      const progress = createProgress(io.stderr, `noise: run ${trial + 1} of ${runs}`, cases.length)
      trials.push(await evaluateCases(withTrial(runtime, trial), cases, progress))
    }
  } finally {
    await runtime.close()
  }
  return trials
}

/** The `noise` command. */
export const noiseCommand: CliCommand = {
  usage,
  async run(argv, io) {
    const { values } = parseCliArgs(argv, { ...SOURCE_OPTIONS, runs: { type: 'string' } })
    const runs = intFlag(values, 'runs', 2, 5)
    const args = sourceArgs(values)
    const loaded = await loadResolvedSource('noise', args, io)
    if (!loaded) return 1
    const { source, prepared, cases } = loaded
    const config = source.config
    const stop = checkExperimentSpend('noise', cases, Array(runs).fill({ config, prepared }), values, io)
    if (stop !== undefined) return stop

    const trials = await runTrials(config, cases, runs, io)
    const metrics = noiseReport(trials, config.gate.maxRelativeDrop)
    const tooNoisy = metrics.filter((m) => m.tooNoisy).map((m) => m.metric)
    const underpowered = metrics.filter((m) => m.underpowered && !m.tooNoisy).map((m) => m.metric)
    // The printed table keeps the headline metrics; every metric is in the JSON.
    const table = noiseTable(metrics.filter((m) => COMPARE_HEADLINE_METRICS.includes(m.metric)))
    const calls = args.models === true && config.models !== undefined
    io.stdout(
      `vitest-rag noise: ${source.description}; ${runs} runs, ${config.mode} mode, ${calls ? 'model calls allowed (trial index in the cache key)' : 'offline (no model call: the spread is 0 by construction)'}; gate tolerance ${config.gate.maxRelativeDrop} relative\n\n`,
    )
    io.stdout(formatTextTable(table))
    io.stdout(
      `\n(${metrics.length} metrics in the JSON)\ntoo noisy to gate on: ${tooNoisy.length === 0 ? 'none' : tooNoisy.join(', ')}\n`,
    )
    io.stdout(
      `golden set too small to detect a drop of the gate's tolerance: ${underpowered.length === 0 ? 'none' : underpowered.join(', ')}\n`,
    )
    const confirmable = confirmableDropsOf(trials[0] ?? [], config, source.goldenSetHash, prepared.corpus.fingerprint)
    io.stdout(
      `\nthe smallest drop the gate confirms at 80% power, per gated metric and group (after its family correction):\n${formatTextTable(confirmableDropTable(confirmable))}`,
    )

    const path = await saveExperimentResult<NoiseData>(
      {
        kind: 'noise',
        argv: ['noise', ...argv],
        configSnapshot: {
          ...snapshotConfig(config),
          experiment: { runs, trials: Array.from({ length: runs }, (_, i) => i) },
        },
        goldenSetHash: source.goldenSetHash,
        corpusFingerprint: prepared.corpus.fingerprint,
        cases: cases.length,
        table,
        data: { runs, maxRelativeDrop: config.gate.maxRelativeDrop, metrics, tooNoisy, underpowered, confirmable },
      },
      { outDir: config.outDir, cwd: io.cwd, out: stringFlag(values, 'out') },
    )
    io.stdout(`\nwrote ${path}\n`)
    return 0
  },
}
