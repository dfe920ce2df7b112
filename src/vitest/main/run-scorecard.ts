/**
 * The run's scorecard as the reporter builds it: the case records with the run's identity (golden-set hash,
 * corpus fingerprint, judge, calibration, what produced it), how its cases were chosen, and its failures.
 */
import type { RagEvalConfig } from '../../config/schema.ts'
import { prepareCorpus } from '../../corpus/prepare-corpus.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { readGoldenSummary, type GoldenSetSummary } from '../../evaluation/golden-set/golden-set.ts'
import { readProviderStats } from '../../evaluation/provider-stats.ts'
import { calibrationFigures, loadCalibrationRecord } from '../../grading/judge/calibration-record.ts'
import { HEURISTIC_JUDGE_VERSION } from '../../grading/judge/heuristic-judge.ts'
import { buildScorecard } from '../../report/scorecard/aggregate.ts'
import type { RunSelection, Scorecard } from '../../report/scorecard/scorecard.ts'
import { PACKAGE_INFO } from '../../shared/util/package-info.ts'
import { runConfigSnapshot } from './run-snapshot.ts'

/** How a run ended and was chosen, as the reporter knows it. */
export interface RunEnd {
  /** Some cases were deliberately not selected (file:line, -t, a shard). */
  filtered: boolean
  runFailures: string[]
  interrupted: boolean
  unhandledErrors: number
  startedAt: string
  /** Vitest's `--shard`, when given. */
  shard?: { index: number; count: number }
}

/** The scorecard of a run's records. */
export async function buildRunScorecard(config: RagEvalConfig, records: CaseRecord[], end: RunEnd): Promise<Scorecard> {
  const goldenSet = readGoldenSummary(config)
  const prepared = await prepareCorpus(config.corpus, config.chunker)
  const judgeModel = records.find((r) => r.judge?.model)?.judge?.model
  const judgeKind = records.find((r) => r.judge)?.judge?.kind
  const calibrationRecord = judgeKind ? loadCalibrationRecord(config.calibration) : undefined
  const providers = config.models ? readProviderStats(config.outDir) : undefined
  return buildScorecard(records, {
    harnessVersion: PACKAGE_INFO.version,
    goldenSetHash: goldenSet.hash,
    goldenFiles: goldenSet.files.map((f) => ({ file: f.file, hash: f.hash, cases: f.cases })),
    corpusFingerprint: prepared.corpus.fingerprint,
    configSnapshot: runConfigSnapshot(config, {
      packageVersion: PACKAGE_INFO.version,
      corpusFingerprint: prepared.corpus.fingerprint,
      goldenSetHash: goldenSet.hash,
    }),
    models: { ...(judgeModel ? { judge: judgeModel } : {}) },
    mode: config.mode,
    startedAt: end.startedAt,
    finishedAt: new Date().toISOString(),
    // A deliberately filtered run (file:line, -t, a shard) is not partial; a run missing cases is.
    expectedCases: end.filtered ? undefined : goldenSet.expectedCases,
    selection: runSelection(config, end, goldenSet),
    ...(end.interrupted ? { interrupted: true } : {}),
    ...(end.unhandledErrors > 0 ? { unhandledErrors: end.unhandledErrors } : {}),
    ...(calibrationRecord
      ? {
          calibration: calibrationFigures(
            calibrationRecord,
            judgeKind,
            // The heuristic rule set's version is fixed in the code; a model judge's is its prompt file's.
            judgeKind === 'heuristic' ? HEURISTIC_JUDGE_VERSION : undefined,
          ),
        }
      : {}),
    ...(providers ? { providers } : {}),
    runFailures: end.runFailures,
  })
}

/** How this run's cases were chosen, when not the whole golden set (recorded so `baseline accept` can refuse it). */
function runSelection(config: RagEvalConfig, end: RunEnd, goldenSet: GoldenSetSummary): RunSelection {
  const all = goldenSet.totalCases
  return {
    ...(end.filtered ? { filtered: true } : {}),
    ...(config.sample !== undefined && goldenSet.expectedCases < all
      ? { sample: { size: goldenSet.expectedCases, of: all } }
      : {}),
    ...(end.shard ? { shard: { index: end.shard.index, count: end.shard.count } } : {}),
  }
}
