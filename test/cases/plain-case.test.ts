import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PLAIN_CASE_FIELDS, plainCaseCanonicalJson, plainGoldenCase } from '../../src/cases/plain-case.ts'
import { canonicalJson } from '../../src/shared/util/hash.ts'
import { parseGoldenText } from '../../src/cases/parse-golden.ts'
import { GOLDEN_CASE_FIELDS, GoldenCaseSchema } from '../../src/cases/schema.ts'

// The golden files of the repository (the sample set, the init template, the end-to-end fixtures).
const FILES = [
  'golden/quillfern.golden.jsonl',
  'golden/brassmoth.golden.jsonl',
  'golden/boundaries.golden.jsonl',
  'templates/init/example.golden.jsonl',
  'test/fixtures/e2e/golden/a.golden.jsonl',
  'test/fixtures/e2e-invalid/golden/bad.golden.jsonl',
  'test/fixtures/experiments/golden/fx.golden.jsonl',
]

function rowsOf(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('//'))
    .flatMap((l) => {
      try {
        const v = JSON.parse(l) as unknown
        return v !== null && typeof v === 'object' && !Array.isArray(v) ? [v as Record<string, unknown>] : []
      } catch {
        return []
      }
    })
}

/** Bench-shaped rows (scripts/bench/scale-project.ts): the plain shape large golden sets take. */
const PLAIN = {
  case_id: 'S-00001',
  case_type: 'normal',
  tenant_id: 't1',
  query: 'What does setting s1 of module m1 default to?',
  expected_sources: [{ locator: { kind: 'doc', slug: 'doc-1' } }],
  must_contain: ['forty-two'],
  answerable: true,
  question_type: 'simple',
  popularity: 'head',
  dynamism: 'static',
}

const ODD_VALUES: unknown[] = [null, 42, 1.5, -1, 4, '', '  ', ' padded ', 'bogus', true, [], [''], ['x'], {}, { a: 1 }]

/** Variants of a row: key order reversed, each field dropped, each field set to each odd value, an unknown key. */
function variants(row: Record<string, unknown>): unknown[] {
  const out: unknown[] = [row, Object.fromEntries(Object.entries(row).reverse()), { ...row, unknown_field: 1 }]
  for (const key of Object.keys(row)) {
    const { [key]: _dropped, ...rest } = row
    out.push(rest)
    for (const odd of ODD_VALUES) out.push({ ...row, [key]: odd })
  }
  return out
}

/** Variants of the expected sources and case types the fast path decides on. */
const SOURCE_VARIANTS: unknown[] = [
  [{ locator: { kind: 'doc', slug: ' doc-1 ', heading: 'Setup' }, grade: 2, tenant: ' t1 ' }],
  [{ locator: { kind: 'doc', slug: 'doc-1', heading: ' ' } }],
  [{ locator: { kind: 'doc', slug: 'doc-1' }, grade: 0 }],
  [{ locator: { kind: 'doc', slug: 'doc-1' }, grade: 1.5 }],
  [{ locator: { kind: 'doc', slug: 'doc-1' }, grade: '3' }],
  [{ locator: { kind: 'doc', slug: 'doc-1', extra: 1 } }],
  [{ locator: { kind: 'doc', slug: 'doc-1' }, extra: 1 }],
  [{ locator: { kind: 'changelog', entry: '2.4.0' } }],
  [{ locator: { kind: 'ticket', ticket: 'T-1' }, grade: 1 }],
  [{ locator: { kind: 'document', id: 'd1' } }],
  [{ locator: { kind: 'document', id: 'd1', span: [0, 10] } }],
  [{ locator: { kind: 'web', url: 'x' } }],
  [{ grade: 3 }],
  [],
]

function expectSameAsSchema(row: unknown): boolean {
  const plain = plainGoldenCase(row)
  if (plain === undefined) return false
  const parsed = GoldenCaseSchema.safeParse(row)
  // The fast path never takes a row the schema refuses, and builds exactly its case: values and key order.
  expect(parsed.success, JSON.stringify(row)).toBe(true)
  expect(JSON.stringify(plain)).toBe(JSON.stringify(parsed.data))
  expect(plain).toEqual(parsed.data)
  // And its canonical text (what the case hash is taken of) is canonicalJson's.
  expect(plainCaseCanonicalJson(plain)).toBe(canonicalJson(parsed.data))
  return true
}

