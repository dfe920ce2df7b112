/**
 * Exact vector search: cosine similarity between an L2-normalised query and every L2-normalised chunk embedding
 * of ONE tenant (no approximation), top-k by a bounded heap: identical to a full sort by (score desc, chunk id
 * asc). Two paths with the same results: the float32 scan (the reference, and the fallback without WASM SIMD),
 * and the bounded scan (`vector-bounded.ts`): an int8 pass over every row, then float32 rescoring of only the rows
 * whose error bound lets them reach the top k. Pure: the matrix is a Float32Array that may live in a
 * SharedArrayBuffer (or a shared WebAssembly memory) so a worker pool can read it without copying.
 */
import { SearchError } from './errors.ts'
import { codeStride, quantizeRows } from './quantize.ts'
import { type TenantLayout, tenantNumber } from './tenant-layout.ts'
import { TopK } from './top-k.ts'
import type { BoundedStats, RowRange } from './vector-bounded.ts'
import type { RankedRow } from './types.ts'
import { boundedTopK } from './vector-bounded.ts'
import { type Int8Kernel, type VectorKernel, createTsKernel } from './vector-kernel.ts'
import { allocateWasmMatrix, createWasmInt8Kernel, createWasmKernel } from './vector-kernel-wasm.ts'
import type { WasmMemory } from './wasm/wasm-api.ts'
import type { QuantizedParts, VectorParts } from './vector-parts.ts'

/** Where the matrix lives: `'wasm'` (a shared WebAssembly memory, when the runtime has SIMD) or `'shared'` (a SharedArrayBuffer). */
export type MatrixStorage = 'wasm' | 'shared'

/**
 * Which path scores: `'auto'` (the bounded int8 scan when the index has its int8 copy and the runtime WASM SIMD,
 * else the float32 scan), `'float32'` (the plain float32 scan, WASM SIMD when possible: the reference) or `'ts'`
 * (the float32 scan in plain TypeScript).
 */
export type VectorKernelMode = 'auto' | 'float32' | 'ts'

/** A matrix allocation: the floats, and (in a WASM memory) room for `rows x stride` int8 codes after them. */
export interface MatrixAllocation {
  matrix: Float32Array
  memory?: WasmMemory
  codes?: Int8Array
}

/**
 * Allocates the `length`-float matrix, plus `codeBytes` bytes of int8 codes in the same WASM memory (codes only
 * with `'wasm'` storage and WASM SIMD); both storages are shared with worker threads without copying.
 */
export function allocateMatrix(length: number, storage: MatrixStorage = 'wasm', codeBytes = 0): MatrixAllocation {
  const wasm = storage === 'wasm' ? allocateWasmMatrix(length, codeBytes) : undefined
  if (wasm) return { matrix: wasm.matrix, memory: wasm.memory, ...(wasm.codes ? { codes: wasm.codes } : {}) }
  return { matrix: new Float32Array(new SharedArrayBuffer(Math.max(1, length) * 4), 0, length) }
}

/** The float32 kernel for `mode` over `parts`: WASM SIMD when possible (not in `'ts'`), else plain TS. */
export function selectVectorKernel(mode: VectorKernelMode, parts: VectorParts): VectorKernel {
  return (mode !== 'ts' ? createWasmKernel(parts) : undefined) ?? createTsKernel(parts.matrix, parts.dimensions)
}

/** A shared Float64Array of `length` (the per-row quantization stats travel to workers without copying). */
export function sharedFloat64(length: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(Math.max(1, length) * 8), 0, length)
}

/**
 * Writes `v / |v|` into `target` (at `offset`); a zero vector stays zero (its cosine with anything is 0).
 * The norm is accumulated in float64 so the result is the correctly rounded float32 of each element.
 */
export function normalizeInto(v: ArrayLike<number>, target: Float32Array, offset = 0): void {
  let sum = 0
  for (let i = 0; i < v.length; i++) sum += (v[i] as number) * (v[i] as number)
  const inv = sum > 0 ? 1 / Math.sqrt(sum) : 0
  for (let i = 0; i < v.length; i++) target[offset + i] = (v[i] as number) * inv
}

/** A fresh L2-normalised copy of `v`. Example: `[3, 4]` -> `[0.6, 0.8]`. */
export function l2Normalize(v: ArrayLike<number>): Float32Array {
  const out = new Float32Array(v.length)
  normalizeInto(v, out)
  return out
}

