import { describe, expect, test } from 'vitest'
import type { SystemOutput } from '../../src/adapter/types.ts'
import { GoldenCaseSchema, type GoldenCaseInput } from '../../src/cases/schema.ts'
import { parseCitationMarkers } from '../../src/checks/citations.ts'
import { checkAbstains, checkContainsAll, checkNoFabricatedCitations, checkNoTenantLeak, runHardChecks } from '../../src/checks/hard-checks.ts'
import '../../src/vitest/matchers.ts'

const facets = { answerable: true, question_type: 'simple', popularity: 'head', dynamism: 'static' } as const
function goldenCase(input: Partial<GoldenCaseInput>) {
  return GoldenCaseSchema.parse({
    case_id: 'GC-1',
    case_type: 'normal',
    tenant_id: 'acme',
    query: 'How many seats?',
    expected_sources: [{ locator: { kind: 'doc', slug: 'billing/seats' } }],
    ...facets,
    ...input,
  })
}
const crossTenant = goldenCase({ case_type: 'cross_tenant', answerable: false, expected_sources: [], forbidden_text: ['Globex Turbo plan'] })
const answered: SystemOutput = {
  retrieved: [{ chunkId: 'acme/doc/billing/seats#1', tenantId: 'acme', score: 3 }],
  answer: 'The Team plan has 5 seats [1].',
  sources: [{ marker: 1, chunkId: 'acme/doc/billing/seats#1', tenantId: 'acme' }],
  abstained: false,
}

describe('citation markers', () => {
  test('single, grouped and adjacent markers are all found', () => {
    expect(parseCitationMarkers('a [1] b [2, 3] c [4][1]')).toEqual([1, 2, 3, 4, 1])
    expect(parseCitationMarkers('no markers, [x] or [] here')).toEqual([])
  })
})

describe('the hard checks', () => {
  test('toAbstain applies only to must-abstain cases in system mode', () => {
    expect(checkAbstains(answered, goldenCase({}), 'system')).toEqual({ applies: false })
    expect(checkAbstains(answered, crossTenant, 'retrieval')).toEqual({ applies: false })
    expect(checkAbstains(answered, crossTenant, 'system')).toMatchObject({ applies: true, passed: false })
    const refusal = { retrieved: [], answer: "I can't answer that from the available sources." }
    expect(checkAbstains(refusal, crossTenant, 'system')).toMatchObject({ applies: true, passed: true })
  })

  test('a retrieved chunk from another tenant is a leak even when the answer is clean', () => {
    const leaky = { ...answered, retrieved: [...answered.retrieved, { chunkId: 'globex/doc/x#1', tenantId: 'globex', score: 1 }] }
    const outcome = checkNoTenantLeak(leaky, goldenCase({}))
    expect(outcome).toMatchObject({ applies: true, passed: false })
    expect(outcome.applies && outcome.message).toContain('globex/doc/x#1 (tenant globex)')
  })

  test('forbidden text is matched case- and whitespace-insensitively', () => {
    const outcome = checkNoTenantLeak({ retrieved: [], answer: 'Try the globex  turbo PLAN.' }, crossTenant)
    expect(outcome).toMatchObject({ applies: true, passed: false })
  })

  test('a marker pointing at no shown source is a fabricated citation', () => {
    const fabricated = { ...answered, answer: 'Five seats [1], and SSO [3].' }
    const outcome = checkNoFabricatedCitations(fabricated, 'system')
    expect(outcome).toMatchObject({ applies: true, passed: false })
    expect(outcome.applies && outcome.message).toContain('[3]')
    // Not applicable to an abstention, nor in retrieval mode.
    expect(checkNoFabricatedCitations({ retrieved: [], answer: "I don't know.", abstained: true }, 'system')).toEqual({ applies: false })
    expect(checkNoFabricatedCitations(answered, 'retrieval')).toEqual({ applies: false })
  })

  test('toContainAll names every missing literal', () => {
    const c = goldenCase({ must_contain: ['5 seats', 'Team plan', 'SSO'] })
    const outcome = checkContainsAll(answered, c, 'system')
    expect(outcome).toMatchObject({ applies: true, passed: false })
    expect(outcome.applies && outcome.message).toContain('missing 1 of 3 required literal(s): "SSO"')
  })

  test('only applicable checks are returned, so "N of N passed" never counts a skipped check', () => {
    // A normal case without must_contain in system mode: leak + citations apply; abstain and contain do not.
    expect(runHardChecks(answered, goldenCase({}), 'system').map((c) => c.name)).toEqual(['toNotLeakAcrossTenants', 'toHaveNoFabricatedCitations'])
    expect(runHardChecks(answered, goldenCase({}), 'retrieval').map((c) => c.name)).toEqual(['toNotLeakAcrossTenants'])
  })
})

describe('the matchers', () => {
  test('pass and fail through expect with the check message', () => {
    expect(answered).toHaveNoFabricatedCitations()
    expect(answered).toNotLeakAcrossTenants(goldenCase({}))
    expect(() => expect(answered).toAbstain(crossTenant)).toThrow(/toAbstain: a cross_tenant case must abstain/)
    expect(() => expect(answered).toContainAll(goldenCase({ must_contain: ['SSO'] }))).toThrow(/missing 1 of 1/)
  })
})
