import { describe, expect, test } from 'vitest'
import {
  parseRecordedOutputs,
  recordedCoverage,
  serializeRecordedOutputs,
} from '../../../src/system/adapter/recorded-adapter.ts'
import { formatProblems } from '../../../src/shared/problems/problems.ts'

const FILE = 'recorded/outputs.jsonl'

describe('parseRecordedOutputs', () => {
  test('reads one output per case id and lists every bad line with its line and field', () => {
    const text = [
      JSON.stringify({ case_id: 'GC-1', output: { retrieved: [{ chunkId: 'a#0' }], answer: 'Five seats.' } }),
      '{oops',
      JSON.stringify({ case_id: 'GC-2', output: { retrieved: [{ score: 1 }] } }),
      JSON.stringify({ case_id: 'GC-1', output: { retrieved: [] } }),
      JSON.stringify({ caseId: 'GC-3', output: { retrieved: [] } }),
    ].join('\n')
    const { outputs, problems } = parseRecordedOutputs(text, FILE)
    expect([...outputs.keys()]).toEqual(['GC-1'])
    expect(outputs.get('GC-1')).toEqual({ retrieved: [{ chunkId: 'a#0' }], answer: 'Five seats.' })
    const rendered = formatProblems(problems).split('\n')
    expect(rendered.map((l) => l.split(': ').slice(0, 2).join(': '))).toEqual([
      'recorded/outputs.jsonl:2: not valid JSON',
      'recorded/outputs.jsonl:3: output.retrieved[0]',
      'recorded/outputs.jsonl:4: case_id',
      'recorded/outputs.jsonl:5: case_id',
      'recorded/outputs.jsonl:5: caseId',
    ])
    expect(rendered[2]).toContain('case_id "GC-1" is already recorded at recorded/outputs.jsonl:1')
  })
})

describe('serializeRecordedOutputs', () => {
  test('writes what parseRecordedOutputs reads back to the same outputs, one line per case in the order given', () => {
    const entries = [
      { caseId: 'GC-2', output: { retrieved: [{ chunkId: 'b#1', score: 0.5 }], answer: 'Two "quoted"\nlines.' } },
      { caseId: 'GC-1', output: { retrieved: [], answer: 'I do not know.', abstained: true } },
    ]
    const text = serializeRecordedOutputs(entries)
    expect(text.split('\n')).toHaveLength(3) // two lines and the final newline
    const { outputs, problems } = parseRecordedOutputs(text, FILE)
    expect(problems).toEqual([])
    expect([...outputs.keys()]).toEqual(['GC-2', 'GC-1'])
    expect(outputs.get('GC-2')).toEqual(entries[0]!.output)
    expect(outputs.get('GC-1')).toEqual(entries[1]!.output)
  })
})

describe('recordedCoverage', () => {
  test('names recorded ids no golden case has and golden cases with no recording, each in its own order', () => {
    const recorded = new Map([
      ['GC-9', {}],
      ['GC-1', {}],
      ['OLD-3', {}],
    ])
    expect(recordedCoverage(recorded, ['GC-1', 'GC-2', 'GC-3'])).toEqual({
      unknown: ['GC-9', 'OLD-3'],
      missing: ['GC-2', 'GC-3'],
    })
    expect(recordedCoverage(recorded, ['GC-9', 'GC-1', 'OLD-3'])).toEqual({ unknown: [], missing: [] })
  })
})
