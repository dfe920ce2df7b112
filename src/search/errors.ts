/**
 * Failures of the search core, with stable codes. Problems are in our inputs (duplicate chunk ids, an arm that
 * was not built, a dimension mismatch), so each message quotes the bad value and says the fix.
 */
import { VitestRagError } from '../util/errors.ts'

/** Stable codes of {@link SearchError}. */
export type SearchErrorCode =
  | 'VITEST_RAG_SEARCH_DUPLICATE_CHUNK'
  | 'VITEST_RAG_SEARCH_ARM_UNAVAILABLE'
  | 'VITEST_RAG_SEARCH_DIMENSION_MISMATCH'
  | 'VITEST_RAG_SEARCH_BAD_ARGUMENT'
  | 'VITEST_RAG_SEARCH_ASYNC_EMBEDDER'
  | 'VITEST_RAG_SEARCH_INDEX_FORMAT'

/** An error raised by the search core. */
export class SearchError extends VitestRagError<SearchErrorCode> {
  constructor(code: SearchErrorCode, message: string) {
    super(code, message)
  }
}
