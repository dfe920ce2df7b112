/**
 * The registry of `vitest-rag` subcommands. Add one import and one array entry per command.
 */
import type { CliCommand } from '../command.js';
/** Every subcommand, in the order `vitest-rag help` lists them. */
export declare const commands: CliCommand[];
