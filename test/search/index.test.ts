import { describe, expect, test } from 'vitest'
import { createHashEmbedder } from '../../src/search/embedder-hash.ts'
import { buildSearchIndex } from '../../src/search/index.ts'
import { searchArms } from '../../src/search/types.ts'

const chunk = (id: string, tenantId: string, text: string) => ({ id, tenantId, text })

// Tenant "acme" talks about invoices; tenant "zeta" holds the exact text of the query, so for any arm that
// scored across tenants, zeta's chunk would be the best match.
const corpus = [
  chunk('acme/1', 'acme', 'How to download invoices from the billing page'),
  chunk('acme/2', 'acme', 'Seat limits and adding users to a workspace'),
  chunk('acme/3', 'acme', 'Error ERR-4012 means the payment card was declined'),
  chunk('acme/4', 'acme', 'Error codes overview: most errors are transient, retry later'),
  chunk('zeta/1', 'zeta', 'reset the rocket launch sequence password'),
  chunk('zeta/2', 'zeta', 'rocket fuel invoices'),
]

describe('buildSearchIndex', () => {
  test.each(searchArms)(
    'the %s arm returns only chunks of the asked tenant when the best match lives in another tenant',
    async (arm) => {
      const index = await buildSearchIndex(corpus, { arm: 'hybrid' }, createHashEmbedder(64))
      const hits = index.search('reset the rocket launch sequence password', { tenantId: 'acme', k: 10, arm })
      expect(hits.every((h) => h.tenantId === 'acme' && h.chunkId.startsWith('acme/'))).toBe(true)
      const zeta = index.search('reset the rocket launch sequence password', { tenantId: 'zeta', k: 1, arm })
      // Within zeta the exact text wins every arm.
      expect(zeta[0]?.chunkId).toBe('zeta/1')
    },
  )

  test('a query whose only match is ERR-4012 ranks that chunk first', async () => {
    const index = await buildSearchIndex(corpus, { arm: 'bm25' })
    const hits = index.search('ERR-4012', { tenantId: 'acme', k: 3 })
    // acme/3 is the only chunk with the identifier token "err-4012" (and with the part "4012"); acme/4 matches
    // nothing: "errors" stems to "error", never "err".
    expect(hits.map((h) => h.chunkId)).toEqual(['acme/3'])
  })

  test('rankings are deterministic: equal scores order by chunk id ascending', async () => {
    const twins = [chunk('t/b', 't', 'same text'), chunk('t/a', 't', 'same text'), chunk('t/c', 't', 'same text')]
    const index = await buildSearchIndex(twins, { arm: 'hybrid' }, createHashEmbedder(32))
    for (const arm of searchArms.filter((a) => a !== 'flexsearch')) {
      expect(index.search('same', { tenantId: 't', k: 3, arm }).map((h) => h.chunkId)).toEqual(['t/a', 't/b', 't/c'])
    }
  })

  test('the bm25-only index refuses the vector arm with a clear error', async () => {
    const index = await buildSearchIndex(corpus, { arm: 'bm25' })
    expect(index.arms).toEqual(['bm25', 'flexsearch'])
    expect(() => index.search('x', { tenantId: 'acme', k: 1, arm: 'vector' })).toThrow(/needs embeddings/)
  })

  test('searchAsync awaits an asynchronous embedder', async () => {
    const hash = createHashEmbedder(64)
    const asyncOnly = { id: hash.id, dimensions: hash.dimensions, embed: hash.embed }
    const index = await buildSearchIndex(corpus, { arm: 'vector' }, asyncOnly)
    expect(() => index.search('invoices', { tenantId: 'acme', k: 1 })).toThrow(/searchAsync/)
    const hits = await index.searchAsync('download invoices', { tenantId: 'acme', k: 1 })
    expect(hits[0]?.chunkId).toBe('acme/1')
  })

  test('k = 0 and an unknown tenant return no hits', async () => {
    const index = await buildSearchIndex(corpus, { arm: 'hybrid' })
    expect(index.search('invoices', { tenantId: 'acme', k: 0 })).toEqual([])
    expect(index.search('invoices', { tenantId: 'nobody', k: 5 })).toEqual([])
  })
})
