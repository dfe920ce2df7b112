/**
 * Baseline file I/O: load (refusing an incompatible version) and atomic write.
 */
import { writeFileAtomic } from '../../shared/util/atomic-write.ts'
import { parseBaseline, serializeBaseline, type Baseline } from '../gate/baseline.ts'
import { VersionedFileError } from '../../shared/problems/versioned-file-error.ts'
import { readTextIfExists } from '../../shared/util/read-if-exists.ts'

/**
 * Loads a baseline file; resolves to `undefined` when the file does not exist (the gate then passes with
 * the how-to message).
 * @throws VersionedFileError on another version, or when unreadable or malformed.
 */
export async function loadBaseline(path: string): Promise<Baseline | undefined> {
  let text: string | undefined
  try {
    text = await readTextIfExists(path)
  } catch (error) {
    throw new VersionedFileError('baseline', path, { kind: 'format', detail: `cannot read it (${String(error)})` })
  }
  return text === undefined ? undefined : parseBaseline(text, path)
}

/** Writes a baseline atomically (temp file + rename), creating its folder. */
export async function writeBaseline(path: string, baseline: Baseline): Promise<void> {
  await writeFileAtomic(path, serializeBaseline(baseline))
}
