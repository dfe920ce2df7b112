import { describe, expect, it, test } from 'vitest'
import { findDuplicateKeys, mayRepeatKeys } from '../../../src/shared/problems/duplicate-keys.ts'
import { parseGoldenText } from '../../../src/cases/parse-golden.ts'
import { formatProblems } from '../../../src/shared/problems/problems.ts'

test('a key repeated in the same object is found with its path; the same key in sibling objects is not', () => {
  expect(findDuplicateKeys('{"a":1,"b":{"c":1,"c":2},"a":3}')).toEqual([
    { path: 'b.c', key: 'c' },
    { path: 'a', key: 'a' },
  ])
  // Two sources each with their own "locator": distinct objects, no duplicate; the second repeats "grade".
  expect(findDuplicateKeys('{"s":[{"locator":{"slug":"x"}},{"locator":{"slug":"y"},"grade":1,"grade":2}]}')).toEqual([
    { path: 's[1].grade', key: 'grade' },
  ])
})

test('keys are compared after unescaping, and strings that look like keys or brackets are values', () => {
  // "\u0061" is "a"; the value "{\"a\":1,\"a\":2}" is a string, not an object.
  expect(findDuplicateKeys('{"a":"{\\"a\\":1,\\"a\\":2}","\\u0061":[1,"]",{"a":1}]}')).toEqual([
    { path: 'a', key: 'a' },
  ])
  expect(findDuplicateKeys('[1,{"x":{},"y":[]},"z"]')).toEqual([])
})

test('a golden line with two must_contain keys is a problem naming file, line, field and fix, beside the others', () => {
  const text = [
    '{"case_id":"c1","case_type":"normal","tenant_id":"t","query":"q","expected_sources":[{"locator":{"kind":"doc","slug":"x"}}],"must_contain":["a"],"must_contain":["zebra"]}',
    '{"case_id":"c2","case_type":"nope","tenant_id":"t","query":"q"}',
  ].join('\n')
  const { cases, problems } = parseGoldenText(text, 'golden/a.golden.jsonl')
  expect(problems.map((p) => [p.code, p.line, p.path])).toEqual([
    ['duplicate_key', 1, 'must_contain'],
    ['invalid_value', 2, 'case_type'],
  ])
  expect(formatProblems(problems.slice(0, 1))).toContain(
    'golden/a.golden.jsonl:1: must_contain: "must_contain" appears twice in this object; JSON keeps only the last, so the first one\'s value is dropped',
  )
  expect(problems[0]?.fix).toBe(
    'write "must_contain" once (for a list such as must_contain, put every value in the one list)',
  )
  // The line is still read (as JSON reads it), so its other problems show in the same run: all at once.
  expect(cases.map((c) => c.case.must_contain)).toEqual([['zebra']])
})

describe('mayRepeatKeys', () => {
  // Texts with colons, quotes and backslashes inside strings, nesting, arrays of objects; with and without repeats.
  const texts = [
    '{}',
    '[]',
    '"a:b"',
    '{"a":1,"b":"x:y","c":"say \\"k\\": 1","d":"ends with \\\\"}',
    '{"a":{"b":[{"c":1},{"c":2}]},"e":[1,"2:3",null]}',
    '{"a":1,"a":2}',
    '{"a":{"b":1,"b":{"c":1}}}',
    '{"x":[{"k":1,"k":1}]}',
    '{"__proto__":1,"b":2}',
    '{"__proto__":1,"__proto__":2}',
    '{ "spaced" : 1 , "keys" : { "inner" : "a : b" } }',
  ]
  it.each(texts)('is false exactly when the full scan finds no repeat: %s', (text) => {
    expect(mayRepeatKeys(text, JSON.parse(text))).toBe(findDuplicateKeys(text).length > 0)
  })
})
