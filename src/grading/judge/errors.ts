/**
 * The judge's error classes, each with a stable `code`. Problems in user data (labels files, qrels files)
 * are returned as lists of {@link JudgeDataProblem}, never thrown.
 */
import type { Problem } from '../../shared/problems/problems.ts'
import type { CodeOf } from '../../shared/util/error-code-types.ts'
import { VitestRagError } from '../../shared/util/errors.ts'

/** The stable codes of the judge's errors. */
export type JudgeErrorCode = CodeOf<'CalibrationRecordError' | 'QrelsAppendError'>

/** Base class: every judge failure carries one of the stable {@link JudgeErrorCode}s. */
export class JudgeError extends VitestRagError<JudgeErrorCode> {}

/**
 * The judge would grade its own generator's work: the model client's one error for it. This name stays for
 * one release; new code uses `JudgeIsGeneratorError` from `src/llm/errors.ts`.
 */
export { JudgeIsGeneratorError as JudgeSameModelError } from '../../llm/errors.ts'

/** A calibration record that cannot be used (wrong version or shape). */
export class CalibrationRecordError extends JudgeError {
  constructor(file: string, detail: string) {
    super('VITEST_RAG_CALIBRATION_RECORD', `calibration record ${file}: ${detail}`)
  }
}

/** A qrels file whose existing content changed under an append: the file is append-only. */
export class QrelsAppendError extends JudgeError {
  constructor(file: string, detail: string) {
    super('VITEST_RAG_QRELS_APPEND', `qrels file ${file}: ${detail}`)
  }
}

/**
 * One problem in a user's data file (labels, qrels): the shared {@link Problem}, rendered by the one
 * `formatProblems`. The name stays for one release; new code uses `Problem`.
 */
export type JudgeDataProblem = Problem
