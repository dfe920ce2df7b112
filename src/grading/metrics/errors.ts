/**
 * Failures in how our code calls a metric (a bad cutoff, a value out of range). Problems in user data
 * (run and qrels files) are returned as lists of problems instead, never thrown.
 */
import type { CodeOf } from '../../shared/util/error-code-types.ts'
import { VitestRagError } from '../../shared/util/errors.ts'

/** Stable codes of {@link MetricsError}. */
export type MetricsErrorCode = CodeOf<'MetricsError'>

/** A metric called with an argument it cannot score; the message quotes the value and says the fix. */
export class MetricsError extends VitestRagError<MetricsErrorCode> {
  constructor(code: MetricsErrorCode, message: string) {
    super(code, message)
  }
}
