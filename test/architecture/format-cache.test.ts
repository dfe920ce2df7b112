import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { openFormatCache } from './format-cache.ts'

test('a key names exactly one check: prettier version, options, path and text each change it', () => {
  const cache = openFormatCache(join(mkdtempSync(join(tmpdir(), 'format-cache-')), 'passed.json'))
  const key = cache.key('3.10.1', { semi: false }, 'src/a.ts', 'export {}\n')
  expect(key).toBe(cache.key('3.10.1', { semi: false }, 'src/a.ts', 'export {}\n'))
  expect(
    new Set([
      key,
      cache.key('3.10.2', { semi: false }, 'src/a.ts', 'export {}\n'),
      cache.key('3.10.1', { semi: true }, 'src/a.ts', 'export {}\n'),
      cache.key('3.10.1', { semi: false }, 'src/a.mjs', 'export {}\n'),
      cache.key('3.10.1', { semi: false }, 'src/a.ts', 'export {} \n'),
    ]).size,
  ).toBe(5)
})

test("the next run knows this run's passes and only them; a missing or torn file is an empty cache", () => {
  const file = join(mkdtempSync(join(tmpdir(), 'format-cache-')), 'cache', 'passed.json')
  const first = openFormatCache(file)
  expect(first.has('a')).toBe(false)
  first.add('a')
  first.save()
  const second = openFormatCache(file)
  expect(second.has('a')).toBe(true)
  expect(second.has('b')).toBe(false)
  // Nothing added in the second run: its save keeps nothing, so the cache does not grow with stale keys.
  second.save()
  expect(openFormatCache(file).has('a')).toBe(false)
  writeFileSync(file, '["a", ')
  expect(openFormatCache(file).has('a')).toBe(false)
})
