/**
 * Evaluates one golden case, with no Vitest in sight (so CLI experiments reuse it): runs the system under
 * test through its adapter, scores retrieval against the resolved expected chunks, runs the hard checks and
 * the judge, assigns the error class, and returns the per-case record the reporter aggregates.
 */
import type { SystemOutput } from '../adapter/types.js';
import { type CaseRecord } from '../scorecard/case-record.js';
import type { ModuleCase } from './golden-module.js';
import type { RagRuntime } from './create-runtime.js';
/** The outcome of one case: its record, the raw output (for matchers) and an error if the system failed. */
export interface CaseEvaluation {
    record: CaseRecord;
    output: SystemOutput;
    /** Set when the adapter threw or returned a malformed output: the case fails and scores zero. */
    error?: Error;
}
/** How many top chunks count as "shown" when the system reports no sources (retrieval mode). */
export declare const EVIDENCE_DEPTH = 5;
/** Runs and scores one case. Never throws for a system failure: the failure is recorded and returned. */
export declare function evaluateCase(runtime: RagRuntime, moduleCase: ModuleCase, file: string): Promise<CaseEvaluation>;
/**
 * Weighted share of `should_contain` literals present: sum of weights found / sum of all weights.
 * Example: [{ "5 seats", 2 }, { "Team plan", 1 }], answer has only "5 seats" -> 2 / 3 = 0.667.
 */
export declare function shouldContainScore(answer: string, literals: ReadonlyArray<{
    text: string;
    weight: number;
}>): number;
/** The record a case starts with (set before the system runs, so even a timed-out case reports its facets). */
export declare function baseRecord(moduleCase: ModuleCase, file: string, mode: CaseRecord['mode']): CaseRecord;
