/**
 * Failures in how our code calls a metric (a bad cutoff, a value out of range). Problems in user data
 * (run and qrels files) are returned as lists of problems instead, never thrown.
 */
/** A metric called with an argument it cannot score; the message quotes the value and says the fix. */
export class MetricsError extends Error {
    code;
    constructor(code, message) {
        super(`vitest-rag: ${message}`);
        this.name = 'MetricsError';
        this.code = code;
    }
}
//# sourceMappingURL=errors.js.map