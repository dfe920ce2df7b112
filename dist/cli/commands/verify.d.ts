import { type CliCommand } from '../command.js';
/** Default manifest file name, written beside the corpus (commit it with a knowledge base). */
export declare const DEFAULT_MANIFEST_NAME = "vitest-rag.manifest.json";
/** The `verify` command. */
export declare const verifyCommand: CliCommand;
