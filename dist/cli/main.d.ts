/**
 * The `vitest-rag` command router: finds the subcommand (one or two words), runs it, and maps usage
 * errors to exit code 2. Commands never call `process.exit`; the binary sets the exit code.
 */
import { type CliCommand, type CliIo } from './command.js';
/** The text `vitest-rag help` prints. */
export declare function renderHelp(commands: CliCommand[]): string;
/** The text a command group prints for `vitest-rag <group> --help`. */
export declare function renderGroupHelp(group: string, commands: CliCommand[]): string;
/** Runs the CLI with `argv` (without `node` and the script path); resolves to the exit code. */
export declare function runCli(argv: string[], io: CliIo, commands?: CliCommand[]): Promise<number>;
