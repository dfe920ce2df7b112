import { describe, expect, test } from 'vitest'
import { codeStride, float32DotGamma, queryLevels, quantizeQuery, quantizeRows } from '../../src/search/quantize.ts'
import { layoutByTenant } from '../../src/search/tenant-layout.ts'
import { type VectorQuery, VectorIndex, buildVectorIndex, l2Normalize } from '../../src/search/vector.ts'
import { createWasmInt8Kernel, wasmKernelModule } from '../../src/search/vector-kernel-wasm.ts'

function seededRandom(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32 - 0.5
  }
}

function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(rand() + 0.5 + 1e-12)) * Math.cos(2 * Math.PI * (rand() + 0.5))
}

/** A bounded index and the plain float32 reference over the same parts. */
function pair(
  tenants: string[],
  vectors: number[][],
): { bounded: VectorIndex; reference: VectorIndex; chunkIds: string[] } {
  const chunks = vectors.map((_, i) => ({
    id: `c${String(i).padStart(5, '0')}`,
    tenantId: tenants[i % tenants.length] as string,
    text: '',
  }))
  const { layout } = layoutByTenant(chunks)
  const byId = new Map(chunks.map((c, i) => [c.id, vectors[i] as number[]]))
  const bounded = buildVectorIndex(
    layout,
    layout.chunkIds.map((id) => byId.get(id)!),
  )
  return { bounded, reference: new VectorIndex(bounded.parts, 'float32'), chunkIds: layout.chunkIds }
}

/** Asserts ids AND scores equal, for the batch and for each query alone. */
function expectSame(bounded: VectorIndex, reference: VectorIndex, queries: VectorQuery[]): void {
  const expected = reference.searchBatch(queries)
  expect(bounded.searchBatch(queries)).toEqual(expected)
  expect(queries.map((q) => bounded.search(q.vector, q.tenantId, q.k))).toEqual(expected)
}

describe('quantization', () => {
  test('a row [0.6, 0.8] gets scale 0.8/127 and codes [95, 127] (0.6 / 0.0062992 = 95.25), zero padded to 16 bytes', () => {
    const codes = new Int8Array(16).fill(9)
    const stats = new Float64Array(3)
    quantizeRows(Float32Array.of(0.6, 0.8), 2, 1, codes, stats)
    expect([...codes]).toEqual([95, 127, ...new Array(14).fill(0)])
    expect(stats[0]).toBe(Math.fround(0.8) / 127) // the row holds float32 0.8
    // Residual: 0.6 - 95 * 0.8 / 127 = 0.6 - 0.598425 = 0.001575 (the 0.8 is exact in codes).
    expect(stats[1]).toBeCloseTo(0.001575, 5)
    expect(codeStride(2)).toBe(16)
    expect(codeStride(1536)).toBe(1536)
  })

  test('query levels keep 127 * Q * d inside an i32: d = 1536 -> 11008 (2^31 / 195072), d = 384 -> 32767', () => {
    expect(queryLevels(1536)).toBe(11008)
    expect(queryLevels(384)).toBe(32767)
    expect(127 * queryLevels(4096) * 4096).toBeLessThan(2 ** 31)
  })

  test('the float32 score of every (row, query) lies inside the bound on random data', () => {
    const rand = seededRandom(5)
    const d = 40
    const rows = 200
    const matrix = new Float32Array(rows * d)
    for (let r = 0; r < rows; r++) matrix.set(l2Normalize(Array.from({ length: d }, () => gaussian(rand))), r * d)
    const codes = new Int8Array(rows * codeStride(d))
    const stats = new Float64Array(3 * rows)
    quantizeRows(matrix, d, rows, codes, stats)
    const q = l2Normalize(Array.from({ length: d }, () => gaussian(rand)))
    const qc = new Int16Array(codeStride(d))
    const qq = quantizeQuery(q, 0, d, qc, 0)
    let widest = 0
    for (let r = 0; r < rows; r++) {
      let dot = 0
      let exact = 0
      for (let i = 0; i < d; i++) {
        dot += codes[r * codeStride(d) + i]! * qc[i]!
        exact += Math.fround(matrix[r * d + i]! * q[i]!)
      }
      const approx = dot * stats[3 * r]! * qq.scale
      const error = qq.normBound * stats[3 * r + 1]! + qq.residualBound * stats[3 * r + 2]!
      widest = Math.max(widest, error)
      expect(Math.abs(Math.fround(exact) - approx)).toBeLessThanOrEqual(error)
    }
    // int8 rows of unit vectors: error about sqrt(d / 12) / 127 * max|r_i| ~ 0.01, far above gamma_d ~ 2.4e-6.
    expect(widest).toBeLessThan(0.05)
    // gamma_40 = 40u / (1 - 40u), u = 2^-24: 2.38419e-6.
    expect(float32DotGamma(40)).toBe((40 * 2 ** -24) / (1 - 40 * 2 ** -24))
  })
})

