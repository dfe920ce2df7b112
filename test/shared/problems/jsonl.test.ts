import { describe, expect, test } from 'vitest'
import { parseLabelsFile } from '../../../src/lab/calibration/labels-file.ts'
import { parseQrels } from '../../../src/grading/qrels/qrels-file.ts'
import { readJsonlLines } from '../../../src/shared/problems/jsonl.ts'
import type { Problem } from '../../../src/shared/problems/problems.ts'

function read(text: string, options = {}): { seen: Array<[number, unknown]>; problems: Problem[] } {
  const seen: Array<[number, unknown]> = []
  const problems: Problem[] = []
  readJsonlLines(text, 'f.jsonl', problems, (json, line) => seen.push([line, json]), options)
  return { seen, problems }
}

describe('readJsonlLines', () => {
  test('reports every bad line, not only the first, each with its line and a fix', () => {
    const { seen, problems } = read('{"a":1}\nnope\n\n{"b":2}\n{broken')
    expect(seen).toEqual([
      [1, { a: 1 }],
      [4, { b: 2 }],
    ])
    expect(problems.map((p) => [p.code, p.line])).toEqual([
      ['invalid_json', 2],
      ['invalid_json', 5],
    ])
    expect(problems[0]!.fix).toBe('one JSON object per line; check quotes, commas and brackets')
  })

  test('strips a byte-order mark and reads CRLF lines; // notes only when allowed', () => {
    expect(read('\ufeff{"a":1}\r\n// note\r\n').problems.map((p) => p.line)).toEqual([2])
    expect(read('\ufeff{"a":1}\r\n// note\r\n', { comments: true })).toEqual({ seen: [[1, { a: 1 }]], problems: [] })
  })

  test('with objects, a line holding an array or a number is an invalid_type problem', () => {
    const { problems } = read('[1]\n3\n{}', { objects: true })
    expect(problems.map((p) => [p.code, p.line, p.message])).toEqual([
      ['invalid_type', 1, 'a line must hold one JSON object, got an array'],
      ['invalid_type', 2, 'a line must hold one JSON object, got 3'],
    ])
  })

  test('keeps problems the caller adds in file order', () => {
    const problems: Problem[] = []
    readJsonlLines('{"id":1}\nnope\n{"id":1}', 'f.jsonl', problems, (json, line) => {
      if (line === 3) problems.push({ code: 'duplicate_id', file: 'f.jsonl', line, path: 'id', message: 'dup' })
    })
    expect(problems.map((p) => [p.line, p.code])).toEqual([
      [2, 'invalid_json'],
      [3, 'duplicate_id'],
    ])
  })

  test('corrected disagreement: label and qrels files with a byte-order mark now read like golden sets (line 1 used to be "not valid JSON")', () => {
    const row = { id: 'r1', query: 'q', context: [{ text: 'c' }], answer: 'a', labels: { faithfulness: 1 } }
    expect(parseLabelsFile(`\ufeff${JSON.stringify(row)}\r\n`, 'labels.jsonl').problems).toEqual([])
    expect(parseQrels('\ufeffnot json', 'qrels.jsonl').problems.map((p) => [p.code, p.line])).toEqual([
      ['qrels_bad_json', 1],
    ])
  })
})
