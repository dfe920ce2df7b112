/**
 * Every field of a reference is evidence and the evidence must agree (test/fixtures/kb-mini: tenants acme and
 * globex, both with a billing/seats doc; evals/sample-kb for the property: brassmoth and quillfern share most
 * document names). Each test here failed on the resolver that kept the case's tenant first.
 */
import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { join } from 'node:path'
import { prepareCorpus } from '../../../src/corpus/prepare-corpus.ts'
import { createSourceResolver } from '../../../src/system/sources/resolve-source.ts'
import { checkNoTenantLeak } from '../../../src/grading/checks/hard-checks.ts'
import type { ResolvedOutput } from '../../../src/system/resolved-output.ts'
import { GoldenCaseSchema } from '../../../src/cases/schema.ts'
import type { SourceReference } from '../../../src/system/sources/types.ts'
import { repoRoot } from '../../helpers/run-vitest.ts'
import { tallySources } from '../../../src/evaluation/case-sources.ts'

const mini = await prepareCorpus({ kind: 'kb', root: join(repoRoot, 'test/fixtures/kb-mini') }, 'structural')
const resolve = createSourceResolver(mini.corpus.documents, mini.chunks)
const SEATS_LIMITS = 'acme/doc/billing/seats#30a5cf6cd914381e' // "### Limits" under "## Plans", [116, 205)
const ACME_TEXT = 'Starter allows 5 seats. Team allows 50 seats.' // acme's seats doc only, at [128, 173) ("### Limits\n\n" is 12 characters after 116)
const GLOBEX_TEXT = 'Globex sells seats in packs of ten.' // globex's seats doc only

describe('the fields of a reference must agree', () => {
  test('a text that a path of another tenant does not contain makes the reference ambiguous, naming both fields', () => {
    const r = resolve({ path: 'kb/tenants/globex/docs/billing/seats.md', text: ACME_TEXT }, 'acme')
    expect(r).toEqual({
      resolved: false,
      reference: `text ${JSON.stringify(ACME_TEXT)}`,
      ambiguous: {
        tenants: ['acme', 'globex'],
        docIds: ['acme/doc/billing/seats', 'globex/doc/billing/seats'],
        evidence: [
          { evidence: `text ${JSON.stringify(ACME_TEXT)}`, docId: 'acme/doc/billing/seats', tenantId: 'acme' },
          {
            evidence: 'path "kb/tenants/globex/docs/billing/seats.md"',
            docId: 'globex/doc/billing/seats',
            tenantId: 'globex',
          },
        ],
      },
    })
  })

  test('within one tenant the text wins over a path naming another document, and the disagreement is recorded', () => {
    // getting-started is acme's; the text is in acme's seats doc at [128, 173) ("### Limits\n\n" is 12 characters after 116).
    const r = resolve({ path: 'tenants/acme/docs/getting-started.md', text: ACME_TEXT }, 'acme')
    expect(r).toMatchObject({
      resolved: true,
      via: 'text',
      level: 'span',
      docId: 'acme/doc/billing/seats',
      start: 128,
      end: 173,
      chunkIds: [SEATS_LIMITS],
    })
    expect(r.resolved && r.conflicts).toEqual([
      { evidence: 'path "tenants/acme/docs/getting-started.md"', docId: 'acme/doc/getting-started', tenantId: 'acme' },
    ])
  })

  test("a text settles a key two tenants share, at the key's level", () => {
    expect(resolve({ docId: 'billing/seats', text: GLOBEX_TEXT }, 'acme')).toMatchObject({
      resolved: true,
      via: 'locator',
      level: 'document',
      docId: 'globex/doc/billing/seats',
      tenantId: 'globex',
    })
  })

  test('a chunk id and a path of another tenant disagree: ambiguous, whatever the order of the fields', () => {
    const r = resolve({ chunkId: SEATS_LIMITS, path: 'tenants/globex/docs/billing/seats.md' }, 'acme')
    expect(r).toMatchObject({ resolved: false, ambiguous: { tenants: ['acme', 'globex'] } })
    // Fields of one tenant that agree keep the finer field's level: the locator's section [116, 205).
    const agreed = resolve(
      {
        locator: { kind: 'doc', slug: 'billing/seats', heading: 'Plans > Limits' },
        path: 'tenants/acme/docs/billing/seats.md',
      },
      'globex',
    )
    expect(agreed).toMatchObject({
      resolved: true,
      level: 'span',
      docId: 'acme/doc/billing/seats',
      start: 116,
      end: 205,
    })
  })
})

