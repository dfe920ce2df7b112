/**
 * Synthetic questions apart from human-written ones: a question generated from its own passage shares that
 * passage's words and overstates retrieval quality, so when a run holds synthetic cases the scorecard gives
 * both groups' means and the gap between them (synthetic minus human; positive = synthetic looks better).
 * Pure.
 */
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { meanOfRows, type CaseMetricRow } from './grouped-metrics.ts'
import type { MetricGroup } from './grouped-metrics.ts'

/** One origin's cases and means. */
export interface OriginGroup {
  cases: number
  retrieval: MetricGroup
  answer: MetricGroup
}

/** Human-written vs synthetic cases, with the gap per metric both groups have. */
export interface OriginSplit {
  human: OriginGroup
  synthetic: OriginGroup
  /** Synthetic mean minus human mean, per metric present in both. Example: recall@5 1.0 vs 0.8 -> +0.2. */
  gap: { retrieval: Record<string, number>; answer: Record<string, number> }
}

/** Whether a record is a synthetic case. */
export function isSynthetic(record: CaseRecord): boolean {
  return record.synthetic === true
}

function gapOf(synthetic: MetricGroup, human: MetricGroup): Record<string, number> {
  const out: Record<string, number> = {}
  for (const [name, value] of Object.entries(synthetic.mean)) {
    const base = human.mean[name]
    if (base !== undefined) out[name] = value - base
  }
  return out
}

/** The split, or undefined when the run holds no synthetic case (nothing to compare). */
export function splitByOrigin(
  records: readonly CaseRecord[],
  retrievalRows: readonly CaseMetricRow[],
  answerRows: readonly CaseMetricRow[],
): OriginSplit | undefined {
  if (!records.some(isSynthetic)) return undefined
  const group = (synthetic: boolean): OriginGroup => ({
    cases: records.filter((r) => isSynthetic(r) === synthetic).length,
    retrieval: meanOfRows(retrievalRows.filter((row) => isSynthetic(row.record) === synthetic)),
    answer: meanOfRows(answerRows.filter((row) => isSynthetic(row.record) === synthetic)),
  })
  const human = group(false)
  const synthetic = group(true)
  return {
    human,
    synthetic,
    gap: { retrieval: gapOf(synthetic.retrieval, human.retrieval), answer: gapOf(synthetic.answer, human.answer) },
  }
}

/**
 * One line per family for the console and Markdown: `recall@5 1.000 vs 0.968 (gap +0.032)`, over `names`
 * that both groups have.
 */
export function describeGaps(split: OriginSplit, family: 'retrieval' | 'answer', names: readonly string[]): string {
  return names
    .filter((n) => split.gap[family][n] !== undefined)
    .map((n) => {
      const gap = split.gap[family][n] ?? 0
      return `${n} ${(split.synthetic[family].mean[n] ?? 0).toFixed(3)} vs ${(split.human[family].mean[n] ?? 0).toFixed(3)} (gap ${gap >= 0 ? '+' : ''}${gap.toFixed(3)})`
    })
    .join('  ')
}
