/**
 * Runs once, in the main process, before any golden case: checks the whole golden set (every file parses,
 * case ids are unique across files, every locator resolves against the corpus) and stops the run with every
 * problem listed, so a stale golden set fails in seconds, loudly, instead of looking like a recall drop.
 */
import type { TestProject } from 'vitest/node';
/** The golden set has problems; the run stops before any case executes. */
export declare class GoldenSetError extends Error {
    readonly code = "VITEST_RAG_GOLDEN_SET_INVALID";
}
/** Vitest global setup entry. */
export default function setup(project: TestProject): Promise<void>;
