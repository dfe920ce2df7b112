/**
 * The one error base: every failure in vitest-rag's own code is a {@link VitestRagError} with a stable,
 * machine-readable `code` (`VITEST_RAG_BASELINE_FORMAT`, ...), so a caller (the CLI, the reporter, a user's
 * script) can branch on `error.code` instead of a message, and `error.name` is always the subclass's name.
 * Problems in user data are not thrown one by one: they are collected as `Problem`s and carried by one error.
 */

/**
 * Base class of vitest-rag's errors. `Code` is the subclass's code union, so `error.code` is typed:
 * `new StatsError('VITEST_RAG_STATS_EMPTY', ...)` compiles, a misspelt code does not.
 */
export class VitestRagError<Code extends string = string> extends Error {
  /** Stable code; never changes for a given failure, unlike the message. */
  readonly code: Code

  constructor(code: Code, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = new.target.name
    this.code = code
  }
}
