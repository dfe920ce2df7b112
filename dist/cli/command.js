/**
 * The command contract for the one `vitest-rag` CLI. Each capability adds a file under
 * `src/cli/commands/` exporting a {@link CliCommand}, and one line to `src/cli/commands/index.ts`.
 */
/** A usage mistake: the router prints the message and the command's usage, exit code 2. */
export class CliUsageError extends Error {
    code = 'VITEST_RAG_USAGE';
}
//# sourceMappingURL=command.js.map