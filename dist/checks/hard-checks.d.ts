/**
 * The hard assertions, as pure checks: each takes the system's output and the case, and returns whether it
 * applies and, if so, whether it passed with a message that says what went wrong. The Vitest matchers in
 * `src/vitest/matchers.ts` are thin wrappers, so the same rules serve reports and experiments.
 *
 * Zero tolerance: one leaked chunk, one fabricated marker, one missing literal fails the case.
 */
import type { SystemOutput } from '../adapter/types.js';
import { type GoldenCase } from '../cases/schema.js';
import type { HardCheckName } from '../scorecard/case-record.js';
/** A check's outcome; `applies: false` means it was not run and is not counted. */
export type CheckOutcome = {
    applies: false;
} | {
    applies: true;
    passed: boolean;
    message: string;
};
/**
 * Whether the output is an abstention: the system said so, or its answer text reads as one. No answer at all
 * (in system mode) is silence, and silence is an abstention.
 */
export declare function didAbstain(output: SystemOutput): boolean;
/** Folds case and whitespace so `must_contain` and `forbidden_text` match as a reader would read them. */
export declare function foldForMatch(text: string): string;
/**
 * `toAbstain`: a case that must abstain (out_of_scope, cross_tenant) gets an abstention. Applies only in
 * system mode (retrieval mode generates no answer).
 */
export declare function checkAbstains(output: SystemOutput, c: GoldenCase, mode: 'retrieval' | 'system'): CheckOutcome;
/**
 * `toNotLeakAcrossTenants`, two checks in one: (1) no retrieved chunk and no shown source belongs to another
 * tenant; (2) none of the case's `forbidden_text` appears in the answer. Applies to every case (isolation
 * matters everywhere); the text half only when there is an answer and forbidden text.
 */
export declare function checkNoTenantLeak(output: SystemOutput, c: GoldenCase): CheckOutcome;
/**
 * `toHaveNoFabricatedCitations`: every `[n]` marker in the answer points at a source actually shown to the
 * generator. Applies in system mode to answers that are not abstentions.
 */
export declare function checkNoFabricatedCitations(output: SystemOutput, mode: 'retrieval' | 'system'): CheckOutcome;
/**
 * `toContainAll`: every `must_contain` literal appears in the answer (case and whitespace folded).
 * Applies in system mode when the case has `must_contain` literals.
 */
export declare function checkContainsAll(output: SystemOutput, c: GoldenCase, mode: 'retrieval' | 'system'): CheckOutcome;
/** Runs every hard check for a case; only the applicable ones are returned. */
export declare function runHardChecks(output: SystemOutput, c: GoldenCase, mode: 'retrieval' | 'system'): Array<{
    name: HardCheckName;
} & Extract<CheckOutcome, {
    applies: true;
}>>;
