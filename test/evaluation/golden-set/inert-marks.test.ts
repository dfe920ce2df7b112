import { describe, expect, test } from 'vitest'
import { parseGoldenText } from '../../../src/cases/parse-golden.ts'
import { formatProblems } from '../../../src/shared/problems/problems.ts'
import { inertKnownFailureMarks } from '../../../src/evaluation/golden-set/inert-marks.ts'

const FILE = 'golden/marks.golden.jsonl'
const facets = { question_type: 'simple', popularity: 'head', dynamism: 'static' }
const source = { locator: { kind: 'doc', slug: 'guide/setup' }, grade: 3 }
const lines = [
  {
    ...facets,
    case_id: 'K-1',
    case_type: 'normal',
    tenant_id: 'north',
    query: 'q one',
    answerable: true,
    expected_sources: [source],
    must_contain: ['six'],
    known_failures: [{ check: 'must_contain', reason: 'T-1' }],
  },
  {
    ...facets,
    case_id: 'K-2',
    case_type: 'out_of_scope',
    tenant_id: 'north',
    query: 'q two',
    answerable: false,
    known_failures: [{ check: 'must_abstain', reason: 'T-2' }],
  },
  {
    ...facets,
    case_id: 'K-3',
    case_type: 'normal',
    tenant_id: 'north',
    query: 'q three',
    answerable: true,
    expected_sources: [source],
  },
]
const parsed = parseGoldenText(lines.map((l) => JSON.stringify(l)).join('\n'), FILE)

describe('inertKnownFailureMarks', () => {
  test('the golden lines parse', () => {
    expect(formatProblems(parsed.problems)).toBe('')
    expect(parsed.cases.map((c) => c.case.case_id)).toEqual(['K-1', 'K-2', 'K-3'])
  })

  test('in retrieval mode each mark is said once, with file:line, field and fix: both markable checks run in system mode only', () => {
    expect(formatProblems(inertKnownFailureMarks(FILE, parsed.cases, 'retrieval')).split('\n')).toEqual([
      'golden/marks.golden.jsonl:1: known_failures[0].check: the mark on must_contain (T-1) has no effect: toContainAll runs only in system mode and this run is in retrieval mode (fix: run in system mode to track it (mode: "system" or VITEST_RAG_MODE=system))',
      'golden/marks.golden.jsonl:2: known_failures[0].check: the mark on must_abstain (T-2) has no effect: toAbstain runs only in system mode and this run is in retrieval mode (fix: run in system mode to track it (mode: "system" or VITEST_RAG_MODE=system))',
    ])
  })

  test('in system mode no mark is inert', () => {
    expect(inertKnownFailureMarks(FILE, parsed.cases, 'system')).toEqual([])
  })
})
