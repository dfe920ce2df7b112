import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import * as prettier from 'prettier'
import { describe, expect, test } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

/** The TypeScript and JavaScript files git knows (tracked, or new and not ignored), as `npm run format` sees them. */
function codeFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  })
  return listed.split('\0').filter((f) => /\.(?:ts|mts|cts|mjs|cjs|js)$/.test(f))
}

describe('the formatter', () => {
  test('every TypeScript and JavaScript file is formatted as `npm run format` writes it', async () => {
    const files = codeFiles()
    // The listing found the tree at all (an empty list would make the check vacuous).
    expect(files.length).toBeGreaterThan(300)
    const unformatted: string[] = []
    for (const file of files) {
      const path = join(root, file)
      const info = await prettier.getFileInfo(path, { ignorePath: join(root, '.prettierignore') })
      if (info.ignored) continue
      const options = await prettier.resolveConfig(path)
      if (!(await prettier.check(readFileSync(path, 'utf8'), { ...options, filepath: path }))) unformatted.push(file)
    }
    expect(unformatted, 'run `npm run format` and commit the result').toEqual([])
    // Prettier reads ~450 files; on a loaded 2-core machine that takes longer than the suite's 30 s default.
  }, 180_000)
})
