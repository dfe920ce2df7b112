import { resolve } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { UnresolvedLocatorsError, assertLocatorsResolved, resolveLocators } from '../../src/cases/resolve-locators.ts'
import { GoldenCaseSchema, type GoldenCase } from '../../src/cases/schema.ts'
import { chunkDocuments, parseChunkerSpec } from '../../src/corpus/chunk.ts'
import { loadKnowledgeBase } from '../../src/corpus/load-kb.ts'
import type { Chunk, SourceDocument } from '../../src/corpus/types.ts'

const KB = resolve(import.meta.dirname, '../fixtures/kb-mini')

let documents: SourceDocument[]
let chunks: Chunk[]
beforeAll(async () => {
  documents = (await loadKnowledgeBase(KB)).documents
  chunks = chunkDocuments(documents, parseChunkerSpec('structural'))
})

function goldenCase(id: string, sources: unknown[], extra: Record<string, unknown> = {}): GoldenCase {
  return GoldenCaseSchema.parse({
    case_id: id,
    case_type: 'normal',
    tenant_id: 'acme',
    query: 'q',
    answerable: true,
    question_type: 'simple',
    popularity: 'head',
    dynamism: 'static',
    expected_sources: sources,
    ...extra,
  })
}

/** The `[start, end)` of every expected chunk of a case, from the structural chunks of kb-mini. */
function expectedOffsets(
  caseId: string,
  result: ReturnType<typeof resolveLocators>,
): Array<[string, number, number, number]> {
  return (result.expected.get(caseId) ?? []).map((e) => {
    const chunk = chunks.find((c) => c.id === e.chunkId)
    return [chunk?.docId ?? '?', chunk?.start ?? -1, chunk?.end ?? -1, e.grade]
  })
}

