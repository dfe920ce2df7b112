/**
 * Resolving what a system names against the harness's own corpus (test/fixtures/kb-mini: tenants acme and
 * globex), every field looked up in every tenant, then weighed: exact id, locator / key / URL / path, the user's
 * sourceMap, the passage text.
 */
import { describe, expect, test } from 'vitest'
import { prepareCorpus } from '../../../src/corpus/prepare-corpus.ts'
import { createSourceResolver } from '../../../src/system/sources/resolve-source.ts'
import { sourceMapFromTable } from '../../../src/system/sources/source-map.ts'
import { documentQrels, levelOf, rankingAtLevel } from '../../../src/system/sources/level-ranking.ts'
import { addCase, emptyTally, shouldStop, unresolvedMessage } from '../../../src/system/sources/unresolved-budget.ts'
import { repoRoot } from '../../helpers/run-vitest.ts'
import { join } from 'node:path'

const prepared = await prepareCorpus({ kind: 'kb', root: join(repoRoot, 'test/fixtures/kb-mini') }, 'structural')
const SEATS_LIMITS = 'acme/doc/billing/seats#30a5cf6cd914381e' // "### Limits" under "## Plans", [116, 205)
const resolve = createSourceResolver(
  prepared.corpus.documents,
  prepared.chunks,
  sourceMapFromTable({
    'KB-16': 'globex/doc/billing/seats',
    'KB-17': 'billing/seats',
    'KB-99': { kind: 'ticket', ticket: 'GX-7' },
  }),
)

describe('resolving a source reference', () => {
  test('an exact harness chunk id resolves at chunk level, with its true tenant', () => {
    expect(resolve({ chunkId: SEATS_LIMITS, tenantId: 'globex' } as never, 'acme')).toMatchObject({
      resolved: true,
      via: 'id',
      level: 'chunk',
      docId: 'acme/doc/billing/seats',
      tenantId: 'acme',
      chunkIds: [SEATS_LIMITS],
      start: 116,
      end: 205,
    })
  })

  test("a document key two tenants share is ambiguous from either tenant, never the asking one's", () => {
    // billing/seats exists in acme and globex: the old rule handed each case its own tenant's document.
    const ambiguous = {
      resolved: false,
      reference: 'docId "billing/seats"',
      ambiguous: { tenants: ['acme', 'globex'], docIds: ['acme/doc/billing/seats', 'globex/doc/billing/seats'] },
    }
    expect(resolve({ docId: 'billing/seats' }, 'acme')).toEqual(ambiguous)
    expect(resolve({ docId: 'billing/seats' }, 'globex')).toEqual(ambiguous)
    // A key only one tenant has is that tenant's: getting-started is acme's alone.
    expect(resolve({ docId: 'getting-started' }, 'globex')).toMatchObject({
      resolved: true,
      via: 'locator',
      level: 'document',
      docId: 'acme/doc/getting-started',
      tenantId: 'acme',
      evidence: 'docId "getting-started"',
    })
  })

  test('URLs and paths resolve by their tenants/<tenant>/ segment and the longest document key they end with', () => {
    expect(
      resolve({ url: 'https://help.example.com/tenants/globex/docs/billing/seats?x=1#limits' }, 'acme'),
    ).toMatchObject({ level: 'document', docId: 'globex/doc/billing/seats', tenantId: 'globex' })
    expect(resolve({ path: '/srv/kb/tenants/acme/docs/billing/seats.md' }, 'globex')).toMatchObject({
      docId: 'acme/doc/billing/seats',
      evidence: 'path "/srv/kb/tenants/acme/docs/billing/seats.md"',
    })
    expect(resolve({ path: 'C:\\kb\\tenants\\globex\\docs\\billing\\seats.md' }, 'acme')).toMatchObject({
      docId: 'globex/doc/billing/seats',
    })
    expect(resolve({ path: 'kb\\docs\\getting-started.md' }, 'acme')).toMatchObject({
      docId: 'acme/doc/getting-started',
    })
    // No tenant segment and a shared key: ambiguous; a tenant segment the corpus does not have: nothing.
    expect(resolve({ path: 'docs/billing/seats.md' }, 'acme')).toMatchObject({
      resolved: false,
      ambiguous: { tenants: ['acme', 'globex'] },
    })
    expect(resolve({ path: 'tenants/initech/docs/billing/seats.md' }, 'acme')).toEqual({
      resolved: false,
      reference: 'path "tenants/initech/docs/billing/seats.md"',
    })
    expect(resolve({ path: 'docs/seats.md' }, 'acme')).toMatchObject({
      resolved: false,
      reference: 'path "docs/seats.md"',
    })
  })

  test('a locator with a heading resolves at span level to the chunks of that section', () => {
    const r = resolve({ locator: { kind: 'doc', slug: 'billing/seats', heading: 'Plans > Limits' } }, 'acme')
    expect(r).toMatchObject({ via: 'locator', level: 'span', start: 116, end: 205, chunkIds: [SEATS_LIMITS] })
  })

  test("a locator names another tenant's source when only that tenant has it (the truth, for the leak check)", () => {
    expect(resolve({ locator: { kind: 'ticket', ticket: 'GX-7' } }, 'acme')).toMatchObject({
      resolved: true,
      tenantId: 'globex',
      docId: 'globex/ticket/GX-7',
    })
  })

  test('own ids resolve through the sourceMap table, to an id, a key or a locator', () => {
    expect(resolve({ docId: 'KB-16' }, 'acme')).toMatchObject({
      via: 'source_map',
      level: 'document',
      docId: 'globex/doc/billing/seats',
      tenantId: 'globex',
    })
    // A mapped key two tenants share is as ambiguous as the key itself.
    expect(resolve({ docId: 'KB-17' }, 'acme')).toMatchObject({
      resolved: false,
      ambiguous: { tenants: ['acme', 'globex'] },
    })
    expect(resolve({ chunkId: 'KB-99' }, 'acme')).toMatchObject({ via: 'source_map', tenantId: 'globex' })
    expect(resolve({ docId: 'KB-18' }, 'acme')).toEqual({ resolved: false, reference: 'docId "KB-18"' })
  })

  test('passage text resolves to the span it occupies; a short or absent text resolves to nothing', () => {
    // "Team allows 50 seats." sits in the Limits chunk [116, 205) of acme/doc/billing/seats.
    const r = resolve({ text: 'Starter allows 5 seats. Team allows 50 seats.' }, 'acme')
    expect(r).toMatchObject({ via: 'text', level: 'span', docId: 'acme/doc/billing/seats', chunkIds: [SEATS_LIMITS] })
    expect(resolve({ text: 'Team allows' }, 'acme')).toMatchObject({ resolved: false })
    expect(resolve({ text: 'Team allows 5000 seats on Tuesdays.' }, 'acme')).toMatchObject({ resolved: false })
  })

  test('a nonexistent chunk id of harness shape is not widened to its document', () => {
    expect(resolve({ chunkId: 'acme/doc/billing/seats#0000000000000000' }, 'acme')).toMatchObject({ resolved: false })
  })
})

