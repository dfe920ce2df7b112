/**
 * Dot-product kernels for exact vector search. A kernel is bound to one row-major float32 matrix with `d`
 * columns; `setQueries` loads a block of query vectors (packed row-major, prepared once per block), then each
 * `dotRows(rowFrom, rowTo)` returns the scores `out[q * (rowTo - rowFrom) + (row - rowFrom)]` as a view that is
 * valid until the next call. The WASM SIMD kernel (`vector-kernel-wasm.ts`) has the same contract; its scores
 * agree with this plain TS kernel's within 1e-6 (float32 sums there, float64 here).
 */

/** The kernel contract shared by the TS and WASM implementations. */
export interface VectorKernel {
  /** `'ts'` or `'wasm-simd'`, for reports. */
  readonly name: string
  /** Loads `count` queries of `d` floats each (row-major) for the following `dotRows` calls of at most `maxRows` rows. */
  setQueries(queries: Float32Array, count: number, maxRows: number): void
  /** Scores rows `[rowFrom, rowTo)` (at most `maxRows`) against the loaded queries. */
  dotRows(rowFrom: number, rowTo: number): Float32Array
  /**
   * Scores the `count` rows listed in `rows` against one query (`d` floats) with exactly the arithmetic of
   * `dotRows`, so a rescored row gets the bit-identical score. Independent of `setQueries`.
   */
  scoreRows(query: Float32Array, rows: Int32Array, count: number): Float32Array
}

/**
 * The int8 kernel of the bounded search: exact integer dot products of a matrix's int8 codes with int16 query
 * codes (`quantize.ts`), laid out like {@link VectorKernel.dotRows}.
 */
export interface Int8Kernel {
  /** Loads `count` query code vectors of `stride` int16 each (row-major, zero padded) for the next `dotRows` calls. */
  setQueries(codes: Int16Array, count: number, maxRows: number): void
  /** The i32 dot products of rows `[rowFrom, rowTo)` with the loaded query codes. */
  dotRows(rowFrom: number, rowTo: number): Int32Array
}

// One row against one query: 4 independent float64 accumulators (a JS float loop is latency-bound with one).
function rowDot(matrix: Float32Array, base: number, queries: Float32Array, qb: number, d: number): number {
  const d4 = d - (d % 4)
  let s0 = 0
  let s1 = 0
  let s2 = 0
  let s3 = 0
  let i = 0
  for (; i < d4; i += 4) {
    s0 += (matrix[base + i] as number) * (queries[qb + i] as number)
    s1 += (matrix[base + i + 1] as number) * (queries[qb + i + 1] as number)
    s2 += (matrix[base + i + 2] as number) * (queries[qb + i + 2] as number)
    s3 += (matrix[base + i + 3] as number) * (queries[qb + i + 3] as number)
  }
  for (; i < d; i++) s0 += (matrix[base + i] as number) * (queries[qb + i] as number)
  return s0 + s1 + (s2 + s3)
}

/**
 * The plain TS kernel: rows outer (each row is read from memory once per block of queries and stays in L1
 * while every query uses it).
 */
export function createTsKernel(matrix: Float32Array, d: number): VectorKernel {
  let queries = new Float32Array(0)
  let queryCount = 0
  let out = new Float32Array(0)
  return {
    name: 'ts',
    setQueries(q, count) {
      queries = q.slice(0, count * d)
      queryCount = count
    },
    dotRows(rowFrom, rowTo) {
      const span = rowTo - rowFrom
      if (out.length < span * queryCount) out = new Float32Array(span * queryCount)
      for (let r = rowFrom; r < rowTo; r++) {
        for (let q = 0; q < queryCount; q++) out[q * span + (r - rowFrom)] = rowDot(matrix, r * d, queries, q * d, d)
      }
      return out
    },
    scoreRows(query, rows, count) {
      const scores = new Float32Array(count)
      for (let j = 0; j < count; j++) scores[j] = rowDot(matrix, (rows[j] as number) * d, query, 0, d)
      return scores
    },
  }
}
