/**
 * The one error base: every failure in vitest-rag's own code is a {@link VitestRagError} with a stable,
 * machine-readable `code` (`VITEST_RAG_BASELINE_FORMAT`, ...), so a caller (the CLI, the reporter, a user's
 * script) can branch on `error.code` instead of a message, and `error.name` is always the subclass's name.
 * Problems in user data are not thrown one by one: they are collected as `Problem`s and carried by one error.
 * Every code is registered, with its class and meaning, in `error-codes.ts` (docs/errors.md is generated from it).
 */
import type { ErrorCode } from './error-code-types.ts'

/** What every vitest-rag error message starts with, exactly once. */
export const ERROR_PREFIX = 'vitest-rag: '

/** `message` without a leading {@link ERROR_PREFIX}: for quoting an error inside another message or a prefixed line. */
export function withoutPrefix(message: string): string {
  return message.startsWith(ERROR_PREFIX) ? message.slice(ERROR_PREFIX.length) : message
}

/**
 * Base class of vitest-rag's errors. `Code` is the subclass's code union, derived from the registry
 * (`CodeOf<'StatsError'>`), so `error.code` is typed: `new StatsError('VITEST_RAG_STATS_EMPTY', ...)` compiles,
 * a misspelt or unregistered code does not.
 */
export class VitestRagError<Code extends ErrorCode = ErrorCode> extends Error {
  /** Stable code; never changes for a given failure, unlike the message. */
  readonly code: Code

  /**
   * `message` is written without the `vitest-rag: ` prefix; it is added here, once (a message that already
   * starts with it, such as one built for another purpose too, is kept as is).
   */
  constructor(code: Code, message: string, options?: ErrorOptions) {
    super(message.startsWith(ERROR_PREFIX) ? message : ERROR_PREFIX + message, options)
    this.name = new.target.name
    this.code = code
  }
}
