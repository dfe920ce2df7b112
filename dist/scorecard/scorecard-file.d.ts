import type { Scorecard } from './scorecard.js';
/** Where the reporter writes the scorecard, relative to the project root. */
export declare const DEFAULT_SCORECARD_PATH = ".vitest-rag/scorecard.json";
/**
 * Reads and validates a scorecard file.
 * @throws ScorecardFormatError when the file is missing or malformed; ScorecardVersionError on another version.
 */
export declare function readScorecardFile(path: string): Promise<Scorecard>;
/** Writes the scorecard atomically. */
export declare function writeScorecardFile(path: string, scorecard: Scorecard): Promise<void>;
