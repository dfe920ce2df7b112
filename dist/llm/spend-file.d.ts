import { LlmError } from './errors.js';
import { SpendLedger, type SpendReservation, type SpendSnapshot } from './spend.js';
/** Spend file format version. */
export declare const spendFileVersion = 1;
/** What the spend file holds. */
export interface SpendFileState {
    version: number;
    spentUsd: number;
    savedUsd: number;
    /** USD reserved by in-flight calls, per holder `pid:threadId`. */
    reservations: Record<string, number>;
}
/** The spend file could not be locked or read. */
export declare class SpendFileError extends LlmError {
    constructor(path: string, detail: string);
}
/** Starts a run's shared spend from zero (call once, before any worker starts). */
export declare function resetSpendFile(path: string): void;
/** A {@link SpendLedger} whose totals live in a file shared across processes (see the file comment). */
export declare class FileSpendLedger extends SpendLedger {
    readonly path: string;
    private readonly holder;
    /** `limitUsd`: the run's hard limit (every participant should pass the same one). */
    constructor(path: string, limitUsd?: number);
    reserve(worstCaseUsd: number, what: string): SpendReservation;
    settle(reservation: SpendReservation, actualUsd: number): void;
    recordSaved(originalUsd: number): void;
    snapshot(): SpendSnapshot;
    private read;
    private update;
    private lock;
}
