import { describe, expect, test } from 'vitest'
import { GoldenCaseSchema, mustAbstain, type GoldenCaseInput } from '../../src/cases/schema.ts'

const normal: GoldenCaseInput = {
  case_id: 'GC-0001',
  case_type: 'normal',
  tenant_id: 'acme',
  query: 'How many seats does Starter allow?',
  answerable: true,
  question_type: 'simple',
  popularity: 'head',
  dynamism: 'static',
  expected_sources: [{ locator: { kind: 'doc', slug: 'billing/seats', heading: 'Plans > Limits' } }],
}

function messagesOf(input: unknown): string[] {
  const result = GoldenCaseSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('golden case schema', () => {
  test('a complete normal case parses and gets its defaults (grade 3, empty lists)', () => {
    const parsed = GoldenCaseSchema.parse(normal)
    expect(parsed.expected_sources[0]?.grade).toBe(3)
    expect(parsed.history).toEqual([])
    expect(parsed.must_contain).toEqual([])
  })

  test('an out_of_scope case that expects a source with grade > 0 is rejected', () => {
    const messages = messagesOf({ ...normal, case_type: 'out_of_scope', answerable: false })
    expect(messages).toEqual([expect.stringMatching(/^expected_sources: a out_of_scope case must expect no sources/)])
  })

  test('an out_of_scope case may keep a grade-0 near-miss source', () => {
    const input = {
      ...normal,
      case_type: 'out_of_scope',
      answerable: false,
      expected_sources: [{ locator: { kind: 'ticket', ticket: 'TCK-1' }, grade: 0 }],
    }
    expect(messagesOf(input)).toEqual([])
  })

  test('an abstaining case marked answerable is rejected', () => {
    const messages = messagesOf({ ...normal, case_type: 'out_of_scope', expected_sources: [] })
    // The answerable-needs-a-source rule fires too: both contradictions are reported.
    expect(messages).toEqual([
      'answerable: a out_of_scope case must abstain, so answerable must be false',
      'expected_sources: an answerable case needs at least one expected source with grade > 0',
    ])
  })

  test('a cross_tenant case without forbidden_text is rejected', () => {
    const messages = messagesOf({ ...normal, case_type: 'cross_tenant', answerable: false, expected_sources: [] })
    expect(messages).toEqual([expect.stringMatching(/^forbidden_text: a cross_tenant case needs forbidden_text/)])
  })

  test('a multi_turn case without history is rejected', () => {
    const messages = messagesOf({ ...normal, case_type: 'multi_turn' })
    expect(messages).toEqual([expect.stringMatching(/^history: a multi_turn case needs history/)])
  })

  test('an answerable case with only grade-0 sources is rejected', () => {
    const messages = messagesOf({ ...normal, expected_sources: [{ locator: { kind: 'doc', slug: 'x' }, grade: 0 }] })
    expect(messages).toEqual(['expected_sources: an answerable case needs at least one expected source with grade > 0'])
  })

  test('a document span whose end is not after its start is rejected', () => {
    const messages = messagesOf({
      ...normal,
      expected_sources: [{ locator: { kind: 'document', id: 'd1', span: [9, 9] } }],
    })
    expect(messages).toEqual(['expected_sources.0.locator.span: span end must be greater than span start'])
  })

  test('an unknown key inside a locator is rejected, not silently dropped', () => {
    const messages = messagesOf({
      ...normal,
      expected_sources: [{ locator: { kind: 'doc', slug: 'x', headng: 'Plans' } }],
    })
    expect(messages).toEqual(['expected_sources.0.locator: Unrecognized key: "headng"'])
  })

  test('out_of_scope and cross_tenant cases must abstain, the others need not', () => {
    expect(
      ['out_of_scope', 'cross_tenant', 'normal', 'multi_turn'].map((t) => mustAbstain({ case_type: t as 'normal' })),
    ).toEqual([true, true, false, false])
  })
})