describe('scoring at the level the system gave', () => {
  const expected = [
    { chunkId: SEATS_LIMITS, grade: 3 },
    { chunkId: 'acme/doc/billing/seats#1a9e438514f108a4', grade: 1 },
    { chunkId: 'acme/changelog/CL-2025-014#982fb7411245770a', grade: 2 },
  ]
  const docOf = (id: string) => prepared.chunkById.get(id)?.docId

  test("document qrels take the best grade of each document's expected chunks", () => {
    // seats: max(3, 1) = 3; the changelog entry: 2.
    expect(documentQrels(expected, docOf)).toEqual(
      new Map([
        ['acme/doc/billing/seats', 3],
        ['acme/changelog/CL-2025-014', 2],
      ]),
    )
  })

  test('the coarsest unit decides the level; unresolved items keep their rank as misses', () => {
    const items = [
      resolve({ docId: 'KB-18' }, 'acme'),
      resolve({ docId: 'acme/doc/billing/seats' }, 'acme'),
      resolve({ chunkId: SEATS_LIMITS }, 'acme'),
    ]
    expect(levelOf(items)).toBe('document')
    const ranking = rankingAtLevel(items, expected, docOf)
    expect(ranking.ranked).toEqual(['unresolved:1', 'acme/doc/billing/seats', 'acme/doc/billing/seats'])
    expect(levelOf([items[2]!])).toBe('chunk')
  })

  test('span level: each passage stands for the best expected chunk it overlaps, credited once', () => {
    const whole = resolve({ locator: { kind: 'doc', slug: 'billing/seats', heading: 'Plans' } }, 'acme') // [62, 205): two chunks
    const limits = resolve({ text: 'Starter allows 5 seats. Team allows 50 seats.' }, 'acme')
    const ranking = rankingAtLevel([whole, limits], expected, docOf)
    expect(ranking.level).toBe('span')
    // The first passage takes the grade-3 chunk; the second overlaps only that one, so it repeats it (no gain).
    expect(ranking.ranked).toEqual([SEATS_LIMITS, SEATS_LIMITS])
  })
})

describe('stopping a run on unresolved sources', () => {
  test('more than 20% unresolved after 5 cases stops, with examples and how to map', () => {
    let tally = emptyTally()
    for (let i = 1; i <= 4; i++)
      tally = addCase(tally, {
        caseId: `C${i}`,
        references: 10,
        unresolvedCount: i === 1 ? 3 : 0,
        unresolved: i === 1 ? ['docId "KB-1"', 'docId "KB-2"', 'docId "KB-3"'] : [],
      })
    expect(shouldStop(tally)).toBe(false) // 4 cases: too early
    tally = addCase(tally, {
      caseId: 'C5',
      references: 10,
      unresolvedCount: 8,
      unresolved: Array.from({ length: 8 }, (_, i) => `docId "KB-${i + 10}"`),
    })
    // 5 cases, 50 references, 3 + 8 = 11 unresolved: 0.22 > 0.2.
    expect(shouldStop(tally)).toBe(true)
    const message = unresolvedMessage(tally)
    expect(message).toContain(
      '11 of 50 source references (22%) in the first 5 cases (in golden order) name nothing in the corpus, so 22% of what the system retrieved would score 0 for that reason alone.',
    )
    expect(message).toContain('C1: docId "KB-1"')
    expect(message).toContain('sourceMap')
    // Exactly 20% does not stop.
    let edge = emptyTally()
    for (let i = 0; i < 5; i++)
      edge = addCase(edge, { caseId: `E${i}`, references: 10, unresolvedCount: 2, unresolved: ['a', 'b'] })
    expect(shouldStop(edge)).toBe(false)
  })
})