/**
 * Builds the matrix from embeddings given in layout row order (`vectors[row]`), normalising each row, and its
 * int8 copy unless `quantize` is false. Memory: rows x d x 4 bytes for the matrix, plus rows x (d rounded up to
 * 16) bytes of codes and 24 bytes of row stats when quantized (1.27x the floats at d = 384 or 1536).
 */
export function buildVectorIndex(
  layout: TenantLayout,
  vectors: readonly ArrayLike<number>[],
  options: { storage?: MatrixStorage; kernel?: VectorKernelMode; quantize?: boolean } = {},
): VectorIndex {
  const rows = layout.chunkIds.length
  if (vectors.length !== rows) {
    throw new SearchError(
      'VITEST_RAG_SEARCH_BAD_ARGUMENT',
      `got ${vectors.length} embeddings for ${rows} chunks (one per chunk is needed)`,
    )
  }
  const d = rows > 0 ? (vectors[0] as ArrayLike<number>).length : 0
  const stride = codeStride(d)
  const { matrix, memory, codes } = allocateMatrix(
    rows * d,
    options.storage,
    options.quantize === false || d % 4 !== 0 ? 0 : rows * stride,
  )
  vectors.forEach((v, row) => {
    if (v.length !== d) {
      throw new SearchError(
        'VITEST_RAG_SEARCH_DIMENSION_MISMATCH',
        `embedding of chunk "${layout.chunkIds[row]}" has ${v.length} dimensions, expected ${d} (use one embedder for the whole corpus)`,
      )
    }
    normalizeInto(v, matrix, row * d)
  })
  return new VectorIndex(
    { layout, dimensions: d, matrix, ...(memory ? { memory } : {}), ...quantizeMatrix(matrix, d, codes) },
    options.kernel,
  )
}

/** The int8 copy of `matrix` written into `codes` (allocated by {@link allocateMatrix}), or nothing without codes. */
export function quantizeMatrix(
  matrix: Float32Array,
  d: number,
  codes: Int8Array | undefined,
): { quantized?: QuantizedParts } {
  if (!codes || d === 0) return {}
  const rows = matrix.length / d
  const rowStats = sharedFloat64(3 * rows)
  quantizeRows(matrix, d, rows, codes, rowStats)
  return { quantized: { stride: codeStride(d), codes, rowStats } }
}

/** One query of a batch: an embedding (normalised here), the tenant, and k. */
export interface VectorQuery {
  vector: ArrayLike<number>
  tenantId: string
  k: number
}

// Queries per pass over the rows: up to 64, as many as fit in about 512 KiB (half a Zen 4 L2), a multiple of 4
// (the batch kernel's group), so each row streamed from memory serves many queries: at 100k x 1536 a block of
// 20 queries made the batch memory-bound (10 passes over 614 MB for 200 queries). Rows per kernel call: the
// score block (rows x queries floats) stays near 64 KiB.
function blockSizes(d: number): { queryBlock: number; rowBlock: number } {
  const queryBlock = Math.max(4, Math.min(64, Math.floor(524288 / (Math.max(1, d) * 4 * 4)) * 4))
  return { queryBlock, rowBlock: Math.max(256, Math.floor(16384 / queryBlock)) }
}

/** Part `part` (0-based) of `parts` equal contiguous row ranges of each tenant. */
export interface RowSlice {
  part: number
  parts: number
}

/** A built vector index. */
export class VectorIndex {
  readonly parts: VectorParts
  /** The float32 kernel (the whole scan on the float32 path, the rescoring on the bounded path). */
  kernel: VectorKernel
  /** The int8 kernel of the bounded path, when it is used. */
  readonly int8: Int8Kernel | undefined
  /** Rows the bounded path rescored in float32 so far (all queries): how much float32 work it kept. */
  readonly boundedStats: BoundedStats = { rescoredRows: 0 }

  /**
   * Wraps parts. A matrix (and codes) in a WASM memory are re-viewed on that memory's current buffer (after a
   * structured clone into a worker, the arrays and the memory arrive as separate objects over the same bytes).
   */
  constructor(parts: VectorParts, kernel: VectorKernelMode = 'auto') {
    const memory = parts.memory
    const matrix = memory ? new Float32Array(memory.buffer, parts.matrix.byteOffset, parts.matrix.length) : parts.matrix
    const q = parts.quantized
    const quantized =
      q && memory ? { ...q, codes: new Int8Array(memory.buffer, q.codes.byteOffset, q.codes.length) } : q
    this.parts = { ...parts, matrix, ...(quantized ? { quantized } : {}) }
    this.kernel = selectVectorKernel(kernel, this.parts)
    this.int8 = kernel === 'auto' && this.kernel.name === 'wasm-simd' ? createWasmInt8Kernel(this.parts) : undefined
  }

