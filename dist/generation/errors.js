/**
 * Errors of the reference pipeline, each with a stable `code`. Messages quote the bad value and say the fix.
 */
/** A failure in the reference pipeline's own configuration (never a problem of one case's data). */
export class GenerationError extends Error {
    code;
    name = 'GenerationError';
    constructor(code, message) {
        super(`vitest-rag: ${message}`);
        this.code = code;
    }
}
//# sourceMappingURL=errors.js.map