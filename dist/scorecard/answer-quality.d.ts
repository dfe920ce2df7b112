/**
 * Answer metrics of a run: their means (from the per-case rows), who judged them, judge coverage, and the
 * calibration figure printed next to each judge metric.
 */
import type { CaseRecord } from './case-record.js';
import { type MetricRow } from './grouped-metrics.js';
import type { AnswerSection, CalibrationFigure, RunJudgeKind } from './scorecard.js';
/** Answer metrics that come from the judge (and so carry a judge kind, coverage and calibration). */
export declare const JUDGE_METRICS: readonly string[];
/** Calibration record keys tried, in order, for each judge metric (the calibrate command names criteria). */
export declare const CALIBRATION_KEYS: Readonly<Record<string, readonly string[]>>;
/** Whether a record's judge verdict counts: present and parsed. */
export declare function isJudged(record: CaseRecord): boolean;
/** The judge kind of a set of records: the one kind all judged records share, `mixed`, or `none`. */
export declare function judgeKindOf(records: readonly CaseRecord[]): RunJudgeKind;
/**
 * Builds the answer section from the system-mode rows (retrieval-mode cases have no answer and are left
 * out). Coverage = judged / scorable: 16 judged of 20 system-mode cases -> 0.8.
 */
export declare function summarizeAnswers(rows: readonly MetricRow[], calibration: Record<string, CalibrationFigure> | undefined): AnswerSection;
