import { describe, expect, test } from 'vitest'
import { layoutByTenant } from '../../src/search/tenant-layout.ts'
import { VectorIndex, buildVectorIndex } from '../../src/search/vector.ts'
import { wasmKernelModule } from '../../src/search/vector-kernel-wasm.ts'
import { encodeModule, sleb, uleb } from '../../src/search/wasm/wasm-encoder.ts'

function seededRandom(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32 - 0.5
  }
}

describe('WASM SIMD vector kernel', () => {
  test('LEB128 encodes 624485 as e5 8e 26 and -123456 as c0 bb 78 (spec examples)', () => {
    expect(uleb(624485)).toEqual([0xe5, 0x8e, 0x26])
    expect(sleb(-123456)).toEqual([0xc0, 0xbb, 0x78])
  })

  test('the encoder emits a valid empty module header', () => {
    expect([...encodeModule([], { minPages: 0, maxPages: 1, shared: false }).slice(0, 8)]).toEqual([
      0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ])
  })

  test.skipIf(!wasmKernelModule())(
    'returns the same top-k (701 rows: dot1 4-row passes plus a 1-row tail) as the TS kernel with scores within 1e-6, one query and batches',
    () => {
      const rand = seededRandom(3)
      const d = 52
      const chunks = Array.from({ length: 701 }, (_, i) => ({
        id: `c${String(i).padStart(4, '0')}`,
        tenantId: i % 4 ? 'a' : 'b',
        text: '',
      }))
      const { layout } = layoutByTenant(chunks)
      const wasm = buildVectorIndex(
        layout,
        chunks.map(() => Array.from({ length: d }, rand)),
      )
      expect(wasm.kernel.name).toBe('wasm-simd')
      const ts = new VectorIndex(wasm.parts, 'ts')
      // 11 queries: blocks of 8 then 3, so the batch kernel pads a group with zero queries.
      const queries = Array.from({ length: 11 }, (_, i) => ({
        vector: Array.from({ length: d }, rand),
        tenantId: i % 3 ? 'a' : 'b',
        k: 9,
      }))
      const expected = ts.searchBatch(queries)
      // One query alone (dot1) and in a batch (dot4) sum in the same order: bit-identical.
      expect(queries.map((q) => wasm.search(q.vector, q.tenantId, q.k))).toEqual(wasm.searchBatch(queries))
      for (const got of [wasm.searchBatch(queries), queries.map((q) => wasm.search(q.vector, q.tenantId, q.k))]) {
        got.forEach((hits, qi) => {
          expect(hits.map((h) => h.row)).toEqual(expected[qi]!.map((h) => h.row))
          hits.forEach((h, j) => expect(Math.abs(h.score - expected[qi]![j]!.score)).toBeLessThan(1e-6))
        })
      }
    },
  )
})
