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
    readonly name: string;
    /** Loads `count` queries of `d` floats each (row-major) for the following `dotRows` calls of at most `maxRows` rows. */
    setQueries(queries: Float32Array, count: number, maxRows: number): void;
    /** Scores rows `[rowFrom, rowTo)` (at most `maxRows`) against the loaded queries. */
    dotRows(rowFrom: number, rowTo: number): Float32Array;
}
/**
 * The plain TS kernel: rows outer (each row is read from memory once per block of queries and stays in L1
 * while every query uses it), 4 independent accumulators (a JS float loop is latency-bound with one).
 */
export declare function createTsKernel(matrix: Float32Array, d: number): VectorKernel;
