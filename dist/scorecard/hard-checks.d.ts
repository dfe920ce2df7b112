/**
 * Hard assertions over a run: per check, how many ran, passed and failed, and the failing cases. A check that
 * did not apply to a case is absent from its record, so "3 of 3 passed" never counts a skipped check.
 */
import type { CaseRecord, HardCheckName } from './case-record.js';
import type { HardSection } from './scorecard.js';
/** Display order of the hard checks (names not listed here follow, alphabetically). */
export declare const HARD_CHECK_ORDER: readonly HardCheckName[];
/**
 * Counts every hard check that ran, per name, and lists the failures in case order.
 * Example: case A ran toAbstain (passed), case B ran toAbstain (failed) and toContainAll (passed) ->
 * toAbstain ran 2 / passed 1 / failed 1, toContainAll ran 1 / passed 1; total ran 3, passed 2, failed 1.
 */
export declare function summarizeHardChecks(records: readonly CaseRecord[]): HardSection;
