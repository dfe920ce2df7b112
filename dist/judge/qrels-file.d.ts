import { type JudgeDataProblem } from './errors.js';
import { type QrelsRow } from './qrels.js';
/** Parses qrels text: valid rows in file order, and every problem with its line. */
export declare function parseQrels(text: string, file: string): {
    rows: QrelsRow[];
    problems: JudgeDataProblem[];
};
/** Reads a qrels file; an absent file has no rows. */
export declare function readQrelsFile(path: string): Promise<{
    rows: QrelsRow[];
    problems: JudgeDataProblem[];
}>;
/** Appends rows (validated) to the qrels file, creating it when absent. Existing lines are never touched. */
export declare function appendQrelsRows(path: string, rows: readonly QrelsRow[]): Promise<void>;
