/**
 * The hard checks over resolved outputs (test/fixtures/kb-mini: tenants acme and globex): tenancy from the
 * corpus's own map, citations that must exist and have been retrieved, abstentions as the text reads.
 */
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { resolveConfig } from '../../../src/config/resolve.ts'
import { isAbstention, useAbstentionPhrases } from '../../../src/shared/text/abstention.ts'
import type { SystemOutput } from '../../../src/system/adapter/types.ts'
import { GoldenCaseSchema, type GoldenCaseInput } from '../../../src/cases/schema.ts'
import { parseCitationMarkers } from '../../../src/grading/checks/citations.ts'
import { foldForLiteralMatch } from '../../../src/shared/text/normalize.ts'
import {
  checkAbstains,
  checkContainsAll,
  checkNoFabricatedCitations,
  checkNoTenantLeak,
  runHardChecks,
} from '../../../src/grading/checks/hard-checks.ts'
import { resolveOutput } from '../../../src/system/resolved-output.ts'
import { prepareCorpus } from '../../../src/corpus/prepare-corpus.ts'
import { createSourceResolver } from '../../../src/system/sources/resolve-source.ts'
import type { CaseRecord } from '../../../src/evaluation/case-record.ts'
import '../../../src/vitest/worker/matchers.ts'
import { repoRoot } from '../../helpers/run-vitest.ts'

const prepared = await prepareCorpus({ kind: 'kb', root: join(repoRoot, 'test/fixtures/kb-mini') }, 'structural')
const resolver = createSourceResolver(prepared.corpus.documents, prepared.chunks)
const resolved = (output: SystemOutput) => resolveOutput(resolver, output, 'acme')

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
const ACME = 'acme/doc/billing/seats#30a5cf6cd914381e'
const GLOBEX = 'globex/doc/billing/seats#cede301208847d91'
const crossTenant = goldenCase({
  case_type: 'cross_tenant',
  answerable: false,
  expected_sources: [],
  forbidden_text: ['Globex Turbo plan'],
})
const answered: SystemOutput = {
  retrieved: [{ chunkId: ACME, tenantId: 'acme', score: 3 }],
  answer: 'The Team plan has 50 seats [1].',
  sources: [{ marker: 1, chunkId: ACME, tenantId: 'acme' }],
  abstained: false,
}

describe('citation markers', () => {
  test('single, grouped and adjacent markers are all found', () => {
    expect(parseCitationMarkers('a [1] b [2, 3] c [4][1]')).toEqual([1, 2, 3, 4, 1])
    expect(parseCitationMarkers('no markers, [x] or [] here')).toEqual([])
  })
})

describe('toAbstain', () => {
  test('applies only to must-abstain cases in system mode', () => {
    expect(checkAbstains(answered, goldenCase({}), 'system')).toEqual({ applies: false })
    expect(checkAbstains(answered, crossTenant, 'retrieval')).toEqual({ applies: false })
    expect(checkAbstains(answered, crossTenant, 'system')).toMatchObject({ applies: true, passed: false })
    const refusal = { retrieved: [], answer: "I can't answer that from the available sources." }
    expect(checkAbstains(refusal, crossTenant, 'system')).toMatchObject({ applies: true, passed: true })
  })

  test('abstained: true beside an answer that states content fails, naming the lie', () => {
    const lying = { retrieved: [], answer: 'Globex sells seats in packs of ten.', abstained: true }
    expect(checkAbstains(lying, crossTenant, 'system')).toEqual({
      applies: true,
      passed: false,
      message:
        'the system marked the answer abstained: true, but it states content: "Globex sells seats in packs of ten."; if this is how your system declines, add the phrase to ragEval({ abstention: { phrases: [...] } }) (docs/adapters.md lists the default phrasings)',
    })
  })
})

