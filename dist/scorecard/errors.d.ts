/**
 * Errors of the scorecard module, with stable codes. Messages quote the bad value and say the fix.
 */
/** A scorecard file written by an incompatible harness version. */
export declare class ScorecardVersionError extends Error {
    readonly code = "VITEST_RAG_SCORECARD_VERSION";
    constructor(source: string, found: unknown, expected: number);
}
/** A scorecard file that is not valid JSON or does not have the scorecard's shape. */
export declare class ScorecardFormatError extends Error {
    readonly code = "VITEST_RAG_SCORECARD_FORMAT";
    constructor(source: string, problem: string);
}
