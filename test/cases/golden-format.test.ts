import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { mapGrade } from '../../src/cases/grade-scale.ts'
import { GOLDEN_SCHEMA_PATH, renderGoldenJsonSchema } from '../../src/cases/json-schema.ts'
import { parseGoldenText } from '../../src/cases/parse-golden.ts'
import { formatProblems } from '../../src/shared/problems/problems.ts'
import { resolveLocators } from '../../src/cases/resolve-locators.ts'
import { GoldenCaseSchema } from '../../src/cases/schema.ts'
import { chunkDocuments, parseChunkerSpec } from '../../src/corpus/chunk.ts'
import type { SourceDocument } from '../../src/corpus/types.ts'

const FILE = 'golden/cranfield.golden.jsonl'
const minimal = {
  case_id: 'C-1',
  case_type: 'normal',
  tenant_id: 'default',
  query: 'heat transfer in slabs',
  expected_sources: [{ locator: { kind: 'document', id: 'd1' }, grade: 1 }],
}

describe('facets are optional with documented defaults', () => {
  test('a case without facets gets answerable true, simple, torso, static', () => {
    const c = GoldenCaseSchema.parse(minimal)
    expect([c.answerable, c.question_type, c.popularity, c.dynamism]).toEqual([true, 'simple', 'torso', 'static'])
  })

  test('an out_of_scope case without answerable defaults to false (it must abstain) and validates', () => {
    const c = GoldenCaseSchema.parse({ ...minimal, case_type: 'out_of_scope', expected_sources: [] })
    expect(c.answerable).toBe(false)
  })

  test('a case written with every facet parses to the same object as before (so case hashes do not move)', () => {
    const full = { ...minimal, answerable: true, question_type: 'simple', popularity: 'torso', dynamism: 'static' }
    expect(GoldenCaseSchema.parse(full)).toEqual(GoldenCaseSchema.parse(minimal))
    expect(Object.keys(GoldenCaseSchema.parse(full))).not.toContain('status')
  })
})

describe('grade_scale header', () => {
  test('linear scales map onto 0-3 with rounding, in either direction', () => {
    // 3 * (g - low) / (high - low): {1..4}: 2 -> 1, 3 -> 2; reversed {4..1}: 1 -> 3; {0..10}: 7 -> 2.1 -> 2
    expect([1, 2, 3, 4].map((g) => mapGrade(g, { low: 1, high: 4 }))).toEqual([0, 1, 2, 3])
    expect([1, 2, 3, 4].map((g) => mapGrade(g, { low: 4, high: 1 }))).toEqual([3, 2, 1, 0])
    expect(mapGrade(7, { low: 0, high: 10 })).toBe(2)
    expect(mapGrade(5, { low: 1, high: 4 })).toBeUndefined()
    expect(mapGrade('2', { map: { '1': 3, '2': 1 } })).toBe(1)
  })

  test('a file on a 1-4 scale (best = 1, as Cranfield) is mapped before validation; a grade off the scale is reported with its fix', () => {
    const text = [
      '// Cranfield grades: 1 = complete answer ... 4 = minimal interest',
      JSON.stringify({ grade_scale: { low: 4, high: 1 } }),
      JSON.stringify({
        ...minimal,
        expected_sources: [
          { locator: { kind: 'document', id: 'd1' }, grade: 1 },
          { locator: { kind: 'document', id: 'd2' }, grade: 3 },
        ],
      }),
      JSON.stringify({
        ...minimal,
        case_id: 'C-2',
        expected_sources: [{ locator: { kind: 'document', id: 'd1' }, grade: 5 }],
      }),
    ].join('\n')
    const result = parseGoldenText(text, FILE)
    expect(result.cases.map((c) => c.case.expected_sources.map((s) => s.grade))).toEqual([[3, 1]])
    expect(formatProblems(result.problems)).toBe(
      `${FILE}:4: expected_sources[0].grade: 5 is not on this file's grade_scale (fix: use a whole number from 1 to 4, or change the grade_scale header)`,
    )
  })

  test('a grade_scale header after the first case, or a malformed one, is a problem naming its line', () => {
    const text = [JSON.stringify(minimal), JSON.stringify({ grade_scale: { low: 1, high: 4 } }), ''].join('\n')
    expect(parseGoldenText(text, FILE).problems.map((p) => [p.line, p.code])).toEqual([[2, 'misplaced_grade_scale']])
    const bad = parseGoldenText(JSON.stringify({ grade_scale: { low: 2, high: 2 } }), FILE)
    expect(bad.problems.map((p) => [p.line, p.path])).toEqual([[1, 'grade_scale']])
  })
})

describe('an empty judged document', () => {
  test('is a warning naming the document, not a problem that stops the set', () => {
    const documents: SourceDocument[] = [
      {
        id: 'default/document/d1',
        key: 'd1',
        tenantId: 'default',
        kind: 'document',
        title: 'Slabs',
        text: 'Heat conduction in composite slabs.',
      },
      {
        id: 'default/document/d9',
        key: 'd9',
        tenantId: 'default',
        kind: 'document',
        title: 'Blank',
        text: '  \n',
        origin: 'corpus.jsonl:9',
      },
    ]
    const chunks = chunkDocuments(documents, parseChunkerSpec('structural'))
    const c = GoldenCaseSchema.parse({
      ...minimal,
      expected_sources: [
        { locator: { kind: 'document', id: 'd1' } },
        { locator: { kind: 'document', id: 'd9' }, grade: 2 },
      ],
    })
    const result = resolveLocators([c], documents, chunks, new Map([['C-1', { file: FILE, line: 3 }]]))
    expect(result.problems).toEqual([])
    expect(formatProblems(result.warnings)).toBe(
      `${FILE}:3: expected_sources[1].locator: case "C-1": the judged document "default/document/d9" (corpus.jsonl:9) is empty, so no chunk can hold it; this source is left out (fix: give "default/document/d9" its text, or remove this expected source)`,
    )
    expect(result.expected.get('C-1')?.map((e) => e.chunkId.startsWith('default/document/d1'))).toEqual([true])
  })
})

describe('JSON Schema for *.golden.jsonl', () => {
  test(`the committed ${GOLDEN_SCHEMA_PATH} is what the zod schema generates (run \`npm run schema\` when this fails)`, () => {
    const committed = readFileSync(resolve(import.meta.dirname, '../..', GOLDEN_SCHEMA_PATH), 'utf8')
    expect(committed).toBe(renderGoldenJsonSchema())
  })

  test('the schema lists the case fields with facets optional and knows the grade_scale header', () => {
    const schema = JSON.parse(renderGoldenJsonSchema()) as {
      anyOf: Array<{ required?: string[]; properties: Record<string, unknown> }>
    }
    const [caseSchema, header] = schema.anyOf
    expect(caseSchema?.required).toEqual(['case_id', 'case_type', 'tenant_id', 'query'])
    expect(Object.keys(caseSchema?.properties ?? {})).toContain('question_type')
    expect(header?.required).toEqual(['grade_scale'])
  })
})