describe('teaching the abstention detector a phrasing (the abstention option)', () => {
  // The help-center bot: no default phrasing names "the help center", so it read as content.
  const helpCenter = { retrieved: [], answer: 'Sorry, I cannot answer that from the help center.', abstained: true }
  afterEach(() => useAbstentionPhrases())

  test('a phrase of its own makes the decline an abstention; the failure before says how to add it', () => {
    expect(checkAbstains(helpCenter, crossTenant, 'system')).toMatchObject({
      passed: false,
      message: expect.stringContaining('add the phrase to ragEval({ abstention: { phrases: [...] } })'),
    })
    useAbstentionPhrases({ phrases: ['Cannot answer that from the Help Center'] })
    expect(checkAbstains(helpCenter, crossTenant, 'system')).toMatchObject({ passed: true })
    // The defaults still hold beside it.
    expect(isAbstention("I can't answer that from the available sources.")).toBe(true)
  })

  test("replaceDefaults keeps only the team's phrases", () => {
    useAbstentionPhrases({ phrases: ['cannot answer that from the help center'], replaceDefaults: true })
    expect(isAbstention("I can't answer that from the available sources.")).toBe(false)
    expect(isAbstention('Sorry, I cannot answer that from the help center.')).toBe(true)
    // Silence is an abstention whatever the phrases.
    expect(isAbstention('')).toBe(true)
  })

  test('the option is validated with the other options', () => {
    expect(resolveConfig({ abstention: { phrases: ['no lo sé'] } }, '/p', {}).abstention).toEqual({
      phrases: ['no lo sé'],
      replaceDefaults: false,
      languages: {},
      defaultLanguage: 'en',
    })
    expect(
      resolveConfig({ abstention: { languages: { es: { phrases: ['no lo sé'] } } } }, '/p', {}).abstention?.languages,
    ).toEqual({ es: { phrases: ['no lo sé'], replaceDefaults: false } })
    expect(() => resolveConfig({ abstention: { languages: { es: { phrase: ['x'] } } } } as never, '/p', {})).toThrow(
      'abstention.languages.es.phrase: unknown field "phrase" (fix: did you mean "phrases"?)',
    )
    expect(() => resolveConfig({ abstention: { phrase: ['x'] } } as never, '/p', {})).toThrow(
      'abstention.phrase: unknown field "phrase" (fix: did you mean "phrases"?)',
    )
  })
})

describe("toNotLeakAcrossTenants, from the corpus's own tenant map", () => {
  test("another tenant's chunk relabelled with the case tenant is a leak naming both tenants", () => {
    const relabelled = {
      ...answered,
      retrieved: [...answered.retrieved, { chunkId: GLOBEX, tenantId: 'acme', score: 1 }],
    }
    const outcome = checkNoTenantLeak(resolved(relabelled), goldenCase({}))
    expect(outcome).toEqual({
      applies: true,
      passed: false,
      message: `retrieved #2 chunkId "${GLOBEX}" is globex's billing/seats, in tenant "globex", not the case's tenant "acme" (the system labelled it "acme")`,
    })
  })

  test('a relabelled shown source is a leak too, and a wrong label on an own source fails on its own', () => {
    const shown = { ...answered, sources: [{ marker: 1, chunkId: GLOBEX, tenantId: 'acme' }] }
    expect(checkNoTenantLeak(resolved(shown), goldenCase({}))).toMatchObject({
      passed: false,
      message: expect.stringContaining(
        `shown source [1] chunkId "${GLOBEX}" is globex's billing/seats, in tenant "globex"`,
      ),
    })
    const mislabelled = { ...answered, retrieved: [{ chunkId: ACME, tenantId: 'globex', score: 1 }] }
    expect(checkNoTenantLeak(resolved(mislabelled), goldenCase({}))).toMatchObject({
      passed: false,
      message: `retrieved #1 chunkId "${ACME}" is acme's billing/seats, but the system labelled it tenant "globex"`,
    })
  })

  test('forbidden text is matched case- and whitespace-insensitively', () => {
    const outcome = checkNoTenantLeak(resolved({ retrieved: [], answer: 'Try the globex  turbo PLAN.' }), crossTenant)
    expect(outcome).toMatchObject({
      applies: true,
      passed: false,
      message: 'the answer contains forbidden text: "Globex Turbo plan"',
    })
  })
})

