/**
 * The file side of the index format (`src/search/persist.ts` is the pure side): reads a `.vragidx` file section by section
 * with positioned reads straight into the arrays the loaded index keeps (the shared WASM memory for the matrix
 * and its int8 codes), so a 1M x 384 index is never in memory twice; writes it atomically as a list of views over
 * the index's own arrays. Node has no mmap, so "read straight into the final buffer" is the no-copy load.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { writeFileAtomic } from '../../shared/util/atomic-write.ts'
import { type IndexByteSource, decodeSearchIndexFrom, encodeSearchIndexParts } from '../persist.ts'
import type { SearchIndexSnapshot } from '../snapshot.ts'

// Bytes per readSync call (one call is capped near 2 GiB).
const readChunk = 1 << 28

/**
 * Decodes the index file at `path` for `expectedKey`; undefined when there is no such file. Throws `SearchError`
 * `VITEST_RAG_SEARCH_INDEX_FORMAT` for a file that is not a valid index for that key (see `decodeSearchIndex`).
 */
export function readSearchIndexFile(path: string, expectedKey: string): SearchIndexSnapshot | undefined {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  try {
    const source: IndexByteSource = {
      length: fstatSync(fd).size,
      read(target, position) {
        for (let done = 0; done < target.length;) {
          const n = readSync(fd, target, done, Math.min(readChunk, target.length - done), position + done)
          if (n === 0) throw new RangeError(`${path} ended early at byte ${position + done}`)
          done += n
        }
      },
    }
    return decodeSearchIndexFrom(source, expectedKey)
  } finally {
    closeSync(fd)
  }
}

/** Writes `snapshot` with its cache `key` to `path` atomically (temp file + rename). */
export async function writeSearchIndexFile(path: string, snapshot: SearchIndexSnapshot, key: string): Promise<void> {
  await writeFileAtomic(path, encodeSearchIndexParts(snapshot, key))
}
