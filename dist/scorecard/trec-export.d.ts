import type { CaseRecord } from './case-record.js';
/** The TREC run and qrels texts of a set of case records. */
export declare function exportTrec(records: readonly CaseRecord[], tag?: string): {
    run: string;
    qrels: string;
};
