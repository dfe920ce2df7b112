/**
 * Startup problems (the golden set, the config, unresolved locators, a spend refusal) stop the run before
 * any case executes: printed once, as the list the user has to fix, and exit code 1. Not as Vitest's
 * "Unhandled Error" with a stack trace of Vitest's internals, and not after a misleading "No test files found".
 */

/** An error whose message is the whole, user-facing explanation (no stack trace adds anything). */
export interface StartupProblem {
  message: string
}

/** Errors known to be startup problems: their codes. Anything else is a bug and keeps its stack trace. */
export const STARTUP_ERROR_CODES: ReadonlySet<string> = new Set([
  'VITEST_RAG_GOLDEN_SET_INVALID',
  'VITEST_RAG_GOLDEN_INVALID',
  'VITEST_RAG_UNRESOLVED_LOCATORS',
  'VITEST_RAG_CONFIG_INVALID',
  'VITEST_RAG_ESTIMATE_OVER_LIMIT',
  'VITEST_RAG_MISSING_API_KEY',
  'VITEST_RAG_MODEL_CONFIG',
  'VITEST_RAG_UNPRICED_MODEL',
  'VITEST_RAG_RESUME_NEEDS_CACHE',
  'VITEST_RAG_PROMPT_TEMPLATE_INVALID',
  'VITEST_RAG_PROMPT_TEMPLATE_NOT_FOUND',
])

/** Whether `error` is a startup problem (an error with one of {@link STARTUP_ERROR_CODES}). */
export function isStartupProblem(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code
  return error instanceof Error && typeof code === 'string' && STARTUP_ERROR_CODES.has(code)
}

/** The text printed for a startup problem: its message, then how the run ended. */
export function formatStartupProblem(error: StartupProblem): string {
  return `\n${error.message}\n\nvitest-rag: stopped before any case ran (exit code 1).\n\n`
}

/**
 * Prints a startup problem once and exits with code 1. stderr is synchronous for files and pipes on Linux
 * and macOS, so the text is out before the exit.
 */
export function stopAtStartup(error: StartupProblem): never {
  process.stderr.write(formatStartupProblem(error))
  process.exit(1)
}

// On globalThis, not in a module variable: a config file may import its own copy of the plugin (Vite bundles a
// relative import of the sources), and the flag must reach that copy too.
const CLI_CONFIG_LOAD = Symbol.for('vitest-rag.cli-config-load')

/**
 * Marks (or unmarks) that the CLI is loading a Vitest config in this process: a bad option is then thrown to
 * the CLI, which prints it, instead of ending the process as it does at the start of a run.
 */
export function setCliConfigLoad(active: boolean): void {
  ;(globalThis as Record<symbol, unknown>)[CLI_CONFIG_LOAD] = active
}

/** Whether {@link setCliConfigLoad} is on. */
export function isCliConfigLoad(): boolean {
  return (globalThis as Record<symbol, unknown>)[CLI_CONFIG_LOAD] === true
}
