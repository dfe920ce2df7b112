import { type Baseline } from './baseline.js';
/**
 * Loads a baseline file; resolves to `undefined` when the file does not exist (the gate then passes with
 * the how-to message).
 * @throws BaselineVersionError on another version; BaselineFormatError when unreadable or malformed.
 */
export declare function loadBaseline(path: string): Promise<Baseline | undefined>;
/** Writes a baseline atomically (temp file + rename), creating its folder. */
export declare function writeBaseline(path: string, baseline: Baseline): Promise<void>;
