/**
 * Judge calibration, the pure part: agreement between a judge's labels and human labels, per criterion, as
 * accuracy, Cohen's kappa and a confusion matrix.
 *
 * Cohen's kappa corrects raw agreement for the agreement two raters would reach by chance given how often
 * each uses each label:
 *
 *   κ = (p_o − p_e) / (1 − p_e),   p_o = Σ_k n_kk / n,   p_e = Σ_k (n_k· / n) · (n_·k / n)
 *
 * where n_kk counts items both raters labelled k, n_k· items the human labelled k, n_·k items the judge
 * labelled k. κ = 1 is perfect agreement, 0 is chance level, below 0 is worse than chance.
 *
 * Hand-worked 2x2 example, 10 items (rows human, columns judge):
 *
 *             judge 1  judge 0
 *   human 1      4        1      (human 1: 5)
 *   human 0      2        3      (human 0: 5)
 *            (judge 1: 6) (judge 0: 4)
 *
 *   p_o = (4 + 3) / 10 = 0.7
 *   p_e = (5/10)(6/10) + (5/10)(4/10) = 0.30 + 0.20 = 0.5
 *   κ   = (0.7 − 0.5) / (1 − 0.5) = 0.4
 *
 * Accuracy 0.7 looks good, but half of it is what two coin-flippers with these label rates would reach.
 */
import { rocAuc } from '../../shared/stats/roc.ts'
import { quantileSorted } from '../../shared/stats/bootstrap.ts'
import { mulberry32 } from '../../shared/stats/prng.ts'
import type { CragGrade } from '../metrics/crag.ts'
import { CRAG_GRADES } from '../metrics/crag.ts'
import type { JudgeVerdict } from './types.ts'

/** The criteria a labels file can hold, as named in labels files and calibration records. */
export const CALIBRATION_CRITERIA = ['faithfulness', 'citation_accuracy', 'answer_relevance', 'crag'] as const
/** One calibrated criterion. */
export type CalibrationCriterion = (typeof CALIBRATION_CRITERIA)[number]

/** A label: a rubric score (as a string key, `'0'`, `'0.5'`, `'1'`) or a CRAG grade. */
export type CalibrationLabel = string

/** Agreement of a judge with humans on one criterion. */
export interface CriterionAgreement {
  /** Items that had a human label and a judge label. */
  n: number
  /** Items with a human label the judge could not score (failed verdict, criterion absent). */
  skipped: number
  /** Share of the n items where the labels match, in [0, 1]; null when n = 0. */
  accuracy: number | null
  /** Cohen's kappa in [-1, 1]; null when undefined (n = 0, or both raters used one single label: p_e = 1). */
  kappa: number | null
  /** Category order of the confusion matrix's rows and columns. */
  labels: CalibrationLabel[]
  /** `confusion[i][j]`: items the human labelled `labels[i]` and the judge `labels[j]`. */
  confusion: number[][]
  /** 95% percentile-bootstrap interval of kappa over the items ({@link kappaInterval}); absent when kappa is. */
  kappaCi?: [number, number]
  /**
   * Faithfulness only: ROC AUC of the judge's score against the human "faithful" label (human 1 vs the rest),
   * ties counted half (`rocAuc`): the continuous support (`faithfulnessSupport`) where the judge gives one, else
   * its 0 / 0.5 / 1 verdict, which ranks with many ties. Absent when not computable.
   */
  rocAuc?: number
  /** Faithfulness only: ROC AUC of unigram precision (`unigramPrecision`) on the same rows, the baseline to beat. */
  unigramRocAuc?: number
}

/** Resamples and seed of the kappa interval: fixed, so the same labels always give the same interval. */
export const KAPPA_CI_OPTIONS = { resamples: 2000, seed: 20261201, alpha: 0.05 } as const

/** Cohen's kappa of a confusion matrix (rows human, columns judge); null when p_e = 1 or it is empty. */
export function kappaOf(confusion: readonly (readonly number[])[]): number | null {
  const n = confusion.reduce((s, row) => s + row.reduce((a, b) => a + b, 0), 0)
  if (n === 0) return null
  let agree = 0
  let pe = 0
  for (let k = 0; k < confusion.length; k++) {
    agree += confusion[k]?.[k] ?? 0
    const humanK = (confusion[k] ?? []).reduce((a, b) => a + b, 0)
    const judgeK = confusion.reduce((a, row) => a + (row[k] ?? 0), 0)
    pe += (humanK / n) * (judgeK / n)
  }
  return pe >= 1 ? null : (agree / n - pe) / (1 - pe)
}

/**
 * A percentile-bootstrap interval of kappa: resample the items with replacement `resamples` times (seeded
 * mulberry32), take each resample's kappa, and report the alpha/2 and 1 - alpha/2 quantiles. Resamples whose
 * kappa is undefined (one single label on both sides) are left out. Undefined when the items' kappa is.
 * With 2,000 items of kappa 0.67 it spans about +-0.03; with 54 items of 0.81, about +-0.15.
 */
