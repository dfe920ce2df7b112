/**
 * Answer metrics of a run: their means (from the per-case rows), who judged them, judge coverage, and the
 * calibration figure printed next to each judge metric.
 */
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { groupMetrics, type CaseMetricRow } from './grouped-metrics.ts'
import type { AnswerSection, CalibrationFigure, RunJudgeKind } from './scorecard.ts'

/** Answer metrics that come from the judge (and so carry a judge kind, coverage and calibration). */
export const JUDGE_METRICS: readonly string[] = [
  'faithfulness',
  'citation_accuracy',
  'answer_relevance',
  'crag_truthfulness',
]

/**
 * Claim-level answer metrics (the claim checker's, `claimMetrics` in the config): heuristic (offline,
 * deterministic) or model-checked; compared by the gate only between runs checked the same way.
 */
export const CLAIM_METRICS: readonly string[] = [
  'claim_faithfulness',
  'context_precision',
  'context_recall',
  'noise_sensitivity',
]

/** Calibration record keys tried, in order, for each judge metric (the calibrate command names criteria). */
export const CALIBRATION_KEYS: Readonly<Record<string, readonly string[]>> = {
  faithfulness: ['faithfulness'],
  citation_accuracy: ['citation_accuracy', 'citationAccuracy'],
  answer_relevance: ['answer_relevance', 'answerRelevance'],
  crag_truthfulness: ['crag_truthfulness', 'crag'],
}

/** Whether a record's judge verdict counts: present and parsed. */
export function isJudged(record: CaseRecord): boolean {
  return record.judge !== undefined && !record.judge.failed
}

/** The judge kind of a set of records: the one kind all judged records share, `mixed`, or `none`. */
export function judgeKindOf(records: readonly CaseRecord[]): RunJudgeKind {
  const kinds = new Set(records.filter(isJudged).map((r) => r.judge?.kind))
  if (kinds.size === 0) return 'none'
  if (kinds.size > 1) return 'mixed'
  return kinds.has('model') ? 'model' : 'heuristic'
}

/**
 * Builds the answer section from the system-mode rows (retrieval-mode cases have no answer and are left
 * out). Coverage = judged / scorable: 16 judged of 20 system-mode cases -> 0.8. Answer coverage = answered
 * (not an abstention) / scorable: 15 answered of 20 -> 0.75.
 */
export function summarizeAnswers(
  rows: readonly CaseMetricRow[],
  calibration: Record<string, CalibrationFigure> | undefined,
): AnswerSection {
  const records = rows.map((row) => row.record)
  const judged = records.filter(isJudged).length
  const scorable = records.length
  const grouped = groupMetrics(rows)
  const figures: Record<string, CalibrationFigure | 'uncalibrated'> = {}
  for (const metric of JUDGE_METRICS) {
    if (grouped.overall.mean[metric] === undefined) continue
    const key = (CALIBRATION_KEYS[metric] ?? [metric]).find((k) => calibration?.[k] !== undefined)
    figures[metric] = (key !== undefined ? calibration?.[key] : undefined) ?? 'uncalibrated'
  }
  const answered = records.filter((r) => r.answer !== undefined && !r.answer.abstained && r.error === undefined).length
  const judgeModel = records.find((r) => isJudged(r) && r.judge?.model !== undefined)?.judge?.model
  return {
    ...grouped,
    judgeKind: judgeKindOf(records),
    ...(judgeModel !== undefined ? { judgeModel } : {}),
    judged,
    scorable,
    coverage: scorable === 0 ? 0 : judged / scorable,
    judgeFailed: records.filter((r) => r.judge?.failed === true).length,
    answered,
    answerCoverage: scorable === 0 ? 0 : answered / scorable,
    calibration: figures,
  }
}

/**
 * The judge record shown next to a judge metric: its agreement, where it was measured, and for faithfulness the
 * ROC AUC beside the unigram baseline's. Example: "acc 0.95, κ 0.91, n=1000 · AUC 0.994 vs unigram 0.915 ·
 * heuristic-6 on HaluEval QA, reporting half (seed 25, 1000 of 2000 rows)"; a judge that does not beat the
 * baseline adds "lexical smoke test, not evidence".
 */
export function describeCalibration(figure: CalibrationFigure): string {
  const parts = [`acc ${figure.accuracy.toFixed(2)}, κ ${figure.kappa.toFixed(2)}, n=${figure.n}`]
  if (figure.rocAuc !== undefined)
    parts.push(
      `AUC ${figure.rocAuc.toFixed(3)} vs unigram ${figure.unigramRocAuc === undefined ? 'n/a' : figure.unigramRocAuc.toFixed(3)}`,
    )
  if (figure.measuredOn !== undefined) parts.push(figure.measuredOn)
  if (figure.beatsBaseline === false) parts.push('lexical smoke test, not evidence (does not beat unigram precision)')
  return parts.join(' · ')
}
