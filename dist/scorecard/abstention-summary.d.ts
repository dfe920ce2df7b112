import type { CaseRecord } from './case-record.ts';
import type { AbstentionSection } from './scorecard.ts';
/**
 * Summarises abstention over the records that have an answer. A pair of the risk-coverage curve is a case
 * with a confidence and an error class; it is correct when its class is `correct`.
 */
export declare function summarizeAbstention(records: readonly CaseRecord[]): AbstentionSection;
//# sourceMappingURL=abstention-summary.d.ts.map