export function kappaInterval(
  confusion: readonly (readonly number[])[],
  options: { resamples: number; seed: number; alpha: number } = KAPPA_CI_OPTIONS,
): [number, number] | undefined {
  if (kappaOf(confusion) === null) return undefined
  // The items as (row, column) cells, so a resample is an index draw.
  const cells: Array<[number, number]> = []
  confusion.forEach((row, i) =>
    row.forEach((count, j) => {
      for (let c = 0; c < count; c++) cells.push([i, j])
    }),
  )
  const random = mulberry32(options.seed)
  const size = confusion.length
  const kappas: number[] = []
  for (let r = 0; r < options.resamples; r++) {
    const m = Array.from({ length: size }, () => new Array<number>(size).fill(0))
    for (let d = 0; d < cells.length; d++) {
      const [i, j] = cells[Math.floor(random() * cells.length)]!
      m[i]![j]! += 1
    }
    const k = kappaOf(m)
    if (k !== null) kappas.push(k)
  }
  kappas.sort((a, b) => a - b)
  return [quantileSorted(kappas, options.alpha / 2), quantileSorted(kappas, 1 - options.alpha / 2)]
}

/** Category orders: scores low to high, CRAG grades best to worst. */
export const CRITERION_LABELS: Record<CalibrationCriterion, readonly CalibrationLabel[]> = {
  faithfulness: ['0', '0.5', '1'],
  citation_accuracy: ['0', '0.5', '1'],
  answer_relevance: ['0', '0.5', '1'],
  crag: [...CRAG_GRADES],
}

/**
 * Agreement over label pairs. Labels outside `labels` are added at the end (so nothing is silently
 * dropped). Example: pairs (1,1) x4, (1,0) x1, (0,1) x2, (0,0) x3 -> accuracy 0.7, kappa 0.4 (see above).
 */
export function measureAgreement(
  pairs: ReadonlyArray<{ human: CalibrationLabel; judge: CalibrationLabel }>,
  labels: readonly CalibrationLabel[],
  skipped = 0,
): CriterionAgreement {
  const order = [...labels]
  for (const p of pairs) for (const l of [p.human, p.judge]) if (!order.includes(l)) order.push(l)
  const confusion = order.map(() => order.map(() => 0))
  for (const p of pairs) {
    const row = confusion[order.indexOf(p.human)]
    if (row) row[order.indexOf(p.judge)] = (row[order.indexOf(p.judge)] ?? 0) + 1
  }
  const n = pairs.length
  if (n === 0) return { n, skipped, accuracy: null, kappa: null, labels: order, confusion }
  const agree = order.reduce((sum, _l, k) => sum + (confusion[k]?.[k] ?? 0), 0)
  const po = agree / n
  const kappa = kappaOf(confusion)
  const kappaCi = kappa === null ? undefined : kappaInterval(confusion)
  return { n, skipped, accuracy: po, kappa, labels: order, confusion, ...(kappaCi ? { kappaCi } : {}) }
}

/** The judge's label for one criterion from a verdict, or undefined when it gave none (or failed). */
export function judgeLabelOf(verdict: JudgeVerdict, criterion: CalibrationCriterion): CalibrationLabel | undefined {
  if (verdict.failed) return undefined
  const value =
    criterion === 'faithfulness'
      ? verdict.faithfulness
      : criterion === 'citation_accuracy'
        ? verdict.citationAccuracy
        : criterion === 'answer_relevance'
          ? verdict.answerRelevance
          : verdict.crag
  return value === undefined ? undefined : String(value)
}

/** One human-labelled item with the judge's verdict on it. */
export interface JudgedLabelRow {
  human: Partial<Record<CalibrationCriterion, number | string>>
  verdict: JudgeVerdict
  /** Unigram precision of the row's answer against its context (the baseline), when measured. */
  unigram?: number
}

/** The faithfulness AUCs of the judge and of the unigram baseline over the rows that have both (see {@link CriterionAgreement}). */
function faithfulnessAucs(rows: readonly JudgedLabelRow[]): Pick<CriterionAgreement, 'rocAuc' | 'unigramRocAuc'> {
  const usable = rows.filter(
    (r) => r.human.faithfulness !== undefined && typeof r.verdict.faithfulness === 'number' && !r.verdict.failed,
  )
  const positive = usable.map((r) => Number(r.human.faithfulness) === 1)
  // The heuristic judge's continuous support ranks the answers; a judge without one ranks by its 0 / 0.5 / 1 verdict.
  const judge = rocAuc(
    usable.map((r) => r.verdict.faithfulnessSupport ?? r.verdict.faithfulness!),
    positive,
  )
  const withBaseline = usable.filter((r) => r.unigram !== undefined)
  const baseline =
    withBaseline.length === usable.length
      ? rocAuc(
          withBaseline.map((r) => r.unigram!),
          positive,
        )
      : null
  return { ...(judge === null ? {} : { rocAuc: judge }), ...(baseline === null ? {} : { unigramRocAuc: baseline }) }
}

/** Agreement per criterion that at least one row labels. */
export function measureCalibration(
  rows: readonly JudgedLabelRow[],
): Partial<Record<CalibrationCriterion, CriterionAgreement>> {
  const out: Partial<Record<CalibrationCriterion, CriterionAgreement>> = {}
  for (const criterion of CALIBRATION_CRITERIA) {
    const labelled = rows.filter((r) => r.human[criterion] !== undefined)
    if (labelled.length === 0) continue
    const pairs: Array<{ human: string; judge: string }> = []
    let skipped = 0
    for (const row of labelled) {
      const judge = judgeLabelOf(row.verdict, criterion)
      if (judge === undefined) skipped += 1
      else pairs.push({ human: String(row.human[criterion]), judge })
    }
    out[criterion] = measureAgreement(pairs, CRITERION_LABELS[criterion], skipped)
    if (criterion === 'faithfulness') Object.assign(out[criterion]!, faithfulnessAucs(labelled))
  }
  return out
}
