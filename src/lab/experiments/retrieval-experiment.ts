/**
 * The pure half of `eval-retrieval`: given each arm's per-case retrieval metrics, the table of arms
 * (means overall and per case type) and each arm's paired test against the reference arm.
 */
import type { CompareOptions, RunComparison } from '../../shared/stats/compare.ts'
import {
  compareMetrics,
  pairedTestTable,
  summarizeMetrics,
  type CaseMetrics,
  type MetricMeans,
} from './metric-summary.ts'
import { fixed3, signed3, type TextTable } from './text-table.ts'
import { ExperimentInputError } from './errors.ts'

/** The metrics `eval-retrieval` reports, in column order. */
export const RETRIEVAL_EXPERIMENT_METRICS: readonly string[] = [
  'recall@5',
  'recall@20',
  'mrr',
  'hit@1',
  'hit@5',
  'hit@10',
  'ndcg@10',
]

/** The cutoffs those metrics need. */
export const RETRIEVAL_EXPERIMENT_KS: readonly number[] = [1, 5, 10, 20]

/** One arm's outcome. */
export interface ArmOutcome {
  arm: string
  description: string
  means: MetricMeans
  /** Paired test against the reference arm per metric (absent for the reference itself). */
  vsReference?: Record<string, RunComparison>
  /** Wall time of the arm's index build plus its queries, milliseconds. */
  ms: number
}

/** Summarises every arm and tests each against `reference` (which must be one of them). */
export function summarizeArms(
  arms: ReadonlyArray<{ arm: string; description: string; cases: readonly CaseMetrics[]; ms: number }>,
  reference: string,
  options: CompareOptions = {},
): ArmOutcome[] {
  const ref = arms.find((a) => a.arm === reference)
  if (!ref)
    throw new ExperimentInputError(
      `reference arm "${reference}" is not among the arms run (${arms.map((a) => a.arm).join(', ')})`,
    )
  return arms.map((a) => ({
    arm: a.arm,
    description: a.description,
    means: summarizeMetrics(a.cases, RETRIEVAL_EXPERIMENT_METRICS),
    ...(a === ref ? {} : { vsReference: compareMetrics(ref.cases, a.cases, RETRIEVAL_EXPERIMENT_METRICS, options) }),
    ms: a.ms,
  }))
}

/**
 * The printed table: one row per arm overall, then one row per arm and case type; a metric cell of a
 * non-reference arm carries its difference from the reference and a `*` when the paired test confirms it.
 */
export function armTable(outcomes: readonly ArmOutcome[]): TextTable {
  const header = ['arm', 'group', 'n', ...RETRIEVAL_EXPERIMENT_METRICS]
  const rows: string[][] = []
  for (const o of outcomes) {
    rows.push([
      o.arm,
      'overall',
      String(o.means.overall.n),
      ...RETRIEVAL_EXPERIMENT_METRICS.map((m) => cell(o.means.overall.mean[m], o.vsReference?.[m])),
    ])
  }
  for (const o of outcomes) {
    for (const [type, group] of Object.entries(o.means.byCaseType)) {
      rows.push([o.arm, type, String(group.n), ...RETRIEVAL_EXPERIMENT_METRICS.map((m) => fixed3(group.mean[m]))])
    }
  }
  return { header, rows }
}

function cell(value: number | undefined, comparison: RunComparison | undefined): string {
  if (!comparison) return fixed3(value)
  return `${fixed3(value)} (${signed3(comparison.meanDiff)}${comparison.significant ? '*' : ''})`
}

/** The significance table: each non-reference arm and metric with interval, p and verdict. */
export function significanceTable(outcomes: readonly ArmOutcome[], reference: string): TextTable {
  return pairedTestTable(
    outcomes.flatMap((o) => (o.vsReference ? [{ label: `${o.arm} vs ${reference}`, byMetric: o.vsReference }] : [])),
  )
}