describe('the golden parser fast path', () => {
  it('builds the schema’s case, key order included, for every repository golden row and its variants', () => {
    let taken = 0
    let total = 0
    for (const file of FILES)
      for (const row of rowsOf(file))
        for (const v of variants(row)) {
          total++
          if (expectSameAsSchema(v)) taken++
        }
    // Most rows with history, concepts or known failures go to the schema; many plain ones are taken.
    expect(taken).toBeGreaterThan(500)
    expect(taken).toBeLessThan(total)
  })

  it('decides expected sources, case types and facets as the schema does', () => {
    const rows: unknown[] = [PLAIN, ...variants(PLAIN)]
    for (const sources of SOURCE_VARIANTS) rows.push({ ...PLAIN, expected_sources: sources })
    for (const caseType of ['out_of_scope', 'cross_tenant', 'multi_turn', 'stale_conflict', 'exact_identifier'])
      for (const extra of [{}, { answerable: false }, { answerable: false, expected_sources: [] }])
        for (const forbidden of [{}, { forbidden_text: ['gold plan'] }])
          rows.push({ ...PLAIN, case_type: caseType, ...extra, ...forbidden })
    rows.push({ ...PLAIN, history: [] }, { ...PLAIN, should_contain: [] }, { ...PLAIN, tags: [' a ', 'b'] })
    rows.push({ ...PLAIN, status: 'draft', synthetic: true, cluster: ' c ', language: 'en', notes: '' })
    rows.push({ ...PLAIN, reference_answer: '  kept as written ' }, { ...PLAIN, case_id: 'bad id' })
    let taken = 0
    for (const row of rows) if (expectSameAsSchema(row)) taken++
    expect(expectSameAsSchema(PLAIN)).toBe(true)
    // Most variants set a field to a value the schema refuses; the fast path took 40 of them (2026-12-02).
    expect(taken).toBeGreaterThanOrEqual(30)
  })

  it('leaves history, concepts, known failures and weighted literals to the schema', () => {
    expect(plainGoldenCase({ ...PLAIN, history: [{ role: 'user', content: 'hi' }] })).toBeUndefined()
    expect(plainGoldenCase({ ...PLAIN, concepts: [] })).toBeUndefined()
    expect(plainGoldenCase({ ...PLAIN, known_failures: [] })).toBeUndefined()
    expect(plainGoldenCase({ ...PLAIN, should_contain: [{ text: 'x' }] })).toBeUndefined()
    expect(plainGoldenCase({ ...PLAIN, must_contain: [{ text: 'x', concept: 'c' }] })).toBeUndefined()
  })

  it('parses a file to the same cases, hashes and problems either way', () => {
    // Plain rows, a row the fast path leaves to the schema, and a bad row: the problems are the schema's.
    const text = [
      JSON.stringify(PLAIN),
      JSON.stringify({ ...PLAIN, case_id: 'S-00002', history: [{ role: 'user', content: 'earlier' }] }),
      JSON.stringify({ ...PLAIN, case_id: 'S-00003', expected_sources: [{ locator: { kind: 'doc', slug: '' } }] }),
    ].join('\n')
    const result = parseGoldenText(text, 'golden/x.golden.jsonl')
    expect(result.cases.map((c) => c.case.case_id)).toEqual(['S-00001', 'S-00002'])
    expect(result.cases[0]!.case).toEqual(GoldenCaseSchema.parse(PLAIN))
    expect(result.problems.map((p) => [p.line, p.path])).toEqual([[3, 'expected_sources[0].locator.slug']])
  })
})

describe('a field the fast path does not know', () => {
  it('is one the schema handles: the schema fields it leaves out are exactly these two', () => {
    // A field added to the schema fails this until the fast path builds it or the list below names it; meanwhile
    // a line that has it goes through the schema (it is not in PLAIN_CASE_FIELDS), so nothing is dropped.
    expect(GOLDEN_CASE_FIELDS.filter((f) => !PLAIN_CASE_FIELDS.includes(f))).toEqual(['known_failures', 'concepts'])
    expect(PLAIN_CASE_FIELDS.filter((f) => !GOLDEN_CASE_FIELDS.includes(f))).toEqual([])
  })

  it('sends the line to the schema instead of dropping it', () => {
    const row: Record<string, unknown> = { ...PLAIN, reviewed_by: 'ana' }
    expect(plainGoldenCase(row)).toBeUndefined()
  })
})