describe('the case record', () => {
  test('records disagreements and ambiguous references in sources.problems, apart from the unresolved ones', () => {
    const refs: SourceReference[] = [
      { path: 'tenants/acme/docs/getting-started.md', text: ACME_TEXT },
      { docId: 'billing/seats' },
      { docId: 'KB-404' },
    ]
    const tally = tallySources({
      output: { retrieved: refs },
      retrieved: refs.map((r) => resolve(r, 'acme')),
      shown: [],
    })
    expect(tally).toEqual({
      references: 3,
      unresolvedCount: 1,
      unresolved: ['docId "KB-404"'],
      via: { text: 1 },
      ambiguous: 1,
      problems: [
        `text ${JSON.stringify(ACME_TEXT)} is acme/doc/billing/seats, but path "tenants/acme/docs/getting-started.md" is acme/doc/getting-started`,
        'docId "billing/seats" is ambiguous between tenants acme, globex (acme/doc/billing/seats, globex/doc/billing/seats)',
      ],
    })
  })
})

describe('the tenancy policy', () => {
  test('strict (default) never takes the label; label takes it only when it names one of the tenants', () => {
    const ref = { docId: 'billing/seats', tenantId: 'globex' }
    expect(resolve(ref, 'acme')).toMatchObject({ resolved: false, ambiguous: { tenants: ['acme', 'globex'] } })
    const byLabel = createSourceResolver(mini.corpus.documents, mini.chunks, undefined, { tenancy: 'label' })
    expect(byLabel(ref, 'acme')).toMatchObject({
      resolved: true,
      docId: 'globex/doc/billing/seats',
      tieBrokenBy: 'label',
    })
    expect(byLabel({ docId: 'billing/seats', tenantId: 'initech' }, 'acme')).toMatchObject({
      resolved: false,
      ambiguous: { tenants: ['acme', 'globex'] },
    })
    // A label never settles fields that disagree.
    expect(
      byLabel({ chunkId: SEATS_LIMITS, path: 'tenants/globex/docs/billing/seats.md', tenantId: 'acme' }, 'acme'),
    ).toMatchObject({ resolved: false })
  })

  test('another layout names its tenant segment with tenantPattern', () => {
    const custom = createSourceResolver(mini.corpus.documents, mini.chunks, undefined, {
      tenantPattern: '^([a-z]+)\\.help\\.example\\.com/',
    })
    expect(custom({ url: 'https://globex.help.example.com/billing/seats' }, 'acme')).toMatchObject({
      resolved: true,
      docId: 'globex/doc/billing/seats',
    })
    // Under the default pattern the host is no tenant: the shared key stays ambiguous.
    expect(resolve({ url: 'https://globex.help.example.com/billing/seats' }, 'acme')).toMatchObject({
      resolved: false,
      ambiguous: { tenants: ['acme', 'globex'] },
    })
  })
})

describe('the leak check names the evidence', () => {
  const leakCase = GoldenCaseSchema.parse({
    case_id: 'L1',
    query: 'How many seats?',
    tenant_id: 'acme',
    case_type: 'out_of_scope',
    expected_sources: [],
  })
  const check = (retrieved: Array<SourceReference & { tenantId?: string }>) => {
    const output = { retrieved }
    const resolved: ResolvedOutput = { output, retrieved: retrieved.map((r) => resolve(r, 'acme')), shown: [] }
    return checkNoTenantLeak(resolved, leakCase)
  }

  test("a path in another tenant's folder is that tenant's document, and the right label is not blamed", () => {
    expect(check([{ path: '/srv/kb/tenants/globex/docs/billing/seats.md', tenantId: 'globex' }])).toEqual({
      applies: true,
      passed: false,
      message:
        'retrieved #1 path "/srv/kb/tenants/globex/docs/billing/seats.md" is globex\'s billing/seats, in tenant "globex", not the case\'s tenant "acme"',
    })
  })

  test('a wrong label is blamed with the evidence that contradicts it', () => {
    expect(check([{ path: 'tenants/acme/docs/billing/seats.md', tenantId: 'globex' }])).toMatchObject({
      passed: false,
      message:
        'retrieved #1 path "tenants/acme/docs/billing/seats.md" is acme\'s billing/seats, but the system labelled it tenant "globex"',
    })
  })

  test('an ambiguous key fails and says how to disambiguate', () => {
    const outcome = check([{ docId: 'billing/seats' }])
    expect(outcome).toMatchObject({ passed: false })
    expect(outcome.applies && outcome.message).toMatch(
      /^retrieved #1 docId "billing\/seats" is ambiguous: it fits tenants "acme", "globex" \(acme\/doc\/billing\/seats, globex\/doc\/billing\/seats\); send the passage text, a tenant-qualified id or path/,
    )
  })
})

