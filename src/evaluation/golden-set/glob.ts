/**
 * A small glob for golden-file patterns (`golden/**\/*.golden.jsonl`): `**` (any depth), `*`, `?` and
 * `{a,b}`. Enough for the patterns we document, with no dependency (Node 20 has no fs.glob).
 */
import { relative } from 'node:path'
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

/** Absolute paths of the files under `root` matching `pattern`, sorted; `node_modules` and dot folders skipped. */
export function globFiles(root: string, pattern: string): string[] {
  const re = globToRegExp(pattern)
  return walkFiles(root, { skipHidden: true }).filter((path) => re.test(relative(root, path).split('\\').join('/')))
}
