import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { staleDistReason } from './fresh-dist.ts'

/** A checkout with src/a/b.ts and build input build.mjs written at second 1000, and dist/a/b.js (+ .d.ts) at 2000. */
function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), 'fresh-dist-'))
  const write = (path: string, seconds: number) => {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), '')
    utimesSync(join(root, path), seconds, seconds)
  }
  write('src/a/b.ts', 1000)
  write('build.mjs', 1000)
  write('dist/a/b.js', 2000)
  write('dist/a/b.d.ts', 2000)
  return root
}

test('a dist/ written after every source and build input is fresh', () => {
  expect(staleDistReason(checkout(), ['build.mjs'])).toBeUndefined()
})

test('dist/ is stale when missing, when a source or build input changed after it, or when a module was added or deleted', () => {
  const missing = checkout()
  rmSync(join(missing, 'dist'), { recursive: true })
  expect(staleDistReason(missing, ['build.mjs'])).toBe('there is no dist/')

  const edited = checkout()
  utimesSync(join(edited, 'src/a/b.ts'), 3000, 3000)
  expect(staleDistReason(edited, ['build.mjs'])).toBe('src/a/b.ts changed after the build')

  const input = checkout()
  utimesSync(join(input, 'build.mjs'), 3000, 3000)
  expect(staleDistReason(input, ['build.mjs'])).toBe('build.mjs changed after the build')

  // A new source is older than the build (its time came from a checkout, say) but has no compiled module.
  const added = checkout()
  writeFileSync(join(added, 'src/c.ts'), '')
  utimesSync(join(added, 'src/c.ts'), 1000, 1000)
  expect(staleDistReason(added, ['build.mjs'])).toBe('src/c.ts has no dist/ module')

  const deleted = checkout()
  rmSync(join(deleted, 'src/a/b.ts'))
  expect(staleDistReason(deleted, ['build.mjs'])).toBe('dist/a/b.js has no source (deleted)')
})
