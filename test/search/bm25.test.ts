import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { bm25Idf, buildBm25Index } from '../../src/search/bm25.ts'
import { wasmPostingsMin } from '../../src/search/bm25-parts.ts'
import { bm25KernelModule } from '../../src/search/wasm/wasm-bm25.ts'
import { referenceBm25 } from './reference-bm25.ts'

const split = (text: string): string[] => text.split(' ').filter(Boolean)

describe('buildBm25Index', () => {
  test('Lucene idf is ln(1 + (N - df + 0.5) / (df + 0.5))', () => {
    // N = 3, df = 1: ln(1 + 2.5 / 1.5) = ln(2.6667) = 0.98083
    expect(bm25Idf(3, 1)).toBeCloseTo(0.980829, 6)
    // N = 3, df = 3: ln(1 + 0.5 / 3.5) = ln(1.142857) = 0.133531 (still positive)
    expect(bm25Idf(3, 3)).toBeCloseTo(0.133531, 6)
  })

  test('a one-term query scores a hand-computed value', () => {
    // Docs (tenant t): a = "x y" (dl 2), b = "y y y z" (dl 4), c = "z" (dl 1); avgdl = 7/3.
    // Query "x": df 1, idf = ln(1 + 2.5/1.5) = 0.980829; a: tf 1, norm = 0.25 + 0.75 * 2 / (7/3) = 0.892857
    // score = 0.980829 * 1 * 2.2 / (1 + 1.2 * 0.892857) = 2.157824 / 2.071429 = 1.041708
    const index = buildBm25Index(
      [
        { id: 'a', tenantId: 't', text: 'x y' },
        { id: 'b', tenantId: 't', text: 'y y y z' },
        { id: 'c', tenantId: 't', text: 'z' },
      ],
      undefined,
      split,
    )
    const hits = index.search('x', 't', 10)
    expect(hits).toHaveLength(1)
    expect(hits[0]?.score).toBeCloseTo(1.041708, 5)
  })

  // Small vocabulary: query terms touch most documents (dense accumulation). Large vocabulary, more documents:
  // query terms are rare (sparse accumulation over touched documents only).
  test.each([
    ['dense', 8, 25, 12],
    ['sparse', 60, 120, 4],
  ] as const)(
    'scores and order equal the slow reference implementation to 1e-9 relative (property, %s mode)',
    (_mode, vocabSize, maxDocs, maxTerms) => {
      const word = fc.integer({ min: 0, max: vocabSize - 1 }).map((i) => `w${i}`)
      const doc = fc.record({
        tenantId: fc.constantFrom('t1', 't2'),
        terms: fc.array(word, { minLength: 1, maxLength: maxTerms }),
      })
      fc.assert(
        fc.property(
          fc.array(doc, { minLength: 1, maxLength: maxDocs }),
          fc.array(word, { minLength: 1, maxLength: 4 }),
          (raw, query) => {
            const docs = raw.map((d, i) => ({
              id: `d${String(i).padStart(3, '0')}`,
              tenantId: d.tenantId,
              terms: d.terms,
            }))
            const index = buildBm25Index(
              docs.map((d) => ({ id: d.id, tenantId: d.tenantId, text: d.terms.join(' ') })),
              undefined,
              split,
            )
            for (const tenantId of ['t1', 't2']) {
              if (!docs.some((d) => d.tenantId === tenantId)) continue
              const expected = referenceBm25(docs, query, tenantId)
              const got = index
                .search(query.join(' '), tenantId, 1000)
                .map((h) => ({ id: index.parts.layout.chunkIds[h.row], score: h.score }))
              expect(got.map((g) => g.id)).toEqual(expected.map((e) => e.id))
              got.forEach((g, i) =>
                expect(Math.abs(g.score - expected[i]!.score)).toBeLessThanOrEqual(1e-9 * expected[i]!.score),
              )
            }
          },
        ),
        { numRuns: 150, seed: 42 },
      )
    },
  )

  test('equal scores rank by chunk id ascending whatever the insertion order', () => {
    const chunks = ['c3', 'c1', 'c2'].map((id) => ({ id, tenantId: 't', text: 'same words here' }))
    const index = buildBm25Index(chunks, undefined, split)
    expect(index.search('words', 't', 2).map((h) => index.parts.layout.chunkIds[h.row])).toEqual(['c1', 'c2'])
  })

  test('statistics are per tenant: adding another tenant leaves a tenant scores unchanged', () => {
    const own = [
      { id: 'a', tenantId: 'acme', text: 'refund policy' },
      { id: 'b', tenantId: 'acme', text: 'shipping policy' },
    ]
    const alone = buildBm25Index(own, undefined, split).search('refund', 'acme', 5)
    const other = Array.from({ length: 20 }, (_, i) => ({
      id: `z${i}`,
      tenantId: 'zeta',
      text: 'refund refund refund',
    }))
    const withOther = buildBm25Index([...own, ...other], undefined, split)
    const mixed = withOther.search('refund', 'acme', 5)
    expect(mixed.map((h) => h.score)).toEqual(alone.map((h) => h.score))
    expect(mixed.map((h) => withOther.parts.layout.chunkIds[h.row])).toEqual(['a'])
  })

  test('an unknown tenant and an unknown term return no hits', () => {
    const index = buildBm25Index([{ id: 'a', tenantId: 't', text: 'x' }], undefined, split)
    expect(index.search('x', 'nobody', 5)).toEqual([])
    expect(index.search('nothing', 't', 5)).toEqual([])
  })

  test('early termination (Zipf corpus, rare + common query terms) returns the reference ids and scores bit for bit, reading fewer postings', () => {
    // 600 docs of 30 words from a Zipf-like vocabulary: w0..w4 occur in nearly every doc, w100+ in a few.
    let seed = 9
    const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32
    const word = () => `w${Math.floor(Math.exp(rand() * Math.log(400))) - 1}`
    const docs = Array.from({ length: 600 }, (_, i) => ({
      id: `d${String(i).padStart(3, '0')}`,
      tenantId: 't',
      terms: Array.from({ length: 30 }, word),
    }))
    const index = buildBm25Index(
      docs.map((d) => ({ id: d.id, tenantId: d.tenantId, text: d.terms.join(' ') })),
      undefined,
      split,
    )
    // These queries read 500-2500 postings: under the plain-path limit, so pruning is forced on here.
    index.plainPostings = 0
    const queries = [
      ['w150', 'w0', 'w1'],
      ['w0', 'w2', 'w2', 'w3'],
      ['w399', 'w0'],
      ['w7', 'w12', 'w0', 'w1', 'w2'],
      ['w250', 'w260', 'w1'],
    ]
    let postings = 0
    const { terms, postingStart } = index.parts
    const reference = queries.map((query) => referenceBm25(docs, query, 't').slice(0, 5))
    for (const [q, query] of queries.entries()) {
      const expected = reference[q]
      const got = index
        .search(query.join(' '), 't', 5)
        .map((h) => ({ id: index.parts.layout.chunkIds[h.row], score: h.score }))
      // Same formula, same summation order (query terms in first-occurrence order): identical doubles.
      expect(got).toEqual(expected)
      for (const term of new Set(query)) {
        const j = terms.indexOf(term)
        if (j >= 0) postings += postingStart[j + 1]! - postingStart[j]!
      }
    }
    expect(index.stats.scoredPostings).toBeLessThan(postings)
    // Every other pass returns the same doubles: the dense pass (the default for queries this small over 600 rows:
    // 600 <= 4 rows per posting), the plain pass (dense off), each with the precomputed impacts and without them
    // (impact computed per posting, as over 16M postings), and pruning without them. The small passes read every
    // posting exactly once.
    const impacts = index.impacts
    const passes: Array<[string, number, number, boolean]> = [
      ['dense', 4096, 4, true],
      ['plain', 4096, 0, true],
      ['plain, no impacts', 4096, 4, false],
      ['pruned, no impacts', 0, 4, false],
    ]
    for (const [name, plainPostings, denseRowsPerPosting, withImpacts] of passes) {
      index.plainPostings = plainPostings
      index.denseRowsPerPosting = denseRowsPerPosting
      index.impacts = withImpacts ? impacts : undefined
      index.stats.scoredPostings = 0
      for (const [q, query] of queries.entries()) {
        const got = index
          .search(query.join(' '), 't', 5)
          .map((h) => ({ id: index.parts.layout.chunkIds[h.row], score: h.score }))
        expect(got, `${name}: ${query.join(' ')}`).toEqual(reference[q])
      }
      if (plainPostings > 0) expect(index.stats.scoredPostings, name).toBe(postings)
    }
  })

  test('the batch API answers each query as searchTerms does (the same rows and doubles)', () => {
    const docs = ['a b c', 'a a d', 'b d d e', 'c c c a', 'e'].map((text, i) => ({ id: `d${i}`, tenantId: 't', text }))
    const index = buildBm25Index(docs, undefined, split)
    const queries = [['a'], ['d', 'a', 'd'], ['zzz'], [], ['e', 'c', 'b']]
    const one = queries.map((q) => index.searchTerms(q, 0, 3))
    expect(index.searchTermsBatch(queries, 0, 3)).toEqual(one)
    // Not vacuous: the known queries found rows, the unknown and empty ones none.
    expect(one.map((hits) => hits.length)).toEqual([3, 3, 0, 0, 3])
    expect(index.searchTermsBatch(queries, 5, 3)).toEqual([[], [], [], [], []])
  })

  test.skipIf(!bm25KernelModule())(
    "the WASM dense pass returns the TS passes' rows and doubles (1,503 + 203 rows, k 1 / 10 / 300, repeated terms)",
    () => {
      // Two tenants of 1,503 and 203 docs x 20 words from 50 (about 14 distinct per doc: ~24k postings, over the
      // WASM threshold). Row counts that are not multiples of 8 exercise the padded groups; tenant 'small' has
      // fewer runs than k = 10 and k = 300 exceeds the run limit, so both take the collect-everything bound.
      let seed = 5
      const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32
      const word = () => `w${Math.floor(rand() * rand() * 50)}`
      const docs = Array.from({ length: 1706 }, (_, i) => ({
        id: `d${String(i).padStart(4, '0')}`,
        tenantId: i < 1503 ? 'big' : 'small',
        terms: Array.from({ length: 20 }, word),
      }))
      const index = buildBm25Index(
        docs.map((d) => ({ id: d.id, tenantId: d.tenantId, text: d.terms.join(' ') })),
        undefined,
        split,
      )
      expect(index.parts.postingRows.length).toBeGreaterThan(wasmPostingsMin)
      expect(index.kernel).toBeDefined()
      const queries = Array.from({ length: 60 }, (_, q) => Array.from({ length: 1 + (q % 7) }, word))
      queries.push(['w3', 'w3', 'w40'], ['w49', 'w0', 'w0', 'w0'])
      const kernel = index.kernel
      for (const t of [0, 1]) {
        for (const k of [1, 10, 300]) {
          index.kernel = kernel
          const wasm = index.searchTermsBatch(queries, t, k)
          index.kernel = undefined
          expect(wasm, `tenant ${t}, k ${k}`).toEqual(index.searchTermsBatch(queries, t, k))
          expect(wasm.every((hits) => hits.length === Math.min(k, hits.length) && hits.length > 0)).toBe(true)
          // Pruning that gives up at once (budget 0) hands every query to the WASM dense pass: same results.
          index.kernel = kernel
          index.plainPostings = 0
          index.pruneBudgetShare = 0
          expect(index.searchTermsBatch(queries, t, k), `given up, tenant ${t}, k ${k}`).toEqual(wasm)
          index.plainPostings = 4096
          index.pruneBudgetShare = 0.5
        }
      }
      // And the slow reference, bit for bit, for the two repeated-term queries of the big tenant.
      index.kernel = kernel
      for (const query of queries.slice(-2)) {
        const got = index
          .searchTerms(query, 0, 10)
          .map((h) => ({ id: index.parts.layout.chunkIds[h.row], score: h.score }))
        expect(got).toEqual(referenceBm25(docs, query, 'big').slice(0, 10))
      }
    },
  )

  test('a term repeated more than 65535 times in one doc keeps its exact tf (postings switch to 32-bit tfs)', () => {
    const docs = [
      { id: 'a', tenantId: 't', terms: new Array(70_000).fill('x') },
      { id: 'b', tenantId: 't', terms: ['x', 'y'] },
    ]
    const index = buildBm25Index(
      docs.map((d) => ({ id: d.id, tenantId: d.tenantId, text: d.terms.join(' ') })),
      undefined,
      split,
    )
    expect(index.parts.postingTfs).toBeInstanceOf(Int32Array)
    expect([...index.parts.postingTfs]).toEqual([70_000, 1, 1])
    const got = index.search('x', 't', 2).map((h) => ({ id: index.parts.layout.chunkIds[h.row], score: h.score }))
    expect(got).toEqual(referenceBm25(docs, ['x'], 't'))
  })
})
