import { type GoldenCase } from './schema.js';
import type { Problem } from './problems.js';
/** One parsed case and the 1-based line it came from. */
export interface GoldenCaseAt {
    case: GoldenCase;
    line: number;
}
/**
 * The result of parsing one golden file. `cases` holds every line that validated (even when other lines
 * have problems); `problems` every problem found; `hash` is the sha256 of the raw text, for the scorecard.
 */
export interface GoldenParseResult {
    cases: GoldenCaseAt[];
    problems: Problem[];
    hash: string;
}
/**
 * Parses a golden JSONL text. `file` is the name used in problem messages (e.g. `golden/support.golden.jsonl`).
 * Reports invalid JSON (with the parser's message), every schema issue of every line, cross-field rule
 * failures, and duplicate `case_id`s (naming both lines).
 */
export declare function parseGoldenText(text: string, file: string): GoldenParseResult;
/**
 * One hash for a set of golden files: sha256 over the sorted `file:hash` lines, so the same files with the
 * same contents give the same hash in any order.
 */
export declare function goldenSetHash(files: ReadonlyArray<{
    file: string;
    hash: string;
}>): string;
