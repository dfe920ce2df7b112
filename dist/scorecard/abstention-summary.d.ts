import type { CaseRecord } from './case-record.js';
import type { AbstentionSection } from './scorecard.js';
/**
 * Summarises abstention over the records that have an answer. A pair of the risk-coverage curve is a case
 * with a confidence and an error class; it is correct when its class is `correct`.
 */
export declare function summarizeAbstention(records: readonly CaseRecord[]): AbstentionSection;
