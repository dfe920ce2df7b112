/**
 * Per-case checkpoints for `--resume`. Layout: one atomically written file per completed case,
 * `<runDir>/checkpoints/<slug>-<sha12(caseId)>.json`, holding the case's final result record (opaque JSON),
 * the case id, the run fingerprint, a format version and a checksum. One file per case (rather than an
 * append-only log) so a kill mid-write can at worst lose the case being written, never corrupt another, and
 * concurrent workers never contend on one file.
 *
 * A checkpoint is reused only when its fingerprint equals the current run's (same config, same cases), so a
 * changed run silently starts those cases over. Together with the response cache, a resumed run repeats no
 * completed paid call: completed cases are skipped, and calls of the interrupted case that finished are cache hits.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from "../util/atomic-write.js";
import { canonicalJson, hashJson, sha256 } from "../util/hash.js";
import { readTextIfExists } from "../util/read-if-exists.js";
/** Checkpoint file format version. */
export const checkpointVersion = 1;
/**
 * A run fingerprint: 16 hex chars of sha256 over the canonical JSON of whatever defines the run (config,
 * golden file hashes, model chains). Equal inputs give equal fingerprints whatever their key order.
 */
export function runFingerprint(parts) {
    return hashJson(parts).slice(0, 16);
}
function fileNameFor(caseId) {
    const slug = caseId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
    return `${slug}-${sha256(caseId).slice(0, 12)}.json`;
}
/** The completed cases of one run directory (see the file comment). */
export class CheckpointStore {
    /** The folder holding checkpoint files. */
    dir;
    fingerprint;
    warn;
    constructor(runDir, fingerprint, warn) {
        this.dir = join(runDir, 'checkpoints');
        this.fingerprint = fingerprint;
        this.warn = warn ?? ((message) => process.emitWarning(message, { code: 'VITEST_RAG_CHECKPOINT_IGNORED' }));
    }
    /** The file a case's checkpoint lives in. */
    pathFor(caseId) {
        return join(this.dir, fileNameFor(caseId));
    }
    /** Saves a completed case's final record (atomic; overwrites). */
    async save(caseId, record) {
        const entry = {
            version: checkpointVersion,
            fingerprint: this.fingerprint,
            caseId,
            savedAt: new Date().toISOString(),
            checksum: sha256(canonicalJson(record)),
            record,
        };
        await writeFileAtomic(this.pathFor(caseId), `${JSON.stringify(entry)}\n`);
    }
    /** The record of a completed case of THIS run (same fingerprint), or `undefined`. */
    async get(caseId) {
        const entry = await this.readEntry(this.pathFor(caseId));
        return entry?.caseId === caseId && entry.fingerprint === this.fingerprint ? entry.record : undefined;
    }
    /** Every completed case of this run: case id -> record. */
    async loadCompleted() {
        const completed = new Map();
        let names;
        try {
            names = await readdir(this.dir);
        }
        catch (error) {
            if (error.code === 'ENOENT')
                return completed;
            throw error;
        }
        for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
            const entry = await this.readEntry(join(this.dir, name));
            if (entry !== undefined && entry.fingerprint === this.fingerprint)
                completed.set(entry.caseId, entry.record);
        }
        return completed;
    }
    /** Deletes every checkpoint (a fresh, non-resumed run). */
    async clear() {
        await rm(this.dir, { recursive: true, force: true });
    }
    async readEntry(path) {
        const text = await readTextIfExists(path);
        if (text === undefined)
            return undefined;
        try {
            const entry = JSON.parse(text);
            if (entry.version !== checkpointVersion)
                throw new Error(`format version ${JSON.stringify(entry.version)}`);
            if (sha256(canonicalJson(entry.record)) !== entry.checksum)
                throw new Error('checksum mismatch');
            return entry;
        }
        catch (error) {
            this.warn(`vitest-rag: ignoring checkpoint ${path} (${error.message}); the case will run again.`);
            return undefined;
        }
    }
}
//# sourceMappingURL=checkpoint.js.map