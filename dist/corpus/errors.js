/**
 * Error class for corpora: thrown by a loader when its input has problems, carrying all of them.
 */
import { formatProblems } from "../cases/problems.js";
/** A corpus has bad input (a malformed changelog line, a duplicate ticket id, a missing folder...). */
export class CorpusError extends Error {
    code = 'VITEST_RAG_CORPUS_INVALID';
    problems;
    constructor(root, problems) {
        super(`vitest-rag: ${problems.length} problem${problems.length === 1 ? '' : 's'} in corpus ${root}:\n${formatProblems(problems)}`);
        this.name = 'CorpusError';
        this.problems = problems;
    }
}
/** A chunker spec string that does not parse, e.g. `fixed:800/900` (overlap must be smaller than size). */
export class ChunkerSpecError extends Error {
    code = 'VITEST_RAG_CHUNKER_SPEC';
    constructor(spec, reason) {
        super(`vitest-rag: chunker spec ${JSON.stringify(spec)} is invalid: ${reason} (expected "fixed", "fixed:<size>/<overlap>" such as "fixed:800/100", "structural" or "structural:<maxSize>/<overlap>")`);
        this.name = 'ChunkerSpecError';
    }
}
/** A manifest file that cannot be read as a version-1 manifest. */
export class ManifestError extends Error {
    code = 'VITEST_RAG_MANIFEST_INVALID';
    constructor(path, reason) {
        super(`vitest-rag: manifest ${path} ${reason} (fix: re-record it with \`vitest-rag verify --write\`)`);
        this.name = 'ManifestError';
    }
}
//# sourceMappingURL=errors.js.map