/**
 * The command contract for the one `vitest-rag` CLI. Each capability adds a file under
 * `src/cli/commands/` exporting a {@link CliCommand}, and one line to `src/cli/commands/index.ts`.
 */
import type { CodeOf } from '../../shared/util/error-code-types.ts'
import { VitestRagError } from '../../shared/util/errors.ts'

/** Where a command writes; tests pass buffers, the binary passes the process streams. */
export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  /** Working directory that relative paths resolve against. */
  cwd: string
}

/** One subcommand of `vitest-rag`. */
export interface CliCommand {
  /** The word after `vitest-rag`, e.g. `score-run`. Subcommand groups use a space: `baseline accept`. */
  name: string
  /** One line for the command list. */
  summary: string
  /** Full usage text shown by `vitest-rag help <name>` and on a usage error. */
  usage: string
  /** Runs the command; resolves to the process exit code. Never calls `process.exit`. */
  run(argv: string[], io: CliIo): Promise<number>
}

/** A usage mistake: the router prints the message and the command's usage, exit code 2. */
export class CliUsageError extends VitestRagError<CodeOf<'CliUsageError'>> {
  constructor(message: string) {
    super('VITEST_RAG_USAGE', message)
  }
}
