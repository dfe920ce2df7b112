import { type GoldenParseResult } from './parse-golden.js';
/** A loaded golden file: its parsed cases, its hash and the display name used in messages. */
export interface LoadedGoldenFile extends GoldenParseResult {
    /** The file name as shown in messages: relative to `cwd` when inside it, with `/` separators. */
    file: string;
}
/**
 * Reads and parses the golden file at `path`. Throws {@link GoldenFileError} (code `VITEST_RAG_GOLDEN_INVALID`)
 * carrying every problem when the file has any; `cwd` (default `process.cwd()`) only shortens names in messages.
 */
export declare function loadGoldenFile(path: string, cwd?: string): Promise<LoadedGoldenFile>;
