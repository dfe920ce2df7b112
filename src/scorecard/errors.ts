/**
 * Errors of the scorecard module, with stable codes. Messages quote the bad value and say the fix.
 */
import { VitestRagError } from '../util/errors.ts'

/** A scorecard file written by an incompatible harness version. */
export class ScorecardVersionError extends VitestRagError<'VITEST_RAG_SCORECARD_VERSION'> {
  constructor(source: string, found: unknown, expected: number) {
    super(
      'VITEST_RAG_SCORECARD_VERSION',
      `vitest-rag: ${source} is a scorecard of version ${JSON.stringify(found)}, this harness reads version ${expected}; ` +
        're-run the evals (npx vitest run --project evals) to write a current scorecard',
    )
  }
}

/** A scorecard file that is not valid JSON or does not have the scorecard's shape. */
export class ScorecardFormatError extends VitestRagError<'VITEST_RAG_SCORECARD_FORMAT'> {
  constructor(source: string, problem: string) {
    super('VITEST_RAG_SCORECARD_FORMAT', `vitest-rag: ${source} is not a valid scorecard: ${problem}; re-run the evals to write it again`)
  }
}
