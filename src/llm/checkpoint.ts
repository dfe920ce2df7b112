/**
 * Per-case checkpoints for resume (`VITEST_RAG_RESUME=1` or `resume: true`). Layout: one atomically written file per completed case,
 * `<runDir>/checkpoints/<slug>-<sha12(caseId)>.json`, holding the case's final result record (opaque JSON),
 * the case id, the run fingerprint, a format version and a checksum. One file per case (rather than an
 * append-only log) so a kill mid-write can at worst lose the case being written, never corrupt another, and
 * concurrent workers never contend on one file.
 *
 * A checkpoint is reused only when its fingerprint equals the current run's (same config, same cases), so a
 * changed run silently starts those cases over. Together with the response cache, a resumed run repeats no
 * completed paid call: completed cases are skipped, and calls of the interrupted case that finished are cache hits.
 */
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../shared/util/atomic-write.ts'
import { canonicalJson, hashJson, sha256 } from '../shared/util/hash.ts'
import { readTextIfExists } from '../shared/util/read-if-exists.ts'

/** Checkpoint file format version. */
export const checkpointVersion = 1

/** One checkpoint file's content. `checksum` = sha256(canonicalJson(record)). */
export interface CheckpointEntry {
  version: number
  fingerprint: string
  caseId: string
  savedAt: string
  checksum: string
  record: unknown
}

/**
 * A run fingerprint: 16 hex chars of sha256 over the canonical JSON of whatever defines the run (config,
 * golden file hashes, model chains). Equal inputs give equal fingerprints whatever their key order.
 */
export function runFingerprint(parts: unknown): string {
  return hashJson(parts).slice(0, 16)
}

function fileNameFor(caseId: string): string {
  const slug = caseId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60)
  return `${slug}-${sha256(caseId).slice(0, 12)}.json`
}

/** The completed cases of one run directory (see the file comment). */
export class CheckpointStore {
  /** The folder holding checkpoint files. */
  readonly dir: string
  readonly fingerprint: string
  private readonly warn: (message: string) => void

  constructor(runDir: string, fingerprint: string, warn?: (message: string) => void) {
    this.dir = join(runDir, 'checkpoints')
    this.fingerprint = fingerprint
    this.warn = warn ?? ((message) => process.emitWarning(message, { code: 'VITEST_RAG_CHECKPOINT_IGNORED' }))
  }

  /** The file a case's checkpoint lives in. */
  pathFor(caseId: string): string {
    return join(this.dir, fileNameFor(caseId))
  }

  /** Saves a completed case's final record (atomic; overwrites). */
  async save(caseId: string, record: unknown): Promise<void> {
    const entry: CheckpointEntry = {
      version: checkpointVersion,
      fingerprint: this.fingerprint,
      caseId,
      savedAt: new Date().toISOString(),
      checksum: sha256(canonicalJson(record)),
      record,
    }
    await writeFileAtomic(this.pathFor(caseId), `${JSON.stringify(entry)}\n`)
  }

  /** The record of a completed case of THIS run (same fingerprint), or `undefined`. */
  async get(caseId: string): Promise<unknown> {
    const entry = await this.readEntry(this.pathFor(caseId))
    return entry?.caseId === caseId && entry.fingerprint === this.fingerprint ? entry.record : undefined
  }

  /** Every completed case of this run: case id -> record. */
  async loadCompleted(): Promise<Map<string, unknown>> {
    const completed = new Map<string, unknown>()
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return completed
      throw error
    }
    for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
      const entry = await this.readEntry(join(this.dir, name))
      if (entry !== undefined && entry.fingerprint === this.fingerprint) completed.set(entry.caseId, entry.record)
    }
    return completed
  }

  /** Deletes every checkpoint (a fresh, non-resumed run). */
  async clear(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true })
  }

  private async readEntry(path: string): Promise<CheckpointEntry | undefined> {
    const text = await readTextIfExists(path)
    if (text === undefined) return undefined
    let entry: CheckpointEntry
    try {
      entry = JSON.parse(text) as CheckpointEntry
    } catch (error) {
      return this.ignore(path, (error as Error).message)
    }
    if (entry.version !== checkpointVersion) return this.ignore(path, `format version ${JSON.stringify(entry.version)}`)
    if (sha256(canonicalJson(entry.record)) !== entry.checksum) return this.ignore(path, 'checksum mismatch')
    return entry
  }

  private ignore(path: string, why: string): undefined {
    this.warn(`vitest-rag: ignoring checkpoint ${path} (${why}); the case will run again.`)
    return undefined
  }
}
