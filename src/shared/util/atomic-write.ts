/**
 * Atomic file writes: every file the harness writes (cache entries, checkpoints, scorecards, baselines,
 * queues) goes through here, so a crash mid-write leaves the old file or the new one, never half of one.
 */
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
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

/**
 * The synchronous writes' one mechanism: `fill` writes the new file at a temp path beside `path`, which is then
 * renamed over `path` (atomic on POSIX); on any failure the temp file is removed and `path` left as it was.
 */
function replaceFileSync(path: string, fill: (tmp: string) => void): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = tempPathFor(path)
  try {
    fill(tmp)
    renameSync(tmp, path)
  } catch (error) {
    rmSync(tmp, { force: true })
    throw error
  }
}

/** Synchronous {@link writeFileAtomic}, for reporters and exit paths that cannot await. */
export function writeFileAtomicSync(path: string, data: string | Uint8Array): void {
  replaceFileSync(path, (tmp) => writeFileSync(tmp, data))
}

/** Writes all of `text` at the descriptor's position (a write may take fewer bytes than it is given). */
function writeAllSync(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8')
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at)
}

/** Writes `pieces` in order to `path`, opened with `flags` (`w` truncates, `a` appends). */
function writePiecesSync(path: string, flags: 'w' | 'a', pieces: Iterable<string>): void {
  const fd = openSync(path, flags)
  try {
    for (const piece of pieces) writeAllSync(fd, piece)
  } finally {
    closeSync(fd)
  }
}

/**
 * {@link writeFileAtomicSync} of text given in pieces, written in order: the file is their concatenation, and
 * only one piece is held at a time (a large report is never built as one string).
 */
export function writePiecesAtomicSync(path: string, pieces: Iterable<string>): void {
  replaceFileSync(path, (tmp) => writePiecesSync(tmp, 'w', pieces))
}

/**
 * Appends `text` (a string, or pieces written in order) to `path` atomically: a copy of the file (made by the
 * file system, the bytes never read into memory) gets `text` appended and is renamed over `path`, so a crash
 * leaves the old file or the new one. A missing file is created. For files that only grow (the feedback queue): rewriting one from a string held
 * its whole text twice in memory per append.
 */
export function appendFileAtomicSync(path: string, text: string | Iterable<string>): void {
  replaceFileSync(path, (tmp) => {
    if (existsSync(path)) copyFileSync(path, tmp)
    // Pieces (a run's queue lines a batch at a time) are appended in order, one held at a time.
    writePiecesSync(tmp, 'a', typeof text === 'string' ? [text] : text)
  })
}
