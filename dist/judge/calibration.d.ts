import type { JudgeVerdict } from './types.js';
/** The criteria a labels file can hold, as named in labels files and calibration records. */
export declare const CALIBRATION_CRITERIA: readonly ["faithfulness", "citation_accuracy", "answer_relevance", "crag"];
/** One calibrated criterion. */
export type CalibrationCriterion = (typeof CALIBRATION_CRITERIA)[number];
/** A label: a rubric score (as a string key, `'0'`, `'0.5'`, `'1'`) or a CRAG grade. */
export type CalibrationLabel = string;
/** Agreement of a judge with humans on one criterion. */
export interface CriterionAgreement {
    /** Items that had a human label and a judge label. */
    n: number;
    /** Items with a human label the judge could not score (failed verdict, criterion absent). */
    skipped: number;
    /** Share of the n items where the labels match, in [0, 1]; null when n = 0. */
    accuracy: number | null;
    /** Cohen's kappa in [-1, 1]; null when undefined (n = 0, or both raters used one single label: p_e = 1). */
    kappa: number | null;
    /** Category order of the confusion matrix's rows and columns. */
    labels: CalibrationLabel[];
    /** `confusion[i][j]`: items the human labelled `labels[i]` and the judge `labels[j]`. */
    confusion: number[][];
}
/** Category orders: scores low to high, CRAG grades best to worst. */
export declare const CRITERION_LABELS: Record<CalibrationCriterion, readonly CalibrationLabel[]>;
/**
 * Agreement over label pairs. Labels outside `labels` are added at the end (so nothing is silently
 * dropped). Example: pairs (1,1) x4, (1,0) x1, (0,1) x2, (0,0) x3 -> accuracy 0.7, kappa 0.4 (see above).
 */
export declare function measureAgreement(pairs: ReadonlyArray<{
    human: CalibrationLabel;
    judge: CalibrationLabel;
}>, labels: readonly CalibrationLabel[], skipped?: number): CriterionAgreement;
/** The judge's label for one criterion from a verdict, or undefined when it gave none (or failed). */
export declare function judgeLabelOf(verdict: JudgeVerdict, criterion: CalibrationCriterion): CalibrationLabel | undefined;
/** One human-labelled item with the judge's verdict on it. */
export interface JudgedLabelRow {
    human: Partial<Record<CalibrationCriterion, number | string>>;
    verdict: JudgeVerdict;
}
/** Agreement per criterion that at least one row labels. */
export declare function measureCalibration(rows: readonly JudgedLabelRow[]): Partial<Record<CalibrationCriterion, CriterionAgreement>>;
