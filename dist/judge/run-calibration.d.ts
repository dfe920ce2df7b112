import { type JudgedLabelRow } from './calibration.js';
import { type CalibrationRecord } from './calibration-record.js';
import type { JudgeDataProblem } from './errors.js';
import type { Judge } from './types.js';
/** The outcome of a calibration run: a record, or the labels file's problems. */
export type CalibrationRun = {
    ok: true;
    record: CalibrationRecord;
    judged: JudgedLabelRow[];
} | {
    ok: false;
    problems: JudgeDataProblem[];
};
/**
 * Judges every row of the labels file at `path` (read as given) and measures agreement per criterion.
 * `labelsFile` is how the file is named in the record (e.g. relative to the project root).
 */
export declare function runCalibration(path: string, judge: Judge, labelsFile?: string, now?: Date): Promise<CalibrationRun>;