describe.skipIf(!wasmKernelModule())('bounded int8 search equals the float32 reference (ids and scores)', () => {
  test('the int8 kernels return the exact integer dot products (d = 52 padded to 64, 7 rows, 1 and 5 queries)', () => {
    const rand = seededRandom(11)
    const d = 52
    const { bounded } = pair(
      ['t'],
      Array.from({ length: 7 }, () => Array.from({ length: d }, () => gaussian(rand))),
    )
    const kernel = createWasmInt8Kernel(bounded.parts)!
    const { codes, stride } = bounded.parts.quantized!
    for (const count of [1, 5]) {
      const queries = new Int16Array(count * stride)
      for (let j = 0; j < count; j++) for (let i = 0; i < d; i++) queries[j * stride + i] = Math.round(rand() * 60000)
      kernel.setQueries(queries, count, 7)
      const got = [...kernel.dotRows(0, 7)]
      const want: number[] = []
      for (let j = 0; j < count; j++)
        for (let r = 0; r < 7; r++) {
          let s = 0
          for (let i = 0; i < stride; i++) s += codes[r * stride + i]! * queries[j * stride + i]!
          want.push(s)
        }
      expect(got).toEqual(want)
    }
  })

  test('random data, 3 tenants, 23 queries of k = 1, 10 and 50: equal, and only a few rows per query are rescored', () => {
    const rand = seededRandom(1)
    const d = 96
    const { bounded, reference } = pair(
      ['a', 'b', 'c'],
      Array.from({ length: 3000 }, () => Array.from({ length: d }, () => gaussian(rand))),
    )
    expect(bounded.kernelName).toBe('wasm-int8-bounded')
    expect(reference.kernelName).toBe('wasm-simd')
    const queries = Array.from({ length: 23 }, (_, i) => ({
      vector: Array.from({ length: d }, () => gaussian(rand)),
      tenantId: 'abc'[i % 3]!,
      k: [1, 10, 50][i % 3]!,
    }))
    expectSame(bounded, reference, queries)
    // 2 passes x 23 queries over 1000 rows each: the float32 path would score 46,000 rows.
    expect(bounded.boundedStats.rescoredRows).toBeLessThan(46_000 / 5)
  })

  test('adversarial: duplicate rows cut by k, near-ties one float32 ulp apart, zero rows, a zero query, k > n, unknown tenant', () => {
    const rand = seededRandom(2)
    const d = 32
    const base = Array.from({ length: d }, () => gaussian(rand))
    const vectors: number[][] = []
    for (let i = 0; i < 40; i++) vectors.push([...base]) // 40 identical rows: ties broken by chunk id
    for (let i = 0; i < 40; i++) {
      const v = [...base]
      v[i % d] = Math.fround(v[i % d]! * (1 + 2 ** -23 * (1 + (i % 3)))) // one or a few ulps away
      vectors.push(v)
    }
    for (let i = 0; i < 20; i++) vectors.push(new Array(d).fill(0)) // zero rows score exactly 0
    for (let i = 0; i < 100; i++) vectors.push(Array.from({ length: d }, () => gaussian(rand)))
    for (const tenants of [['t'], ['t', 'u']]) {
      const { bounded, reference } = pair(tenants, vectors)
      const queries: VectorQuery[] = [
        { vector: base, tenantId: 't', k: 25 },
        { vector: base.map((x) => -x), tenantId: 't', k: 30 },
        { vector: new Array(d).fill(0), tenantId: 't', k: 5 },
        { vector: base, tenantId: 't', k: 1000 },
        { vector: Array.from({ length: d }, () => gaussian(rand)), tenantId: tenants.at(-1)!, k: 7 },
        { vector: base, tenantId: 'nobody', k: 3 },
      ]
      expectSame(bounded, reference, queries)
      expect(bounded.search(base, 't', 1000)).toHaveLength(200 / tenants.length)
    }
  })

  test('heavy-tailed rows (one large coordinate) and queries with mixed magnitudes stay exact', () => {
    const rand = seededRandom(4)
    const d = 64
    const vectors = Array.from({ length: 600 }, (_, i) =>
      Array.from({ length: d }, (_, j) => (j === i % d ? 50 : 1) * gaussian(rand)),
    )
    const { bounded, reference } = pair(['t'], vectors)
    const queries = Array.from({ length: 9 }, (_, i) => ({
      vector: Array.from({ length: d }, (_, j) => (j < 4 ? 1e3 : 1e-3) * gaussian(rand) + (i === 0 ? 1 : 0)),
      tenantId: 't',
      k: 10,
    }))
    expectSame(bounded, reference, queries)
  })
})
