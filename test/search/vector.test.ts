import { describe, expect, test } from 'vitest'
import { layoutByTenant } from '../../src/search/tenant-layout.ts'
import { buildVectorIndex, l2Normalize } from '../../src/search/vector.ts'

function seededRandom(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32 - 0.5
  }
}

describe('VectorIndex', () => {
  test('l2Normalize scales [3, 4] to [0.6, 0.8] and leaves a zero vector zero', () => {
    expect([...l2Normalize([3, 4])].map((x) => Number(x.toFixed(6)))).toEqual([0.6, 0.8])
    expect([...l2Normalize([0, 0])]).toEqual([0, 0])
  })

  test('top-k equals a full sort of the exact cosines, per tenant, for single and batched queries', () => {
    const rand = seededRandom(1)
    const d = 13 // not a multiple of 4: exercises the kernel's tail loop
    const chunks = Array.from({ length: 1500 }, (_, i) => ({
      id: `c${String(i).padStart(5, '0')}`,
      tenantId: i % 3 === 0 ? 'a' : 'b',
      text: '',
    }))
    const raw = new Map(chunks.map((c) => [c.id, Array.from({ length: d }, rand)]))
    const { layout } = layoutByTenant(chunks)
    const index = buildVectorIndex(
      layout,
      layout.chunkIds.map((id) => raw.get(id)!),
    )
    const queries = Array.from({ length: 11 }, () => Array.from({ length: d }, rand))
    const batched = index.searchBatch(queries.map((vector, i) => ({ vector, tenantId: i % 2 ? 'a' : 'b', k: 7 })))
    queries.forEach((q, qi) => {
      const tenantId = qi % 2 ? 'a' : 'b'
      const qn = l2Normalize(q)
      const expected = chunks
        .filter((c) => c.tenantId === tenantId)
        .map((c) => {
          const v = l2Normalize(raw.get(c.id)!)
          let s = 0
          for (let i = 0; i < d; i++) s += v[i]! * qn[i]!
          return { id: c.id, score: s }
        })
        .sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1))
        .slice(0, 7)
      const single = index.search(q, tenantId, 7)
      expect(single).toEqual(batched[qi])
      expect(single.map((h) => layout.chunkIds[h.row])).toEqual(expected.map((e) => e.id))
      single.forEach((h, i) => expect(h.score).toBeCloseTo(expected[i]!.score, 6))
    })
  })

  test('equal cosines rank by chunk id ascending', () => {
    const chunks = ['z', 'm', 'a'].map((id) => ({ id, tenantId: 't', text: '' }))
    const { layout } = layoutByTenant(chunks)
    const index = buildVectorIndex(layout, [
      [1, 0],
      [1, 0],
      [1, 0],
    ])
    expect(index.search([2, 0], 't', 2).map((h) => layout.chunkIds[h.row])).toEqual(['a', 'm'])
  })

  test('a query of the wrong dimension is refused with a clear error', () => {
    const { layout } = layoutByTenant([{ id: 'a', tenantId: 't', text: '' }])
    const index = buildVectorIndex(layout, [[1, 0]])
    expect(() => index.search([1, 0, 0], 't', 1)).toThrow(/3 dimensions, the index has 2/)
  })
})
