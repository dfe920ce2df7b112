/**
 * Dot-product kernels for exact vector search, in plain TypeScript. Every kernel computes, for rows
 * `[rowFrom, rowTo)` of a row-major float32 matrix with `d` columns, the dot product with each of `queryCount`
 * query vectors (packed row-major in `queries`), writing `out[q * (rowTo - rowFrom) + (row - rowFrom)]`.
 * The WASM SIMD kernel (`vector-kernel-wasm.ts`) has the same contract; scores agree within 1e-6 (float32
 * sums in a different order).
 */

/** The kernel contract shared by the TS and WASM implementations. */
export interface VectorKernel {
  /** `'ts'` or `'wasm-simd'`, for reports. */
  readonly name: string
  dotRows(
    matrix: Float32Array,
    d: number,
    rowFrom: number,
    rowTo: number,
    queries: Float32Array,
    queryCount: number,
    out: Float32Array,
  ): void
}

/**
 * Plain TS kernel: rows outer (each row is read from memory once per block of queries and stays in L1 while
 * every query uses it), 4 independent accumulators (a JS float loop is latency-bound with one).
 */
export const tsVectorKernel: VectorKernel = {
  name: 'ts',
  dotRows(matrix, d, rowFrom, rowTo, queries, queryCount, out) {
    const span = rowTo - rowFrom
    const d4 = d - (d % 4)
    for (let r = rowFrom; r < rowTo; r++) {
      const base = r * d
      for (let q = 0; q < queryCount; q++) {
        const qb = q * d
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
        out[q * span + (r - rowFrom)] = s0 + s1 + (s2 + s3)
      }
    }
  },
}
