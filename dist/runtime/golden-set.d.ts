import { type GoldenParseResult } from '../cases/parse-golden.js';
import type { Problem } from '../cases/problems.js';
import type { RagEvalConfig } from '../config/schema.js';
import type { GoldenModuleData } from './golden-module.js';
/** One parsed golden file. */
export interface GoldenFileSummary {
    /** Path relative to the project root (posix). */
    file: string;
    absolutePath: string;
    parsed: GoldenParseResult;
}
/** Every golden file of the configured glob, parsed. */
export interface GoldenSet {
    files: GoldenFileSummary[];
    /** sha256 over the files' paths and hashes. */
    hash: string;
    /** Case ids selected by `sample` (all cases when not sampling). */
    selected: Set<string>;
    /** Total cases the run should produce results for. */
    expectedCases: number;
    problems: Problem[];
}
/** Reads and parses every golden file; problems are collected, not thrown. */
export declare function readGoldenSet(config: RagEvalConfig): GoldenSet;
/**
 * Parses one golden file and resolves its locators to chunk ids. Throws {@link GoldenFileError} or
 * {@link UnresolvedLocatorsError} with every problem of the file.
 */
export declare function loadGoldenModuleData(config: RagEvalConfig, absolutePath: string, source: string): Promise<GoldenModuleData>;
/**
 * Checks the whole golden set before any case runs: every file parses, ids are unique across files, and every
 * locator resolves. Returns all problems at once.
 */
export declare function checkGoldenSet(config: RagEvalConfig): Promise<{
    set: GoldenSet;
    problems: Problem[];
}>;
