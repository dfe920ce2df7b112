/**
 * Errors of the gate module (baseline files), with stable codes. Messages quote the bad value and say the fix.
 */
import { VitestRagError } from '../util/errors.ts'

/** A baseline file written by an incompatible harness version. */
export class BaselineVersionError extends VitestRagError<'VITEST_RAG_BASELINE_VERSION'> {
  constructor(source: string, found: unknown, expected: number) {
    super(
      'VITEST_RAG_BASELINE_VERSION',
      `vitest-rag: ${source} is a baseline of version ${JSON.stringify(found)}, this harness reads version ${expected}; ` +
        're-run the evals and accept a new baseline: npx vitest-rag baseline accept',
    )
  }
}

/** A baseline file that is unreadable, not JSON, or not shaped like a baseline. */
export class BaselineFormatError extends VitestRagError<'VITEST_RAG_BASELINE_FORMAT'> {
  constructor(source: string, problem: string) {
    super('VITEST_RAG_BASELINE_FORMAT', `vitest-rag: ${source} is not a valid baseline: ${problem}; accept a new one: npx vitest-rag baseline accept`)
  }
}
