/**
 * The command contract for the one `vitest-rag` CLI. Each capability adds a file under `src/cli/commands/`
 * exporting a {@link CliCommand} (its usage and how it runs), and one {@link CliCommandEntry} (its name, its
 * one-line summary and how to load it) to the registry, `src/cli/commands/index.ts`. The split keeps start-up
 * cheap: the router lists and finds commands from the registry alone and imports a command's module (and so
 * everything that module imports) only when that command is asked for.
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

/** What a command's module provides: loaded only when that command (or its `--help`) is asked for. */
export interface CliCommand {
  /** Full usage text shown by `vitest-rag <name> --help`, `vitest-rag help <name>` and on a usage error. */
  usage: string
  /** Runs the command; resolves to the process exit code. Never calls `process.exit`. */
  run(argv: string[], io: CliIo): Promise<number>
}

/** One subcommand of `vitest-rag` in the registry: enough to route to it and list it without loading it. */
export interface CliCommandEntry {
  /** The word after `vitest-rag`, e.g. `score-run`. Subcommand groups use a space: `baseline accept`. */
  name: string
  /** One line for the command list; written only here, in the registry entry. */
  summary: string
  /** Imports the command's module on first use (a dynamic `import()`, so start-up does not pay for it). */
  load(): Promise<CliCommand>
}

/** A usage mistake: the router prints the message and the command's usage, exit code 2. */
export class CliUsageError extends VitestRagError<CodeOf<'CliUsageError'>> {
  constructor(message: string) {
    super('VITEST_RAG_USAGE', message)
  }
}