describe('records of a JSON Lines file', () => {
  test("resolve from the file and a line (a #L fragment or a line field) in the file's tenant, or by record id", () => {
    // acme's changelog.jsonl: line 1 CL-2025-014, line 2 CL-2025-009; tickets.jsonl line 1 TCK-1042.
    expect(resolve({ path: '/srv/kb/tenants/acme/changelog.jsonl#L2' }, 'acme')).toMatchObject({
      resolved: true,
      docId: 'acme/changelog/CL-2025-009',
    })
    expect(resolve({ path: 'tenants/acme/tickets.jsonl', line: 1 }, 'acme')).toMatchObject({
      resolved: true,
      docId: 'acme/ticket/TCK-1042',
    })
    expect(resolve({ url: 'https://kb.example.com/tenants/globex/tickets.jsonl#L1' }, 'acme')).toMatchObject({
      resolved: true,
      docId: 'globex/ticket/GX-7',
      tenantId: 'globex',
    })
    // A file without a line names no one record; a line past the end names nothing.
    expect(resolve({ path: 'tenants/acme/changelog.jsonl' }, 'acme')).toMatchObject({ resolved: false })
    expect(resolve({ path: 'tenants/acme/changelog.jsonl', line: 3 }, 'acme')).toMatchObject({ resolved: false })
    // A record id resolves wherever it is: a docId or the end of a path.
    expect(resolve({ docId: 'TCK-1042' }, 'globex')).toMatchObject({ resolved: true, docId: 'acme/ticket/TCK-1042' })
    expect(resolve({ path: 'support/tickets/GX-7' }, 'acme')).toMatchObject({
      resolved: true,
      docId: 'globex/ticket/GX-7',
    })
  })
})

describe("a field swapped to the asking tenant never passes as the asking tenant's document", async () => {
  const sample = await prepareCorpus({ kind: 'kb', root: join(repoRoot, 'evals/sample-kb') }, 'structural')
  const sampleResolve = createSourceResolver(sample.corpus.documents, sample.chunks)
  const docs = sample.corpus.documents.filter((d) => d.kind === 'doc')
  // Pairs of same-named docs of two tenants: the foreign one (what leaked) and the asking tenant's.
  const pairs = docs.flatMap((foreign) =>
    docs.filter((own) => own.key === foreign.key && own.tenantId !== foreign.tenantId).map((own) => ({ foreign, own })),
  )
  // Each field from one document: a chunk of it (one with 40+ characters, so its last 80 are a passage the
  // resolver reads as text, MIN_TEXT_MATCH being 20), its id, its file path in the kb layout, that passage.
  const fieldsOf = (doc: (typeof docs)[number], at: number): SourceReference => {
    const own = sample.chunks.filter((c) => c.docId === doc.id && c.text.trim().length >= 40)
    const chunk = own[at % own.length]!
    return {
      chunkId: chunk.id,
      docId: doc.id,
      path: `/srv/app/evals/sample-kb/tenants/${doc.tenantId}/docs/${doc.key}.md`,
      text: chunk.text.trim().slice(-80),
    }
  }
  const names = ['chunkId', 'docId', 'path', 'text'] as const

  test('for random pairs, field sets and swaps, resolution is the foreign document or ambiguous, and the leak check fails', () => {
    expect(pairs.length).toBeGreaterThan(10)
    fc.assert(
      fc.property(
        fc.nat(pairs.length - 1),
        fc.subarray([...names], { minLength: 2 }),
        fc.nat(),
        fc.nat(),
        (p, fields, swapAt, chunkAt) => {
          const { foreign, own } = pairs[p]!
          const from = fieldsOf(foreign, chunkAt)
          const to = fieldsOf(own, chunkAt)
          const swapped = fields[swapAt % fields.length]!
          // A foreign passage the own document also holds (a shared heading) is no evidence of the foreign tenant.
          fc.pre(!(fields.includes('text') && swapped !== 'text' && own.text.includes(from.text ?? '')))
          const ref: SourceReference = {}
          for (const f of fields) ref[f] = (f === swapped ? to[f] : from[f]) as string
          const r = sampleResolve(ref, own.tenantId)
          expect(r.resolved && r.tenantId === own.tenantId).toBe(false)
          const leakCase = GoldenCaseSchema.parse({
            case_id: 'P',
            query: 'q',
            tenant_id: own.tenantId,
            case_type: 'out_of_scope',
            expected_sources: [],
          })
          expect(
            checkNoTenantLeak({ output: { retrieved: [ref] }, retrieved: [r], shown: [] }, leakCase),
          ).toMatchObject({ passed: false })
        },
      ),
      { numRuns: 300, seed: 2126 },
    )
  })
})
