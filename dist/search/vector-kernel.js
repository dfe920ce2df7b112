/**
 * Dot-product kernels for exact vector search. A kernel is bound to one row-major float32 matrix with `d`
 * columns; `setQueries` loads a block of query vectors (packed row-major, prepared once per block), then each
 * `dotRows(rowFrom, rowTo)` returns the scores `out[q * (rowTo - rowFrom) + (row - rowFrom)]` as a view that is
 * valid until the next call. The WASM SIMD kernel (`vector-kernel-wasm.ts`) has the same contract; its scores
 * agree with this plain TS kernel's within 1e-6 (float32 sums there, float64 here).
 */
/**
 * The plain TS kernel: rows outer (each row is read from memory once per block of queries and stays in L1
 * while every query uses it), 4 independent accumulators (a JS float loop is latency-bound with one).
 */
export function createTsKernel(matrix, d) {
    let queries = new Float32Array(0);
    let queryCount = 0;
    let out = new Float32Array(0);
    const d4 = d - (d % 4);
    return {
        name: 'ts',
        setQueries(q, count) {
            queries = q.slice(0, count * d);
            queryCount = count;
        },
        dotRows(rowFrom, rowTo) {
            const span = rowTo - rowFrom;
            if (out.length < span * queryCount)
                out = new Float32Array(span * queryCount);
            for (let r = rowFrom; r < rowTo; r++) {
                const base = r * d;
                for (let q = 0; q < queryCount; q++) {
                    const qb = q * d;
                    let s0 = 0;
                    let s1 = 0;
                    let s2 = 0;
                    let s3 = 0;
                    let i = 0;
                    for (; i < d4; i += 4) {
                        s0 += matrix[base + i] * queries[qb + i];
                        s1 += matrix[base + i + 1] * queries[qb + i + 1];
                        s2 += matrix[base + i + 2] * queries[qb + i + 2];
                        s3 += matrix[base + i + 3] * queries[qb + i + 3];
                    }
                    for (; i < d; i++)
                        s0 += matrix[base + i] * queries[qb + i];
                    out[q * span + (r - rowFrom)] = s0 + s1 + (s2 + s3);
                }
            }
            return out;
        },
    };
}
//# sourceMappingURL=vector-kernel.js.map