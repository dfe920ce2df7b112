/**
 * Failures of the search core, with stable codes. Problems are in our inputs (duplicate chunk ids, an arm that
 * was not built, a dimension mismatch), so each message quotes the bad value and says the fix.
 */
/** An error raised by the search core. */
export class SearchError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.name = 'SearchError';
        this.code = code;
    }
}
//# sourceMappingURL=errors.js.map