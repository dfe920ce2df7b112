/**
 * The pure half of `tune`: sweeping the reference pipeline's confidence gate threshold (`minTopScore`).
 *
 * The gate answers when its top score is >= the threshold and otherwise abstains with that score as its
 * confidence; nothing else in the pipeline depends on the threshold. So two runs give every threshold
 * exactly: one with the gate always open (`open`: what the pipeline answers when it answers) and one with
 * the gate always closed (`closed`: the abstention, carrying the gate's top score). At threshold t a case's
 * record is its `open` record when the closed record's confidence is >= t, else its `closed` record.
 */
import { aurc, riskCoverageCurve, type RiskCoveragePoint } from '../../grading/metrics/abstention.ts'
import { summarizeAbstention } from '../../report/scorecard/abstention-summary.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { fixed3, type TextTable } from './text-table.ts'

/** The thresholds swept by default: 0 to 1 in steps of 0.05. */
export const DEFAULT_THRESHOLDS: readonly number[] = Array.from({ length: 21 }, (_, i) => Math.round(i * 5) / 100)

/** One threshold's outcome. Ratios in [0, 1]; truthfulness in [-1, 1]. */
export interface ThresholdRow {
  threshold: number
  /** Cases answered (not abstained) / all cases. */
  coverage: number
  /** Correct abstentions / abstentions; `null` (not applicable) when nothing abstained. */
  abstentionPrecision: number | null
  /** Correct abstentions / must-abstain cases; `null` when no case must abstain. */
  abstentionRecall: number | null
  /** Mean CRAG truthfulness over judged cases (perfect 1, acceptable 0.5, missing 0, incorrect -1; see {@link truthfulnessOf}). */
  truthfulness: number
  /** Cases with a CRAG grade. */
  judged: number
  /** Mean of the judge's own CRAG grades, without the answerable-abstention rule (what the scorecard shows). */
  judgeTruthfulness: number
}

/** The records of every case at threshold `t` (see the module doc); `open` and `closed` in the same case order. */
export function recordsAtThreshold(
  open: readonly CaseRecord[],
  closed: readonly CaseRecord[],
  t: number,
): CaseRecord[] {
  return open.map((o, i) => {
    const c = closed[i] as CaseRecord
    return (c.answer?.confidence ?? 0) >= t ? o : c
  })
}

/**
 * A case's CRAG truthfulness: the judge's grade, except that an abstention on an answerable case is
 * `missing` (0) whatever the judge said (CRAG's definition: declining a question that has an answer is no
 * credit). Without this rule a judge that sees no sources in an abstention calls it correct, and a higher
 * threshold could never cost anything. Undefined when the case was not judged.
 */
export function truthfulnessOf(record: CaseRecord): number | undefined {
  const grade = record.answerMetrics.crag_truthfulness
  if (grade === undefined) return undefined
  return record.answer?.abstained === true && record.facets.answerable ? 0 : grade
}

/** Summarises one threshold's records. */
export function thresholdRow(records: readonly CaseRecord[], threshold: number): ThresholdRow {
  const abstention = summarizeAbstention(records)
  const crag = records.flatMap((r) => {
    const value = truthfulnessOf(r)
    return value === undefined ? [] : [value]
  })
  const raw = records.flatMap((r) =>
    r.answerMetrics.crag_truthfulness === undefined ? [] : [r.answerMetrics.crag_truthfulness],
  )
  return {
    threshold,
    coverage: abstention.answered === 0 ? 0 : (abstention.answered - abstention.abstained) / abstention.answered,
    abstentionPrecision: abstention.precision,
    abstentionRecall: abstention.recall,
    truthfulness: crag.length === 0 ? 0 : crag.reduce((s, v) => s + v, 0) / crag.length,
    judged: crag.length,
    judgeTruthfulness: raw.length === 0 ? 0 : raw.reduce((s, v) => s + v, 0) / raw.length,
  }
}

/** Every threshold's row. */
export function sweepThresholds(
  open: readonly CaseRecord[],
  closed: readonly CaseRecord[],
  thresholds: readonly number[],
): ThresholdRow[] {
  return thresholds.map((t) => thresholdRow(recordsAtThreshold(open, closed, t), t))
}

/**
 * The gate's risk-coverage curve and AURC: each case's confidence is the gate's top score, and it is right
 * when its open (answering) record is classed `correct` (a must-abstain case answered is wrong). Each
 * threshold of the sweep is a point of this curve.
 */
export function gateRiskCoverage(
  open: readonly CaseRecord[],
  closed: readonly CaseRecord[],
): { curve: RiskCoveragePoint[]; aurc: number } {
  const pairs = open.map((o, i) => ({
    confidence: closed[i]?.answer?.confidence ?? 0,
    correct: o.errorClass === 'correct',
  }))
  return { curve: riskCoverageCurve(pairs), aurc: aurc(pairs) }
}

/** The recommended threshold and why. */
export interface Recommendation {
  threshold: number
  reason: string
}

/**
 * Recommends the threshold with the highest CRAG truthfulness (on a tie the current one, else the lowest, which
 * answers the most):
 * truthfulness rewards a right answer, costs nothing for an honest abstention and punishes a wrong answer,
 * so it is the one figure that prices both kinds of mistake a gate makes.
 */
export function recommendThreshold(rows: readonly ThresholdRow[], current: number): Recommendation {
  const top = rows.reduce((b, r) => (r.truthfulness > b.truthfulness + 1e-12 ? r : b), rows[0] as ThresholdRow)
  const now = rows.find((r) => Math.abs(r.threshold - current) < 1e-9)
  // A tie with the current threshold keeps it: no change without a gain.
  const best = now && now.truthfulness >= top.truthfulness - 1e-12 ? now : top
  const versus = now
    ? now.threshold === best.threshold
      ? 'the current threshold is already the best'
      : `against ${fixed3(now.truthfulness)} at the current ${now.threshold}: abstention recall ${fixed3(now.abstentionRecall)} -> ${fixed3(best.abstentionRecall)}, precision ${fixed3(now.abstentionPrecision)} -> ${fixed3(best.abstentionPrecision)}, answer coverage ${fixed3(now.coverage)} -> ${fixed3(best.coverage)}`
    : `the current threshold ${current} was not swept`
  return {
    threshold: best.threshold,
    reason: `${best.threshold} maximises CRAG truthfulness (${fixed3(best.truthfulness)}; a wrong answer costs 1, an abstention 0, a right answer earns 1), ${versus}`,
  }
}

/** The printed table; the current threshold and the recommendation are marked. */
export function tuneTable(rows: readonly ThresholdRow[], current: number, recommended: number): TextTable {
  return {
    header: ['threshold', 'coverage', 'abstain P', 'abstain R', 'truthfulness', 'note'],
    rows: rows.map((r) => [
      r.threshold.toFixed(2),
      fixed3(r.coverage),
      fixed3(r.abstentionPrecision),
      fixed3(r.abstentionRecall),
      fixed3(r.truthfulness),
      [Math.abs(r.threshold - current) < 1e-9 ? 'current' : '', r.threshold === recommended ? 'recommended' : '']
        .filter(Boolean)
        .join(', '),
    ]),
  }
}
