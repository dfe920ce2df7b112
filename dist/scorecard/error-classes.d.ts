import type { CaseRecord, ErrorClass } from './case-record.js';
import type { ErrorClassSection, FixHalf } from './scorecard.js';
/** Every error class, in display order (the first ones point at retrieval, `correct` last). */
export declare const ERROR_CLASSES: readonly ErrorClass[];
/**
 * Which half to fix per non-correct class. A retrieval miss is fixed in retrieval (the generator cannot
 * cite what it never saw); every other class is decided by what the generator did with the context it had,
 * including `wrong_abstention` (the error classifier only yields it when the evidence was retrieved or the
 * case had to abstain).
 */
export declare const FIX_HALF: Readonly<Record<Exclude<ErrorClass, 'correct'>, FixHalf>>;
/** Tallies the error classes of the records that carry one (records without a class are not counted). */
export declare function summarizeErrorClasses(records: readonly CaseRecord[]): ErrorClassSection;
