/**
 * Error classes for golden cases: thrown at the I/O edge when the data-level problem list is not empty.
 * Each carries the full list (never just the first) and a message that renders all of them.
 */
import { type Problem } from './problems.js';
/** A golden file has problems (bad JSON, schema violations, rule failures, duplicate ids). */
export declare class GoldenFileError extends Error {
    readonly code = "VITEST_RAG_GOLDEN_INVALID";
    readonly problems: Problem[];
    constructor(problems: Problem[]);
}
/** Some expected-source locators point at nothing in the corpus (unknown slug, heading, entry, ticket, id, span). */
export declare class UnresolvedLocatorsError extends Error {
    readonly code = "VITEST_RAG_UNRESOLVED_LOCATORS";
    readonly problems: Problem[];
    constructor(problems: Problem[]);
}
