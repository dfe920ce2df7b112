/**
 * Run-to-run noise: how much a metric's mean moves between repeated runs of the SAME configuration (model
 * sampling, judge variance, timing). A difference smaller than that is not a change. Kept as the core of the
 * `noise` experiment (issue #14): per metric spread and smallest detectable change is what it reports.
 */
import { StatsError } from './errors.ts'

/**
 * Factor applied to the sd of run means to get the smallest difference distinguishable from noise:
 * 1.96 x √2 ≈ 2.77. The difference of two independent runs has sd √2·σ, and 1.96 of those is a two-sided 95%
 * range, so two runs of one configuration differ by more than this only 5% of the time.
 */
export const NOISE_DETECTION_FACTOR = 1.96 * Math.SQRT2

/** One metric's spread across repeated runs. */
export interface NoiseSummary {
  /** Runs that had the metric. */
  runs: number
  /** Mean of the run means. */
  mean: number
  /** Sample standard deviation (n - 1) of the run means. */
  sd: number
  /** Lowest and highest run mean. */
  min: number
  max: number
  /** {@link NOISE_DETECTION_FACTOR} x sd: differences below this are within noise. */
  minDetectableDiff: number
}

/**
 * Per metric, the spread of the run means across repeated runs. Each run maps case id -> metric -> value; a
 * run's mean of a metric is over the cases that have it. Needs at least 2 runs (one run says nothing about
 * noise). Example: recall@5 means 0.70, 0.72, 0.74 -> mean 0.72, sd 0.02, minDetectableDiff 0.0554.
 */
export function estimateNoise(
  runs: ReadonlyArray<Record<string, Record<string, number>>>,
): Record<string, NoiseSummary> {
  if (runs.length < 2) {
    throw new StatsError(
      'VITEST_RAG_STATS_TOO_FEW_RUNS',
      `estimateNoise got ${runs.length} run(s) (fix: run the same configuration at least twice, e.g. 5 times)`,
    )
  }
  const runMeans = new Map<string, number[]>()
  for (const run of runs) {
    const sums = new Map<string, { sum: number; count: number }>()
    for (const metrics of Object.values(run)) {
      for (const [name, value] of Object.entries(metrics)) {
        const entry = sums.get(name) ?? { sum: 0, count: 0 }
        entry.sum += value
        entry.count++
        sums.set(name, entry)
      }
    }
    for (const [name, { sum, count }] of sums) {
      const list = runMeans.get(name) ?? []
      list.push(sum / count)
      runMeans.set(name, list)
    }
  }
  const out: Record<string, NoiseSummary> = {}
  for (const name of [...runMeans.keys()].sort()) {
    const means = runMeans.get(name)!
    const mean = means.reduce((s, m) => s + m, 0) / means.length
    const variance = means.length < 2 ? 0 : means.reduce((s, m) => s + (m - mean) ** 2, 0) / (means.length - 1)
    const sd = Math.sqrt(variance)
    out[name] = {
      runs: means.length,
      mean,
      sd,
      min: Math.min(...means),
      max: Math.max(...means),
      minDetectableDiff: NOISE_DETECTION_FACTOR * sd,
    }
  }
  return out
}
