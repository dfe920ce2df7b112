/**
 * Errors of the experiment commands (`experiment`, `compare-chunking`, `tune`, ...), with a stable code:
 * their input (an options file, the arms to compare) cannot be used. Messages name the file or value and the fix.
 */
import type { CodeOf } from '../../shared/util/error-code-types.ts'
import { VitestRagError } from '../../shared/util/errors.ts'

/** An experiment's input cannot be used: an unreadable options file, a reference arm that was not run. */
export class ExperimentInputError extends VitestRagError<CodeOf<'ExperimentInputError'>> {
  constructor(message: string) {
    super('VITEST_RAG_EXPERIMENT_INPUT', message)
  }
}
