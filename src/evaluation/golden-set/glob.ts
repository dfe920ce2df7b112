/**
 * A small glob for golden-file patterns (`golden/**\/*.golden.jsonl`): `**` (any depth), `*`, `?` and
 * `{a,b}`. Enough for the patterns we document, with no dependency (Node 20 has no fs.glob).
 */
import { join, relative } from 'node:path'
import { walkFiles } from '../../shared/util/walk.ts'

/** The regular expression a glob pattern stands for, matched against posix paths relative to the root. */
export function globToRegExp(pattern: string): RegExp {
  let re = ''
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string
    if (ch === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/'
      re += slash ? '(?:.*/)?' : '.*'
      i += slash ? 2 : 1
    } else if (ch === '*') re += '[^/]*'
    else if (ch === '?') re += '[^/]'
    else if (ch === '{') {
      const close = pattern.indexOf('}', i)
      const options = pattern
        .slice(i + 1, close)
        .split(',')
        .map((o) => o.replace(/[.+^$()|[\]\\]/g, '\\$&'))
      re += `(?:${options.join('|')})`
      i = close
    } else re += ch.replace(/[.+^$()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${re}$`)
}

/**
 * The folder a match of `pattern` must lie under: its leading segments up to the first with a wildcard or brace
 * (`golden/**\/*.golden.jsonl` -> `golden`), '' when the first segment has one. A folder the whole-tree walk
 * would not enter (`node_modules`, a dot folder, `..`, an absolute path) gives '': the walk then starts at the
 * root as before. The files found are the same either way, except through a symbolic link: a base folder that is
 * a link is walked (the whole-tree walk lists a link as a file and never enters it); links below it are not.
 * Example: `sets/v2/*.jsonl` -> `sets/v2`; `{a,b}/x.jsonl` -> ''.
 */
export function globBase(pattern: string): string {
  const segments = pattern.split('/')
  const base: string[] = []
  // The last segment names files, never the folder to walk.
  for (const segment of segments.slice(0, -1)) {
    if (/[*?{[]/.test(segment)) break
    if (segment === '' || segment === 'node_modules' || segment.startsWith('.')) return ''
    base.push(segment)
  }
  return base.join('/')
}

/**
 * Absolute paths of the files under `root` matching `pattern`, sorted; `node_modules` and dot folders skipped.
 * Only the pattern's {@link globBase} is walked: a project whose corpus has 20,000 files beside `golden/` walked
 * all of them (about 0.1 s) each time the golden set was listed, several times per run.
 */
export function globFiles(root: string, pattern: string): string[] {
  const re = globToRegExp(pattern)
  const base = globBase(pattern)
  return walkFiles(base === '' ? root : join(root, base), { skipHidden: true }).filter((path) =>
    re.test(relative(root, path).split('\\').join('/')),
  )
}
