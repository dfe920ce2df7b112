import { describe, expect, test } from 'vitest'
import { parseGoldenText } from '../../src/cases/parse-golden.ts'
import type { LocatorResolution } from '../../src/cases/resolve-locators.ts'
import { prepareCase } from '../../src/cases/prepared-case.ts'

const line = JSON.stringify({
  case_id: 'C-1',
  case_type: 'normal',
  tenant_id: 't1',
  query: 'How do refunds work?',
  expected_sources: [{ locator: { kind: 'doc', slug: 'billing/refunds' }, grade: 2 }],
})
const parsed = parseGoldenText(line, 'golden/x.golden.jsonl').cases[0]
if (!parsed) throw new Error('the case did not parse')

describe('prepareCase', () => {
  test('a prepared case carries each expected chunk as id and grade only, and the spans, of its own case id', () => {
    const resolution: Pick<LocatorResolution, 'expected' | 'spans'> = {
      expected: new Map([
        [
          'C-1',
          [{ chunkId: 'billing/refunds#0', grade: 2, locator: { kind: 'doc', slug: 'billing/refunds' } as never }],
        ],
        ['C-2', [{ chunkId: 'other#0', grade: 1, locator: {} as never }]],
      ]),
      spans: new Map([['C-1', [{ docId: 'billing/refunds', start: 0, end: 10, grade: 2 }]]]),
    }
    expect(prepareCase(parsed.case, 1, resolution)).toEqual({
      case: parsed.case,
      line: 1,
      caseHash: parsed.hash,
      expected: [{ chunkId: 'billing/refunds#0', grade: 2 }],
      spans: [{ docId: 'billing/refunds', start: 0, end: 10, grade: 2 }],
    })
  })

  test('a case nothing resolved for expects no chunk and no span; its hash is the golden parse hash by default', () => {
    const prepared = prepareCase(parsed.case, 7, { expected: new Map(), spans: new Map() })
    expect(prepared).toMatchObject({ line: 7, expected: [], spans: [], caseHash: parsed.hash })
  })
})
