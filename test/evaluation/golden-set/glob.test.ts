import { describe, expect, test } from 'vitest'
import { globToRegExp } from '../../../src/evaluation/golden-set/glob.ts'

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
