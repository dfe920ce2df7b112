/**
 * Errors of the reference pipeline, each with a stable `code`. Messages quote the bad value and say the fix.
 */
import type { CodeOf } from '../../shared/util/error-code-types.ts'
import { VitestRagError } from '../../shared/util/errors.ts'

/** The stable codes of {@link GenerationError}. */
export type GenerationErrorCode = CodeOf<'GenerationError'>

/** A failure in the reference pipeline's own configuration (never a problem of one case's data). */
export class GenerationError extends VitestRagError<GenerationErrorCode> {
  constructor(code: GenerationErrorCode, message: string) {
    super(code, message)
  }
}
