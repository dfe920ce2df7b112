/** Failures in how our code calls a statistic (too few values to say anything, a bad option). */
import { VitestRagError } from '../util/errors.ts'

/** Stable codes of {@link StatsError}. */
export type StatsErrorCode = 'VITEST_RAG_STATS_EMPTY' | 'VITEST_RAG_STATS_BAD_OPTION' | 'VITEST_RAG_STATS_TOO_FEW_RUNS'

/** A statistic asked of data it cannot be computed from; the message quotes the value and says the fix. */
export class StatsError extends VitestRagError<StatsErrorCode> {
  constructor(code: StatsErrorCode, message: string) {
    super(code, `vitest-rag: ${message}`)
  }
}
