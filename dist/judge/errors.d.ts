/**
 * The judge's error classes, each with a stable `code`. Problems in user data (labels files, qrels files)
 * are returned as lists of {@link JudgeDataProblem}, never thrown.
 */
/** Base class: every judge failure carries a stable code. */
export declare class JudgeError extends Error {
    readonly code: string;
    constructor(code: string, message: string);
}
/** The judge would grade its own generator's work: self-preference bias. */
export declare class JudgeSameModelError extends JudgeError {
    constructor(model: string);
}
/** A prompt template file is missing its `version:` line or a placeholder. */
export declare class JudgePromptTemplateError extends JudgeError {
    constructor(file: string, detail: string);
}
/** A calibration record that cannot be used (wrong version or shape). */
export declare class CalibrationRecordError extends JudgeError {
    constructor(file: string, detail: string);
}
/** A qrels file whose existing content changed under an append: the file is append-only. */
export declare class QrelsAppendError extends JudgeError {
    constructor(file: string, detail: string);
}
/** One problem in a user's data file (labels, qrels), reported with every other problem at once. */
export interface JudgeDataProblem {
    code: string;
    file?: string;
    /** 1-based line. */
    line?: number;
    /** Field path inside the row, e.g. `labels.faithfulness`. */
    path: string;
    message: string;
}
