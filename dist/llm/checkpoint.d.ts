/** Checkpoint file format version. */
export declare const checkpointVersion = 1;
/** One checkpoint file's content. `checksum` = sha256(canonicalJson(record)). */
export interface CheckpointEntry {
    version: number;
    fingerprint: string;
    caseId: string;
    savedAt: string;
    checksum: string;
    record: unknown;
}
/**
 * A run fingerprint: 16 hex chars of sha256 over the canonical JSON of whatever defines the run (config,
 * golden file hashes, model chains). Equal inputs give equal fingerprints whatever their key order.
 */
export declare function runFingerprint(parts: unknown): string;
/** The completed cases of one run directory (see the file comment). */
export declare class CheckpointStore {
    /** The folder holding checkpoint files. */
    readonly dir: string;
    readonly fingerprint: string;
    private readonly warn;
    constructor(runDir: string, fingerprint: string, warn?: (message: string) => void);
    /** The file a case's checkpoint lives in. */
    pathFor(caseId: string): string;
    /** Saves a completed case's final record (atomic; overwrites). */
    save(caseId: string, record: unknown): Promise<void>;
    /** The record of a completed case of THIS run (same fingerprint), or `undefined`. */
    get(caseId: string): Promise<unknown>;
    /** Every completed case of this run: case id -> record. */
    loadCompleted(): Promise<Map<string, unknown>>;
    /** Deletes every checkpoint (a fresh, non-resumed run). */
    clear(): Promise<void>;
    private readEntry;
}