describe('toHaveNoFabricatedCitations', () => {
  test('a marker pointing at no shown source is fabricated', () => {
    const outcome = checkNoFabricatedCitations(
      resolved({ ...answered, answer: 'Fifty seats [1], and SSO [3].' }),
      'system',
    )
    expect(outcome).toMatchObject({
      applies: true,
      passed: false,
      message: 'marker(s) [3] point at no source shown to the generator (shown: [1])',
    })
    // Not applicable to an abstention, nor in retrieval mode.
    expect(
      checkNoFabricatedCitations(resolved({ retrieved: [], answer: "I don't know.", abstained: true }), 'system'),
    ).toEqual({ applies: false })
    expect(checkNoFabricatedCitations(resolved(answered), 'retrieval')).toEqual({ applies: false })
  })

  test('a cited chunk id that exists nowhere is fabricated', () => {
    const ghost = {
      ...answered,
      sources: [{ marker: 1, chunkId: 'acme/doc/billing/seats#ffffffffffffffff', tenantId: 'acme' }],
    }
    expect(checkNoFabricatedCitations(resolved(ghost), 'system')).toMatchObject({
      passed: false,
      message: '[1] cites chunkId "acme/doc/billing/seats#ffffffffffffffff", which is in no document of the corpus',
    })
  })

  test('a cited source the system did not retrieve is fabricated; one it retrieved is not', () => {
    const unretrieved = { ...answered, sources: [{ marker: 1, docId: 'acme/ticket/TCK-1042' }] }
    expect(checkNoFabricatedCitations(resolved(unretrieved), 'system')).toMatchObject({
      passed: false,
      message: '[1] cites acme/ticket/TCK-1042, which the system did not retrieve',
    })
    expect(checkNoFabricatedCitations(resolved(answered), 'system')).toMatchObject({ passed: true })
    // A whole retrieved document covers a cited chunk of it.
    const byDoc = { ...answered, retrieved: [{ docId: 'acme/doc/billing/seats' }] }
    expect(checkNoFabricatedCitations(resolved(byDoc), 'system')).toMatchObject({ passed: true })
  })
})

describe('toContainAll and the applicable set', () => {
  test('toContainAll names every missing literal', () => {
    const outcome = checkContainsAll(answered, goldenCase({ must_contain: ['50 seats', 'Team plan', 'SSO'] }), 'system')
    expect(outcome).toMatchObject({ applies: true, passed: false })
    expect(outcome.applies && outcome.message).toContain('missing 1 of 3 required literal(s): "SSO"')
  })

  test('a missing literal that depends on a concept is named with its concept', () => {
    const c = goldenCase({
      concepts: [{ id: 'Enterprise plan', grade: 'required' }],
      must_contain: ['50 seats', { text: 'no seat limit', concept: 'Enterprise plan' }],
    })
    const outcome = checkContainsAll(answered, c, 'system')
    expect(outcome.applies && outcome.message).toContain(
      'missing 1 of 2 required literal(s): "no seat limit" (concept "Enterprise plan")',
    )
  })

  test('literals match folded as foldForLiteralMatch folds them: case, compatibility forms and whitespace runs', () => {
    // The check folded text itself before (NFKC, lower case, whitespace runs as one space, trimmed); it now
    // calls text/normalize.ts, which folds the same way: no behaviour changed, these cases pin it.
    const wide = { ...answered, answer: 'The ＴＥＡＭ\u00a0plan\nincludes   50 seats [1].' }
    expect(foldForLiteralMatch(wide.answer)).toBe('the team plan includes 50 seats [1].')
    expect(
      checkContainsAll(wide, goldenCase({ must_contain: ['team plan includes', '５０ SEATS'] }), 'system'),
    ).toMatchObject({ passed: true })
    expect(checkContainsAll(wide, goldenCase({ must_contain: ['team planincludes'] }), 'system')).toMatchObject({
      passed: false,
    })
  })

  test('only applicable checks are returned, so "N of N passed" never counts a skipped check', () => {
    expect(runHardChecks(resolved(answered), goldenCase({}), 'system').map((c) => c.name)).toEqual([
      'toNotLeakAcrossTenants',
      'toHaveNoFabricatedCitations',
    ])
    expect(runHardChecks(resolved(answered), goldenCase({}), 'retrieval').map((c) => c.name)).toEqual([
      'toNotLeakAcrossTenants',
    ])
  })
})

describe('the matchers assert from the record', () => {
  const record = {
    caseId: 'GC-1',
    hard: [
      { name: 'toAbstain', passed: false, message: 'a cross_tenant case must abstain, but the system answered: "x"' },
      { name: 'toNotLeakAcrossTenants', passed: true, message: 'ok' },
    ],
  } as unknown as CaseRecord
  test('pass and fail with the recorded message; a check absent from the record is a usage error', () => {
    expect(record).toNotLeakAcrossTenants()
    expect(() => expect(record).toAbstain()).toThrow(
      'toAbstain: a cross_tenant case must abstain, but the system answered: "x"',
    )
    expect(() => expect(record).toContainAll()).toThrow('toContainAll: this check does not apply to case GC-1')
    expect(() => expect(answered).toAbstain()).toThrow(/expected a vitest-rag case record/)
  })
})
