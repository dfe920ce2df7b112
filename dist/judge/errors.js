/**
 * The judge's error classes, each with a stable `code`. Problems in user data (labels files, qrels files)
 * are returned as lists of {@link JudgeDataProblem}, never thrown.
 */
/** Base class: every judge failure carries a stable code. */
export class JudgeError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.name = new.target.name;
        this.code = code;
    }
}
/** The judge would grade its own generator's work: self-preference bias. */
export class JudgeSameModelError extends JudgeError {
    constructor(model) {
        super('VITEST_RAG_JUDGE_SAME_MODEL', `vitest-rag: the judge model "${model}" is also the generator model; a model grading its own answers ` +
            'is biased towards them. Configure a different (larger) judge model on the reversed provider chain, ' +
            'or pass allowSameModel: true to accept the bias knowingly.');
    }
}
/** A prompt template file is missing its `version:` line or a placeholder. */
export class JudgePromptTemplateError extends JudgeError {
    constructor(file, detail) {
        super('VITEST_RAG_JUDGE_PROMPT_TEMPLATE', `vitest-rag: prompt template ${file}: ${detail}`);
    }
}
/** A calibration record that cannot be used (wrong version or shape). */
export class CalibrationRecordError extends JudgeError {
    constructor(file, detail) {
        super('VITEST_RAG_CALIBRATION_RECORD', `vitest-rag: calibration record ${file}: ${detail}`);
    }
}
/** A qrels file whose existing content changed under an append: the file is append-only. */
export class QrelsAppendError extends JudgeError {
    constructor(file, detail) {
        super('VITEST_RAG_QRELS_APPEND', `vitest-rag: qrels file ${file}: ${detail}`);
    }
}
//# sourceMappingURL=errors.js.map