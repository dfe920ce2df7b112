import { afterAll, describe, expect, test } from 'vitest'
import { SearchPool } from '../../../src/search/pool/search-pool.ts'
import { createHashEmbedder } from '../../../src/search/embedder-hash.ts'
import { buildSearchIndex } from '../../../src/search/index.ts'
import { searchArms } from '../../../src/search/types.ts'

const words = [
  'invoice',
  'seat',
  'billing',
  'error',
  'refund',
  'export',
  'api',
  'token',
  'webhook',
  'sso',
  'plan',
  'limit',
]
function seededChunks(count: number) {
  let s = 12345
  const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0)
  return Array.from({ length: count }, (_, i) => ({
    id: `c${String(i).padStart(4, '0')}`,
    tenantId: i % 2 ? 'acme' : 'zeta',
    text: Array.from({ length: 12 }, () => words[next() % words.length]).join(' '),
  }))
}

describe('SearchPool', () => {
  // 2,400 chunks of 12 words hold ~19k postings, over `wasmPostingsMin`: the workers bind the WASM dense pass to
  // the index's shared WebAssembly memory (received with the parts), and must answer as the main thread does.
  const chunks = seededChunks(2400)
  const embedder = createHashEmbedder(48)
  const pool = new SearchPool({ chunks, config: { arm: 'hybrid' }, embedder }, { threads: 2, minQueriesPerTask: 4 })
  afterAll(() => pool.destroy())

  test('pooled results equal in-process results for every arm, in query order', async () => {
    const local = await buildSearchIndex(chunks, { arm: 'hybrid' }, embedder)
    expect(local.internals.bm25.kernel).toBeDefined()
    const queries = searchArms.flatMap((arm) =>
      ['invoice refund', 'sso token limit', 'webhook', 'api export plan', 'nothing here'].flatMap((query) =>
        ['acme', 'zeta'].map((tenantId) => ({ query, tenantId, k: 5, arm })),
      ),
    )
    const pooled = await pool.searchBatch(queries)
    expect(pooled).toHaveLength(queries.length)
    queries.forEach((q, i) => {
      const expected = local.search(q.query, { tenantId: q.tenantId, k: q.k, arm: q.arm })
      expect(pooled[i]).toEqual(expected)
      expect(pooled[i]!.every((h) => h.tenantId === q.tenantId)).toBe(true)
    })
  })

  test('a few vector queries are split across workers by row range and merge to the in-process ranking', async () => {
    const local = await buildSearchIndex(chunks, { arm: 'hybrid' }, embedder)
    const queries = [
      { query: 'invoice refund', tenantId: 'acme', k: 7, arm: 'vector' as const },
      { query: 'sso token', tenantId: 'zeta', k: 3, arm: 'vector' as const },
    ]
    // 2 queries < 2 threads x 4 per task: each worker scores half of each tenant's rows.
    const pooled = await pool.searchBatch(queries)
    expect(pool.lastBusyMs).toHaveLength(2)
    queries.forEach((q, i) => expect(pooled[i]).toEqual(local.search(q.query, q)))
  })

  test('an empty batch resolves to no results', async () => {
    expect(await pool.searchBatch([])).toEqual([])
  })

  test('destroy stops the workers without hanging, and a destroyed pool refuses work', async () => {
    const small = new SearchPool({ chunks: chunks.slice(0, 10) }, { threads: 1 })
    const hits = await small.searchBatch([{ query: 'invoice', tenantId: 'zeta', k: 1 }])
    expect(hits).toHaveLength(1)
    await small.destroy()
    await small.destroy()
    await expect(small.searchBatch([{ query: 'invoice', tenantId: 'zeta', k: 1 }])).rejects.toThrow(/destroyed/)
  })
})
