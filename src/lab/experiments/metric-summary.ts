/**
 * Per-case metric values summarised the way every experiment table shows them: the mean overall and per case
 * type, and a paired comparison of one configuration against a reference (mean difference, BCa interval,
 * permutation p, from the stats core). Pure.
 */
import { improvementOf } from '../../grading/metrics/direction.ts'
import { compareRunsMany, type CompareOptions, type RunComparison } from '../../shared/stats/compare.ts'
import { formatP, signed3, type TextTable } from './text-table.ts'

/** One case's metric values in one configuration. */
export interface CaseMetrics {
  caseId: string
  caseType: string
  metrics: Record<string, number>
}

/** Means of a group of cases: `n` cases, metric name to mean over the cases that have it. */
export interface MeanGroup {
  n: number
  mean: Record<string, number>
}

/** Means overall and per case type. */
export interface MetricMeans {
  overall: MeanGroup
  byCaseType: Record<string, MeanGroup>
}

function meanGroup(cases: readonly CaseMetrics[], names: readonly string[]): MeanGroup {
  const mean: Record<string, number> = {}
  for (const name of names) {
    const values = cases.flatMap((c) => (c.metrics[name] === undefined ? [] : [c.metrics[name]]))
    if (values.length > 0) mean[name] = values.reduce((s, v) => s + v, 0) / values.length
  }
  return { n: cases.length, mean }
}

/**
 * Means of `names` overall and per case type (types sorted). Example: hit@1 values 1, 0, 1 for types
 * normal, normal, exact_identifier -> overall 2/3, normal 0.5, exact_identifier 1.
 */
export function summarizeMetrics(cases: readonly CaseMetrics[], names: readonly string[]): MetricMeans {
  const types = [...new Set(cases.map((c) => c.caseType))].sort()
  return {
    overall: meanGroup(cases, names),
    byCaseType: Object.fromEntries(
      types.map((t) => [
        t,
        meanGroup(
          cases.filter((c) => c.caseType === t),
          names,
        ),
      ]),
    ),
  }
}

/** Case id to value of one metric (cases without it left out), the input of `compareRuns`. */
export function metricByCase(cases: readonly CaseMetrics[], name: string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const c of cases) if (c.metrics[name] !== undefined) out[c.caseId] = c.metrics[name]
  return out
}

/**
 * The paired comparison of `candidate` against `reference` for each of `names` (b - a: positive means the
 * candidate is higher), over the cases both have.
 */
export function compareMetrics(
  reference: readonly CaseMetrics[],
  candidate: readonly CaseMetrics[],
  names: readonly string[],
  options: CompareOptions = {},
): Record<string, RunComparison> {
  const results = compareRunsMany(
    names.map((name) => ({ a: metricByCase(reference, name), b: metricByCase(candidate, name) })),
    options,
  )
  return Object.fromEntries(names.map((name, i) => [name, results[i]!]))
}

/** The word for a paired comparison: `improved` / `regressed` when significant, else `no detectable change`. */
export type Verdict = 'improved' | 'regressed' | 'no detectable change'

/**
 * The verdict of one comparison of `metric`: significant (interval excludes 0 and p < alpha) and its sign,
 * read in the metric's direction (a significant rise of noise_sensitivity is `regressed`).
 */
export function verdictOf(comparison: Pick<RunComparison, 'significant' | 'meanDiff'>, metric: string): Verdict {
  if (!comparison.significant) return 'no detectable change'
  return improvementOf(metric, comparison.meanDiff) > 0 ? 'improved' : 'regressed'
}

/**
 * The table of paired tests: one row per comparison and metric with pairs, mean difference, 95% BCa interval,
 * permutation p and verdict.
 */
export function pairedTestTable(
  comparisons: ReadonlyArray<{ label: string; byMetric: Record<string, RunComparison> }>,
): TextTable {
  const rows = comparisons.flatMap(({ label, byMetric }) =>
    Object.entries(byMetric).map(([metric, c]) => [
      label,
      metric,
      String(c.n),
      signed3(c.meanDiff),
      `[${signed3(c.ci[0])}, ${signed3(c.ci[1])}]`,
      formatP(c.pValue),
      verdictOf(c, metric),
    ]),
  )
  return { header: ['comparison', 'metric', 'pairs', 'diff', '95% BCa', 'p', 'verdict'], rows }
}
