/**
 * Failures of the search core, with stable codes. Problems are in our inputs (duplicate chunk ids, an arm that
 * was not built, a dimension mismatch), so each message quotes the bad value and says the fix.
 */
import type { CodeOf } from '../shared/util/error-code-types.ts'
import { VitestRagError } from '../shared/util/errors.ts'

/** Stable codes of {@link SearchError}. */
export type SearchErrorCode = CodeOf<'SearchError'>

/** An error raised by the search core. */
export class SearchError extends VitestRagError<SearchErrorCode> {
  constructor(code: SearchErrorCode, message: string) {
    super(code, message)
  }
}
