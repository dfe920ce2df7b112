/** Failures in how our code calls a statistic (too few values to say anything, a bad option). */
import type { CodeOf } from '../util/error-code-types.ts'
import { VitestRagError } from '../util/errors.ts'

/** Stable codes of {@link StatsError}. */
export type StatsErrorCode = CodeOf<'StatsError'>

/** A statistic asked of data it cannot be computed from; the message quotes the value and says the fix. */
export class StatsError extends VitestRagError<StatsErrorCode> {
  constructor(code: StatsErrorCode, message: string) {
    super(code, message)
  }
}
