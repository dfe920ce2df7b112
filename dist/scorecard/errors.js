/**
 * Errors of the scorecard module, with stable codes. Messages quote the bad value and say the fix.
 */
/** A scorecard file written by an incompatible harness version. */
export class ScorecardVersionError extends Error {
    code = 'VITEST_RAG_SCORECARD_VERSION';
    constructor(source, found, expected) {
        super(`vitest-rag: ${source} is a scorecard of version ${JSON.stringify(found)}, this harness reads version ${expected}; ` +
            're-run the evals (npx vitest run --project evals) to write a current scorecard');
        this.name = 'ScorecardVersionError';
    }
}
/** A scorecard file that is not valid JSON or does not have the scorecard's shape. */
export class ScorecardFormatError extends Error {
    code = 'VITEST_RAG_SCORECARD_FORMAT';
    constructor(source, problem) {
        super(`vitest-rag: ${source} is not a valid scorecard: ${problem}; re-run the evals to write it again`);
        this.name = 'ScorecardFormatError';
    }
}
//# sourceMappingURL=errors.js.map