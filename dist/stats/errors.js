/** Failures in how our code calls a statistic (too few values to say anything, a bad option). */
/** A statistic asked of data it cannot be computed from; the message quotes the value and says the fix. */
export class StatsError extends Error {
    code;
    constructor(code, message) {
        super(`vitest-rag: ${message}`);
        this.name = 'StatsError';
        this.code = code;
    }
}
//# sourceMappingURL=errors.js.map