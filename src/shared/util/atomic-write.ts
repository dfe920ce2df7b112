/**
 * Atomic file writes: every file the harness writes (cache entries, checkpoints, scorecards, baselines,
 * queues) goes through here, so a crash mid-write leaves the old file or the new one, never half of one.
 */
import { randomBytes } from 'node:crypto'
import { appendFileSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

function tempPathFor(path: string): string {
  return `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
}

/**
 * Writes `data` to a temp file beside `path`, then renames it over `path` (atomic on POSIX). A list of byte runs
 * is written in order (a large index goes out as views over its own arrays, never concatenated).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array | Iterable<Uint8Array>): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const tmp = tempPathFor(path)
  try {
    await writeFile(tmp, data)
    await rename(tmp, path)
  } catch (error) {
    await rm(tmp, { force: true })
    throw error
  }
}

/** Synchronous {@link writeFileAtomic}, for reporters and exit paths that cannot await. */
export function writeFileAtomicSync(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = tempPathFor(path)
  try {
    writeFileSync(tmp, data)
    renameSync(tmp, path)
  } catch (error) {
    rmSync(tmp, { force: true })
    throw error
  }
}

/**
 * Appends `text` to `path` atomically: a copy of the file (made by the file system, the bytes never read into
 * memory) gets `text` appended and is renamed over `path`, so a crash leaves the old file or the new one. A
 * missing file is created. For files that only grow (the feedback queue): rewriting one from a string held
 * its whole text twice in memory per append.
 */
export function appendFileAtomicSync(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = tempPathFor(path)
  try {
    if (existsSync(path)) copyFileSync(path, tmp)
    appendFileSync(tmp, text)
    renameSync(tmp, path)
  } catch (error) {
    rmSync(tmp, { force: true })
    throw error
  }
}
