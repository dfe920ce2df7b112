/**
 * Errors of the gate module (baseline files), with stable codes. Messages quote the bad value and say the fix.
 */
/** A baseline file written by an incompatible harness version. */
export declare class BaselineVersionError extends Error {
    readonly code = "VITEST_RAG_BASELINE_VERSION";
    constructor(source: string, found: unknown, expected: number);
}
/** A baseline file that is unreadable, not JSON, or not shaped like a baseline. */
export declare class BaselineFormatError extends Error {
    readonly code = "VITEST_RAG_BASELINE_FORMAT";
    constructor(source: string, problem: string);
}
