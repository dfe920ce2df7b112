import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import * as prettier from 'prettier'
import { describe, expect, test } from 'vitest'
import { openFormatCache } from './format-cache.ts'

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
    // A file whose exact text passed this check before (same prettier, options and path) is not parsed again.
    const cache = openFormatCache(join(root, 'node_modules/.cache/vitest-rag-format/passed.json'))
    for (const file of files) {
      const path = join(root, file)
      const options = await prettier.resolveConfig(path)
      const text = readFileSync(path, 'utf8')
      const key = cache.key(prettier.version, options ?? {}, file, text)
      // A hit passed before: whether it is ignored now makes no difference (an ignored file never fails).
      if (cache.has(key)) cache.add(key)
      else if ((await prettier.getFileInfo(path, { ignorePath: join(root, '.prettierignore') })).ignored) continue
      else if (await prettier.check(text, { ...options, filepath: path })) cache.add(key)
      else unformatted.push(file)
    }
    cache.save()
    expect(unformatted, 'run `npm run format` and commit the result').toEqual([])
    // Without a cache prettier reads ~600 files; on a loaded 2-core machine that takes longer than the suite's 30 s default.
  }, 180_000)
})