  /** Which path scores, for reports: `'wasm-int8-bounded'`, `'wasm-simd'` (float32) or `'ts'`. */
  get kernelName(): string {
    return this.int8 ? 'wasm-int8-bounded' : this.kernel.name
  }

  /** Top `k` rows of the tenant by cosine (global rows, score desc then row asc); [] for an unknown tenant. */
  search(query: ArrayLike<number>, tenantId: string, k: number): RankedRow[] {
    return this.searchBatch([{ vector: query, tenantId, k }])[0] as RankedRow[]
  }

  /**
   * Scores a batch: queries of one tenant share each pass over that tenant's rows (blocks of up to 64 queries,
   * sized to stay in L2), which is where batched evaluation beats one-query-at-a-time.
   */
  searchBatch(queries: readonly VectorQuery[], slice?: RowSlice): RankedRow[][] {
    const { layout, dimensions: d, matrix } = this.parts
    const results: RankedRow[][] = queries.map(() => [])
    const byTenant = new Map<number, number[]>()
    queries.forEach((q, i) => {
      if (q.vector.length !== d) {
        throw new SearchError(
          'VITEST_RAG_SEARCH_DIMENSION_MISMATCH',
          `query embedding has ${q.vector.length} dimensions, the index has ${d} (embed queries with the corpus embedder)`,
        )
      }
      const t = tenantNumber(layout, q.tenantId)
      if (t < 0 || q.k <= 0) return
      const list = byTenant.get(t) ?? []
      list.push(i)
      byTenant.set(t, list)
    })
    const { queryBlock, rowBlock } = blockSizes(d)
    const packed = new Float32Array(queryBlock * d)
    for (const [t, members] of byTenant) {
      const from = layout.rowStart[t] as number
      const end = layout.rowStart[t + 1] as number
      // With a slice, score only part `part` of `parts` equal row ranges (the pool splits one query over workers).
      const share = slice ? Math.ceil((end - from) / slice.parts) : end - from
      const start = slice ? Math.min(end, from + slice.part * share) : from
      const to = Math.min(end, start + share)
      for (let qb = 0; qb < members.length; qb += queryBlock) {
        const block = members.slice(qb, qb + queryBlock)
        block.forEach((qi, j) => normalizeInto((queries[qi] as VectorQuery).vector, packed, j * d))
        const ks = block.map((qi) => (queries[qi] as VectorQuery).k)
        const range = { from, start, to, rowBlock }
        const int8 = this.int8
        const quantized = this.parts.quantized
        const heaps =
          int8 && quantized
            ? boundedTopK(
                { int8, float: this.kernel, rowStats: quantized.rowStats, dimensions: d },
                packed,
                block.length,
                ks,
                range,
                this.boundedStats,
              )
            : this.scanFloat32(packed, ks, range)
        block.forEach((qi, j) => {
          results[qi] = (heaps[j] as TopK).rankedRows(from)
        })
      }
    }
    return results
  }

  // The plain float32 scan (the reference): every row scored, top-k by heap.
  private scanFloat32(packed: Float32Array, ks: readonly number[], range: RowRange): TopK[] {
    const { from, start, to, rowBlock } = range
    const count = ks.length
    this.kernel.setQueries(packed, count, rowBlock)
    const heaps = ks.map((k) => new TopK(k))
    for (let r0 = start; r0 < to; r0 += rowBlock) {
      const r1 = Math.min(to, r0 + rowBlock)
      const span = r1 - r0
      const scores = this.kernel.dotRows(r0, r1)
      for (let j = 0; j < count; j++) {
        const heap = heaps[j] as TopK
        let threshold = heap.threshold
        const off = j * span
        for (let i = 0; i < span; i++) {
          const s = scores[off + i] as number
          // Fast reject; equality still goes to the heap for the row-order tie-break.
          if (s < threshold) continue
          heap.push(s, r0 + i - from)
          threshold = heap.threshold
        }
      }
    }
    return heaps
  }
}
