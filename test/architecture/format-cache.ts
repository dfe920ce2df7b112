/**
 * What format.test.ts has seen formatted, keyed by content: prettier checks ~600 files (20 s on two cores),
 * and between two runs nearly all of them are byte for byte the same. A key is the hash of everything the check's
 * answer depends on (prettier's version, the resolved options, the file's path, which picks the parser, and its
 * text), so a hit is exactly a check that already passed; anything else is checked again. Only passes are
 * kept, so a failure is never cached. The cache lives where build tools keep theirs (node_modules/.cache/) and holds
 * the keys of the last run only, so it does not grow.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { writeFileAtomicSync } from '../../src/shared/util/atomic-write.ts'

/** The keys of checks that passed, read from and written back to one file. */
export interface FormatCache {
  /** The key of file `path` with `text`, checked with prettier `version` and `options`. */
  key(version: string, options: object, path: string, text: string): string
  has(key: string): boolean
  /** Records a passed check, kept when {@link FormatCache.save} runs. */
  add(key: string): void
  /** Writes the keys added in this run (atomically: another worktree's run may write it at the same time). */
  save(): void
}

/** The cache in `file` (missing or unreadable: empty). */
export function openFormatCache(file: string): FormatCache {
  let known = new Set<string>()
  try {
    known = new Set(JSON.parse(readFileSync(file, 'utf8')) as string[])
  } catch {
    // No cache yet, or a torn one: every file is checked.
  }
  const passed = new Set<string>()
  return {
    key: (version, options, path, text) =>
      createHash('sha256')
        .update(JSON.stringify([version, options, path]))
        .update('\0')
        .update(text)
        .digest('hex'),
    has: (key) => known.has(key),
    add: (key) => void passed.add(key),
    save: () => writeFileAtomicSync(file, JSON.stringify([...passed])),
  }
}
