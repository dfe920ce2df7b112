/**
 * The pure half of `noise`: the same configuration run N times. Per metric: the spread of the run means
 * (from `stats/noise.ts`), the smallest change a paired test can detect at this golden-set size, and whether
 * the metric is too noisy (or the set too small) for the baseline gate's tolerance.
 */
import { createBaseline } from '../../report/gate/baseline.ts'
import { evaluateGate } from '../../report/gate/evaluate.ts'
import type { GatePolicy } from '../../report/gate/policy.ts'
import type { GroupPower } from '../../report/gate/power.ts'
import { buildScorecard } from '../../report/scorecard/aggregate.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { DETECTION_POWER } from '../../report/gate/power.ts'
import type { ScorecardContext } from '../../report/scorecard/scorecard.ts'
import { inverseNormalCdf } from '../../shared/stats/normal.ts'
import { estimateNoise, type NoiseSummary } from '../../shared/stats/noise.ts'
import { fixed3, type TextTable } from './text-table.ts'

/** One metric's noise report. */
export interface MetricNoise extends NoiseSummary {
  metric: string
  /** Cases with the metric (per run, the first run's count). */
  n: number
  /** Standard deviation of the per-case values (all runs pooled). */
  caseSd: number
  /**
   * Smallest mean difference a paired test at alpha 0.05 detects with 80% power when per-case differences
   * spread like the metric's per-case values: (z(0.975) + z(0.8)) x caseSd / sqrt(n) = 2.80 x caseSd / sqrt(n).
   * Example: caseSd 0.4, n 100 -> 0.112.
   */
  sampleDetectableDiff: number
  /** The larger of the noise floor (`minDetectableDiff`) and `sampleDetectableDiff`. */
  smallestDetectableChange: number
  /** The gate's allowed drop for this metric: maxRelativeDrop x |mean|. */
  gateTolerance: number
  /** Run-to-run noise alone exceeds the gate's tolerance: the gate would fire on noise. */
  tooNoisy: boolean
  /** At this golden-set size a drop of the gate's tolerance cannot be detected. */
  underpowered: boolean
}

/** Each run's records as case id -> metric -> value (retrieval metrics of scored cases and answer metrics). */
export function runMetrics(records: readonly CaseRecord[]): Record<string, Record<string, number>> {
  return Object.fromEntries(
    records.map((r) => [r.caseId, { ...(r.retrieval.scored ? r.retrieval.metrics : {}), ...r.answerMetrics }]),
  )
}

function sd(values: readonly number[]): number {
  if (values.length < 2) return 0
  const mean = values.reduce((s, v) => s + v, 0) / values.length
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1))
}

/** The noise report of `runs` (at least 2) against a gate that allows `maxRelativeDrop` (a ratio). */
export function noiseReport(
  runs: ReadonlyArray<readonly CaseRecord[]>,
  maxRelativeDrop: number,
  alpha = 0.05,
): MetricNoise[] {
  const perRun = runs.map(runMetrics)
  const summaries = estimateNoise(perRun)
  const z = inverseNormalCdf(1 - alpha / 2) + inverseNormalCdf(DETECTION_POWER)
  return Object.entries(summaries).map(([metric, s]) => {
    const values = perRun.flatMap((run) =>
      Object.values(run).flatMap((m) => (m[metric] === undefined ? [] : [m[metric]])),
    )
    const n = Object.values(perRun[0] ?? {}).filter((m) => m[metric] !== undefined).length
    const caseSd = sd(values)
    const sampleDetectableDiff = n === 0 ? Number.POSITIVE_INFINITY : (z * caseSd) / Math.sqrt(n)
    const gateTolerance = maxRelativeDrop * Math.abs(s.mean)
    return {
      metric,
      ...s,
      n,
      caseSd,
      sampleDetectableDiff,
      smallestDetectableChange: Math.max(s.minDetectableDiff, sampleDetectableDiff),
      gateTolerance,
      tooNoisy: s.minDetectableDiff > gateTolerance,
      underpowered: sampleDetectableDiff > gateTolerance,
    }
  })
}

/** The printed table, one row per metric. */
export function noiseTable(rows: readonly MetricNoise[]): TextTable {
  return {
    header: [
      'metric',
      'n',
      'mean',
      'sd of runs',
      'min',
      'max',
      'noise floor',
      'detectable',
      'gate tolerance',
      'verdict',
    ],
    rows: rows.map((r) => [
      r.metric,
      String(r.n),
      fixed3(r.mean),
      fixed3(r.sd),
      fixed3(r.min),
      fixed3(r.max),
      fixed3(r.minDetectableDiff),
      fixed3(r.smallestDetectableChange),
      fixed3(r.gateTolerance),
      r.tooNoisy ? 'too noisy to gate' : r.underpowered ? 'set too small for the gate' : 'ok to gate',
    ]),
  }
}

/**
 * Per gated metric and group (overall included), the smallest drop the gate can confirm at 80% power on this
 * golden set: exactly the figures the gate reports (its `power`), taken by gating one run's scorecard against
 * itself as the baseline, so the family correction counts the same comparisons a real run makes.
 */
export function confirmableDrops(
  records: readonly CaseRecord[],
  context: ScorecardContext,
  policy: GatePolicy,
): GroupPower[] {
  const scorecard = buildScorecard(records, context)
  return evaluateGate(scorecard, createBaseline(scorecard, context.finishedAt), policy).power ?? []
}

/** The printed table of {@link confirmableDrops}: metric, group, n, baseline mean, smallest confirmable drop. */
export function confirmableDropTable(rows: readonly GroupPower[]): TextTable {
  return {
    header: ['metric', 'group', 'n', 'mean', 'confirmable drop (80% power)', ''],
    rows: rows.map((r) => [
      r.metric,
      r.group,
      String(r.n),
      fixed3(r.mean),
      Number.isFinite(r.relativeDrop) ? `${(r.relativeDrop * 100).toFixed(1)}%` : 'none',
      r.tooSmall ? 'too small to gate' : '',
    ]),
  }
}