describe('resolveLocators', () => {
  test('a doc locator without heading covers every chunk of the doc', () => {
    const result = resolveLocators(
      [goldenCase('A', [{ locator: { kind: 'doc', slug: 'billing/seats' } }])],
      documents,
      chunks,
    )
    expect(result.problems).toEqual([])
    // seats.md has 5 headings -> 5 structural chunks, at the heading offsets 0, 62, 116, 205, 269.
    expect(expectedOffsets('A', result).map(([, s]) => s)).toEqual([0, 62, 116, 205, 269])
    expect(result.spans.get('A')).toEqual([{ docId: 'acme/doc/billing/seats', start: 0, end: 322, grade: 3 }])
  })

  test('a doc heading covers its section and subsections only', () => {
    const result = resolveLocators(
      [goldenCase('A', [{ locator: { kind: 'doc', slug: 'billing/seats', heading: 'Plans' } }])],
      documents,
      chunks,
    )
    // "## Plans" spans [62, 205): the Plans chunk and its "### Limits" chunk, not the Invoices ones.
    expect(expectedOffsets('A', result)).toEqual([
      ['acme/doc/billing/seats', 62, 116, 3],
      ['acme/doc/billing/seats', 116, 205, 3],
    ])
  })

  test('a heading path picks one of two same-named sections', () => {
    const result = resolveLocators(
      [goldenCase('A', [{ locator: { kind: 'doc', slug: 'billing/seats', heading: 'Invoices > Limits' }, grade: 2 }])],
      documents,
      chunks,
    )
    expect(result.problems).toEqual([])
    expect(expectedOffsets('A', result)).toEqual([['acme/doc/billing/seats', 269, 322, 2]])
  })

  test('an ambiguous heading is a problem that lists every matching section', () => {
    const result = resolveLocators(
      [goldenCase('A', [{ locator: { kind: 'doc', slug: 'billing/seats', heading: 'Limits' } }])],
      documents,
      chunks,
    )
    expect(result.problems).toHaveLength(1)
    expect(result.problems[0]?.code).toBe('ambiguous_heading')
    expect(result.problems[0]?.message).toContain(
      '"Seats and billing > Plans > Limits", "Seats and billing > Invoices > Limits"',
    )
  })

  test('changelog and ticket locators resolve to their one chunk', () => {
    const result = resolveLocators(
      [
        goldenCase('A', [
          { locator: { kind: 'changelog', entry: 'CL-2025-014' } },
          { locator: { kind: 'ticket', ticket: 'TCK-1042' }, grade: 1 },
        ]),
      ],
      documents,
      chunks,
    )
    expect(result.problems).toEqual([])
    expect(expectedOffsets('A', result)).toEqual([
      ['acme/changelog/CL-2025-014', 0, 96, 3],
      ['acme/ticket/TCK-1042', 0, 166, 1],
    ])
  })

  test('document locators resolve by id, whole or narrowed to a span', () => {
    const docs: SourceDocument[] = [
      {
        id: 'default/document/d1',
        key: 'd1',
        tenantId: 'default',
        kind: 'document',
        title: 'D1',
        text: 'alpha beta gamma delta epsilon zeta',
      },
    ]
    const fixed = chunkDocuments(docs, parseChunkerSpec('fixed:12/0'))
    // fixed:12/0 over the 35 characters: [0,11) "alpha beta ", [11,23) "gamma delta ", [23,35) "epsilon zeta".
    expect(fixed.map((c) => [c.start, c.end])).toEqual([
      [0, 11],
      [11, 23],
      [23, 35],
    ])
    const cases = [
      goldenCase('whole', [{ locator: { kind: 'document', id: 'd1' } }], { tenant_id: 'default' }),
      goldenCase('span', [{ locator: { kind: 'document', id: 'd1', span: [17, 22] } }], { tenant_id: 'default' }), // "delta"
      goldenCase('full-id', [{ locator: { kind: 'document', id: 'default/document/d1', span: [0, 5] } }], {
        tenant_id: 'default',
      }),
    ]
    const result = resolveLocators(cases, docs, fixed)
    expect(result.problems).toEqual([])
    expect(result.expected.get('whole')?.map((e) => e.chunkId)).toEqual(fixed.map((c) => c.id))
    expect(result.expected.get('span')?.map((e) => e.chunkId)).toEqual([fixed[1]?.id])
    expect(result.expected.get('full-id')?.map((e) => e.chunkId)).toEqual([fixed[0]?.id])
    expect(result.spans.get('span')).toEqual([{ docId: 'default/document/d1', start: 17, end: 22, grade: 3 }])
  })

  test('a chunk hit by several locators keeps the highest grade', () => {
    const result = resolveLocators(
      [
        goldenCase('A', [
          { locator: { kind: 'doc', slug: 'billing/seats' }, grade: 1 },
          { locator: { kind: 'doc', slug: 'billing/seats', heading: 'Plans > Limits' }, grade: 3 },
        ]),
      ],
      documents,
      chunks,
    )
    expect(expectedOffsets('A', result).map(([, s, , g]) => [s, g])).toEqual([
      [0, 1],
      [62, 1],
      [116, 3],
      [205, 1],
      [269, 1],
    ])
  })

  test('an expected source with its own tenant is looked up there', () => {
    const result = resolveLocators(
      [goldenCase('A', [{ locator: { kind: 'doc', slug: 'billing/seats' }, tenant: 'globex' }])],
      documents,
      chunks,
    )
    expect(expectedOffsets('A', result)).toEqual([['globex/doc/billing/seats', 0, 45, 3]])
  })

  test('every unresolved locator is reported together with its case, file:line and a fix, and fails loudly', () => {
    const cases = [
      goldenCase('bad-1', [
        { locator: { kind: 'doc', slug: 'billing/seat' } },
        { locator: { kind: 'doc', slug: 'billing/seats', heading: 'Plan' } },
        { locator: { kind: 'changelog', entry: 'CL-2025-015' } },
      ]),
      goldenCase('bad-2', [
        { locator: { kind: 'ticket', ticket: 'GX-7' } },
        { locator: { kind: 'document', id: 'acme/doc/billing/seats', span: [0, 999] } },
      ]),
    ]
    const files = new Map([
      ['bad-1', { file: 'golden/x.golden.jsonl', line: 3 }],
      ['bad-2', { file: 'golden/x.golden.jsonl', line: 4 }],
    ])
    const result = resolveLocators(cases, documents, chunks, files)
    expect(result.problems.map((p) => [p.line, p.path, p.code, p.fix])).toEqual([
      [3, 'expected_sources[0].locator', 'unknown_slug', 'did you mean "billing/seats"?'],
      [3, 'expected_sources[1].locator', 'unknown_heading', 'did you mean "Plans"?'],
      [3, 'expected_sources[2].locator', 'unknown_entry', 'did you mean "CL-2025-014"?'],
      [
        4,
        'expected_sources[0].locator',
        'unknown_ticket',
        'it exists in tenant "globex"; if the case belongs there, set the case\'s "tenant_id" to "globex"',
      ],
      [4, 'expected_sources[1].locator', 'span_out_of_range', 'keep end <= 322'],
    ])
    expect(() => assertLocatorsResolved(result)).toThrow(UnresolvedLocatorsError)
    const error = (() => {
      try {
        assertLocatorsResolved(result)
      } catch (e) {
        return e as UnresolvedLocatorsError
      }
    })()
    expect(error?.code).toBe('VITEST_RAG_UNRESOLVED_LOCATORS')
    // 5 problems: unknown slug, heading, entry, ticket (1 each) and a span out of range.
    expect(error?.message.split('\n')[0]).toBe(
      'vitest-rag: 5 golden-case problems against the corpus (unknown slug: 1, unknown heading: 1, unknown entry: 1, unknown ticket: 1, span out of range: 1); fix the golden file or the corpus:',
    )
    expect(error?.message).toContain(
      'golden/x.golden.jsonl:3: expected_sources[0].locator: case "bad-1": no doc "billing/seat" in tenant "acme"',
    )
  })

  test('every case tenant and expected-source tenant must exist, abstaining cases included, with the closest name', () => {
    const cases = [
      goldenCase('typo', [], { case_type: 'out_of_scope', answerable: false, tenant_id: 'acmee' }),
      goldenCase('src', [{ locator: { kind: 'doc', slug: 'billing/seats' }, tenant: 'nowhere' }]),
    ]
    const result = resolveLocators(
      cases,
      documents,
      chunks,
      new Map([['typo', { file: 'golden/x.golden.jsonl', line: 7 }]]),
    )
    expect(result.problems.map((p) => [p.line, p.path, p.code, p.message, p.fix])).toEqual([
      [
        7,
        'tenant_id',
        'unknown_tenant',
        'case "typo": tenant "acmee" does not exist in the corpus (tenants: "acme", "globex")',
        'did you mean "acme"?',
      ],
      [
        undefined,
        'expected_sources[0].tenant',
        'unknown_tenant',
        'case "src": tenant "nowhere" does not exist in the corpus (tenants: "acme", "globex")',
        'use one of the corpus\'s tenants (a BEIR corpus has one: its `corpus.tenant` option, default "default")',
      ],
    ])
    // The error's heading says what the problems are, not "locators did not resolve".
    expect(() => assertLocatorsResolved(result)).toThrow(
      /^vitest-rag: 2 golden-case problems against the corpus \(unknown tenant: 2\); fix the golden file or the corpus:\n/,
    )
  })

  test('a case that expects nothing resolves to an empty list', () => {
    const c = goldenCase('oos', [], { case_type: 'out_of_scope', answerable: false })
    const result = resolveLocators([c], documents, chunks)
    expect(result.expected.get('oos')).toEqual([])
    expect(result.problems).toEqual([])
  })
})
