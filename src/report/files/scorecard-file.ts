/**
 * Reading and writing the scorecard file (the I/O beside the pure JSON form).
 */
import { readFile } from 'node:fs/promises'
import { writeFileAtomic } from '../../shared/util/atomic-write.ts'
import { VersionedFileError } from '../../shared/problems/versioned-file-error.ts'
import { parseScorecard, serializeScorecard } from '../scorecard/render-json.ts'
import type { Scorecard } from '../scorecard/scorecard.ts'

/**
 * Reads and validates a scorecard file.
 * @throws VersionedFileError when the file is missing or malformed, or of another version.
 */
export async function readScorecardFile(path: string): Promise<Scorecard> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new VersionedFileError('scorecard', path, {
      kind: 'format',
      detail: code === 'ENOENT' ? 'the file does not exist' : String(error),
    })
  }
  return parseScorecard(text, path)
}

/** Writes the scorecard atomically. */
export async function writeScorecardFile(path: string, scorecard: Scorecard): Promise<void> {
  await writeFileAtomic(path, serializeScorecard(scorecard))
}
