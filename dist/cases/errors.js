/**
 * Error classes for golden cases: thrown at the I/O edge when the data-level problem list is not empty.
 * Each carries the full list (never just the first) and a message that renders all of them.
 */
import { formatProblems } from "./problems.js";
/** A golden file has problems (bad JSON, schema violations, rule failures, duplicate ids). */
export class GoldenFileError extends Error {
    code = 'VITEST_RAG_GOLDEN_INVALID';
    problems;
    constructor(problems) {
        const files = [...new Set(problems.map((p) => p.file))].join(', ');
        super(`vitest-rag: ${problems.length} problem${problems.length === 1 ? '' : 's'} in golden file ${files}:\n${formatProblems(problems)}`);
        this.name = 'GoldenFileError';
        this.problems = problems;
    }
}
/** Some expected-source locators point at nothing in the corpus (unknown slug, heading, entry, ticket, id, span). */
export class UnresolvedLocatorsError extends Error {
    code = 'VITEST_RAG_UNRESOLVED_LOCATORS';
    problems;
    constructor(problems) {
        super(`vitest-rag: ${problems.length} locator${problems.length === 1 ? '' : 's'} did not resolve; fix the golden file or the corpus:\n${formatProblems(problems)}`);
        this.name = 'UnresolvedLocatorsError';
        this.problems = problems;
    }
}
//# sourceMappingURL=errors.js.map