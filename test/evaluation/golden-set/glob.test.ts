import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'
import { globBase, globFiles, globToRegExp } from '../../../src/evaluation/golden-set/glob.ts'
import { walkFiles } from '../../../src/shared/util/walk.ts'

describe('globToRegExp', () => {
  test('** matches any depth including none, * stays within a folder', () => {
    const re = globToRegExp('golden/**/*.golden.jsonl')
    expect(re.test('golden/a.golden.jsonl')).toBe(true)
    expect(re.test('golden/x/y/a.golden.jsonl')).toBe(true)
    expect(re.test('other/a.golden.jsonl')).toBe(false)
    expect(re.test('golden/a.golden.json')).toBe(false)
    expect(globToRegExp('golden/*.jsonl').test('golden/x/a.jsonl')).toBe(false)
  })

  test('braces and ? work; dots are literal', () => {
    const re = globToRegExp('{golden,sets}/?.golden.jsonl')
    expect(re.test('sets/a.golden.jsonl')).toBe(true)
    expect(re.test('golden/ab.golden.jsonl')).toBe(false)
    expect(globToRegExp('a.b').test('axb')).toBe(false)
  })
})

describe('globBase and globFiles', () => {
  test('the base is the leading folders before the first wildcard; folders the walk skips give the root', () => {
    expect(globBase('golden/**/*.golden.jsonl')).toBe('golden')
    expect(globBase('sets/v2/*.jsonl')).toBe('sets/v2')
    expect(globBase('golden/a.golden.jsonl')).toBe('golden')
    expect(globBase('{golden,sets}/x.jsonl')).toBe('')
    expect(globBase('**/*.golden.jsonl')).toBe('')
    expect(globBase('a.golden.jsonl')).toBe('')
    expect(globBase('g?lden/x/*.jsonl')).toBe('')
    // Never matched by the whole-tree walk (relative paths have no "./", "..", leading "/" or skipped folders).
    for (const pattern of ['./golden/*.jsonl', '../golden/*.jsonl', '/abs/golden/*.jsonl', '.cache/*.jsonl'])
      expect(globBase(pattern), pattern).toBe('')
    expect(globBase('node_modules/pkg/*.jsonl')).toBe('')
  })

  test('walking the base finds exactly what the whole-tree walk found, for every kind of pattern', () => {
    const root = mkdtempSync(join(tmpdir(), 'vitest-rag-glob-'))
    const files = [
      'golden/a.golden.jsonl',
      'golden/deep/b.golden.jsonl',
      'golden/.hidden/c.golden.jsonl',
      'sets/v2/d.golden.jsonl',
      'kb/tenants/t/docs/e.md',
      'e.golden.jsonl',
      'node_modules/pkg/f.golden.jsonl',
    ]
    for (const path of files) {
      mkdirSync(join(root, path, '..'), { recursive: true })
      writeFileSync(join(root, path), '')
    }
    const wholeTree = (pattern: string) => {
      const re = globToRegExp(pattern)
      return walkFiles(root, { skipHidden: true }).filter((p) => re.test(relative(root, p)))
    }
    const patterns = [
      'golden/**/*.golden.jsonl',
      'golden/*.golden.jsonl',
      'golden/deep/*.jsonl',
      'sets/v2/*.golden.jsonl',
      '{golden,sets}/**/*.jsonl',
      '**/*.golden.jsonl',
      'golden/.hidden/*.jsonl',
      'node_modules/pkg/*.jsonl',
      './golden/*.jsonl',
      'missing/**/*.jsonl',
    ]
    for (const pattern of patterns) expect(globFiles(root, pattern), pattern).toEqual(wholeTree(pattern))
    // Not vacuous: the patterns do find files (4 under golden/ and sets/, one at the root).
    expect(globFiles(root, '**/*.golden.jsonl').map((p) => relative(root, p))).toEqual([
      'e.golden.jsonl',
      'golden/a.golden.jsonl',
      'golden/deep/b.golden.jsonl',
      'sets/v2/d.golden.jsonl',
    ])
    expect(globFiles(root, 'golden/**/*.golden.jsonl')).toHaveLength(2)
  })
})
