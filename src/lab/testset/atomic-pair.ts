/**
 * Writing several files as one step: every new content goes to a temp file beside its target first, then the
 * temps are renamed over their targets in order; when any step fails, the targets already replaced get their
 * old bytes back (or are removed when they did not exist) and the temps are deleted, so either every file
 * changed or none did. (A crash of the process between two renames is the one case this cannot undo.)
 */
import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { writeFileAtomic } from '../../shared/util/atomic-write.ts'
import { readTextIfExists } from '../../shared/util/read-if-exists.ts'
import { AtomicPairError } from './errors.ts'

/** The file operations used; tests pass a copy with one step made to fail. */
export interface FileOps {
  writeFile(path: string, data: string): Promise<void>
  rename(from: string, to: string): Promise<void>
  rm(path: string): Promise<void>
}

/** Node's own file operations. */
export const nodeFileOps: FileOps = {
  writeFile: (path, data) => writeFile(path, data),
  rename: (from, to) => rename(from, to),
  rm: (path) => rm(path, { force: true }),
}

/** Writes every `{ path, data }` or none of them (see the file comment). Throws {@link AtomicPairError}. */
export async function writeFilesTogether(
  writes: ReadonlyArray<{ path: string; data: string }>,
  ops: FileOps = nodeFileOps,
): Promise<void> {
  const before = await Promise.all(writes.map((w) => readTextIfExists(w.path)))
  const temps = writes.map((w) => `${w.path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  const renamed: number[] = []
  try {
    for (const [i, w] of writes.entries()) {
      await mkdir(dirname(w.path), { recursive: true })
      await ops.writeFile(temps[i] ?? '', w.data)
    }
    for (const [i, w] of writes.entries()) {
      await ops.rename(temps[i] ?? '', w.path)
      renamed.push(i)
    }
  } catch (error) {
    for (const i of renamed.reverse()) {
      const path = writes[i]?.path ?? ''
      const old = before[i]
      if (old === undefined) await rm(path, { force: true })
      else await writeFileAtomic(path, old)
    }
    for (const temp of temps) await rm(temp, { force: true })
    const paths = writes.map((w) => w.path).join(' and ')
    throw new AtomicPairError(`could not write ${paths} together (${(error as Error).message}); none of them changed`, {
      cause: error,
    })
  }
}

/** Appends `lines` to the text of `path` (absent: `header` first), ending with a newline. Pure helper for appenders. */
export function appendLines(before: string | undefined, lines: readonly string[], header?: string): string {
  const start =
    before === undefined || before === ''
      ? header === undefined
        ? ''
        : `${header}\n`
      : before.endsWith('\n')
        ? before
        : `${before}\n`
  return `${start}${lines.join('\n')}\n`
}
