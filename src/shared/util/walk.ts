/**
 * The one recursive directory walker: golden-file globbing, the plugin's watch list and the corpus stamp all
 * list files through it, so "which files are under this folder" has one answer.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** What {@link walkFiles} leaves out. */
export interface WalkOptions {
  /** Skip `node_modules` and every file or folder whose name starts with `.`. Default false. */
  skipHidden?: boolean
}

/**
 * Absolute paths of every file under `root`, at any depth, sorted. A missing or unreadable folder (the root
 * included) contributes nothing rather than throwing: callers ask "what is there", and nothing is an answer.
 * Example: a root holding `a.md` and `x/b.md` -> `[<root>/a.md, <root>/x/b.md]`.
 */
export function walkFiles(root: string, options: WalkOptions = {}): string[] {
  const out: string[] = []
  const walk = (dir: string): void => {
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      if (options.skipHidden && (entry.name === 'node_modules' || entry.name.startsWith('.'))) continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else out.push(path)
    }
  }
  walk(root)
  return out.sort()
}
