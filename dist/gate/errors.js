/**
 * Errors of the gate module (baseline files), with stable codes. Messages quote the bad value and say the fix.
 */
/** A baseline file written by an incompatible harness version. */
export class BaselineVersionError extends Error {
    code = 'VITEST_RAG_BASELINE_VERSION';
    constructor(source, found, expected) {
        super(`vitest-rag: ${source} is a baseline of version ${JSON.stringify(found)}, this harness reads version ${expected}; ` +
            're-run the evals and accept a new baseline: npx vitest-rag baseline accept');
        this.name = 'BaselineVersionError';
    }
}
/** A baseline file that is unreadable, not JSON, or not shaped like a baseline. */
export class BaselineFormatError extends Error {
    code = 'VITEST_RAG_BASELINE_FORMAT';
    constructor(source, problem) {
        super(`vitest-rag: ${source} is not a valid baseline: ${problem}; accept a new one: npx vitest-rag baseline accept`);
        this.name = 'BaselineFormatError';
    }
}
//# sourceMappingURL=errors.js.map