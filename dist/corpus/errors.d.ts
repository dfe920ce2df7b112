/**
 * Error class for corpora: thrown by a loader when its input has problems, carrying all of them.
 */
import { type Problem } from '../cases/problems.js';
/** A corpus has bad input (a malformed changelog line, a duplicate ticket id, a missing folder...). */
export declare class CorpusError extends Error {
    readonly code = "VITEST_RAG_CORPUS_INVALID";
    readonly problems: Problem[];
    constructor(root: string, problems: Problem[]);
}
/** A chunker spec string that does not parse, e.g. `fixed:800/900` (overlap must be smaller than size). */
export declare class ChunkerSpecError extends Error {
    readonly code = "VITEST_RAG_CHUNKER_SPEC";
    constructor(spec: string, reason: string);
}
/** A manifest file that cannot be read as a version-1 manifest. */
export declare class ManifestError extends Error {
    readonly code = "VITEST_RAG_MANIFEST_INVALID";
    constructor(path: string, reason: string);
}
