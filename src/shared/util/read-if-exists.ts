/**
 * Reading a file that may legitimately be absent (a cache miss, no checkpoint yet, no baseline yet): absence is
 * `undefined`; any other failure (permissions, a directory) is still an error.
 */
import { readFile } from 'node:fs/promises'

/** The UTF-8 text of `path`, or `undefined` when it does not exist. */
export async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
