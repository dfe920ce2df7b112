/**
 * Exact vector search: cosine similarity between an L2-normalised query and every L2-normalised chunk embedding
 * of ONE tenant (brute force, no approximation), top-k by a bounded heap: identical to a full sort by
 * (score desc, chunk id asc). Pure: the matrix is a Float32Array that may live in a SharedArrayBuffer (or a shared
 * WebAssembly memory) so a worker pool can read it without copying.
 */
import { SearchError } from "./errors.js";
import { tenantNumber } from "./tenant-layout.js";
import { TopK } from "./top-k.js";
import { createTsKernel } from "./vector-kernel.js";
import { allocateWasmMatrix, createWasmKernel } from "./vector-kernel-wasm.js";
/** Allocates the `length`-float matrix; both storages are shared with worker threads without copying. */
export function allocateMatrix(length, storage = 'wasm') {
    const wasm = storage === 'wasm' ? allocateWasmMatrix(length) : undefined;
    return wasm ?? { matrix: new Float32Array(new SharedArrayBuffer(Math.max(1, length) * 4), 0, length) };
}
/** The kernel for `mode` over `parts`: WASM SIMD when possible in `'auto'`, else plain TS. */
export function selectVectorKernel(mode, parts) {
    return (mode === 'auto' ? createWasmKernel(parts) : undefined) ?? createTsKernel(parts.matrix, parts.dimensions);
}
/**
 * Writes `v / |v|` into `target` (at `offset`); a zero vector stays zero (its cosine with anything is 0).
 * The norm is accumulated in float64 so the result is the correctly rounded float32 of each element.
 */
export function normalizeInto(v, target, offset = 0) {
    let sum = 0;
    for (let i = 0; i < v.length; i++)
        sum += v[i] * v[i];
    const inv = sum > 0 ? 1 / Math.sqrt(sum) : 0;
    for (let i = 0; i < v.length; i++)
        target[offset + i] = v[i] * inv;
}
/** A fresh L2-normalised copy of `v`. Example: `[3, 4]` -> `[0.6, 0.8]`. */
export function l2Normalize(v) {
    const out = new Float32Array(v.length);
    normalizeInto(v, out);
    return out;
}
/**
 * Builds the matrix from embeddings given in layout row order (`vectors[row]`), normalising each row.
 * Memory: exactly rows x d x 4 bytes (plus one page when the allocator rounds up).
 */
export function buildVectorIndex(layout, vectors, options = {}) {
    const rows = layout.chunkIds.length;
    if (vectors.length !== rows) {
        throw new SearchError('VITEST_RAG_SEARCH_BAD_ARGUMENT', `vitest-rag: got ${vectors.length} embeddings for ${rows} chunks (one per chunk is needed)`);
    }
    const d = rows > 0 ? vectors[0].length : 0;
    const { matrix, memory } = allocateMatrix(rows * d, options.storage);
    vectors.forEach((v, row) => {
        if (v.length !== d) {
            throw new SearchError('VITEST_RAG_SEARCH_DIMENSION_MISMATCH', `vitest-rag: embedding of chunk "${layout.chunkIds[row]}" has ${v.length} dimensions, expected ${d} (use one embedder for the whole corpus)`);
        }
        normalizeInto(v, matrix, row * d);
    });
    return new VectorIndex({ layout, dimensions: d, matrix, ...(memory ? { memory } : {}) }, options.kernel);
}
// Queries per pass over the rows: up to 64, as many as fit in about 512 KiB (half a Zen 4 L2), a multiple of 4
// (the batch kernel's group), so each row streamed from memory serves many queries: at 100k x 1536 a block of
// 20 queries made the batch memory-bound (10 passes over 614 MB for 200 queries). Rows per kernel call: the
// score block (rows x queries floats) stays near 64 KiB.
function blockSizes(d) {
    const queryBlock = Math.max(4, Math.min(64, Math.floor(524288 / (Math.max(1, d) * 4 * 4)) * 4));
    return { queryBlock, rowBlock: Math.max(256, Math.floor(16384 / queryBlock)) };
}
/** A built vector index. */
export class VectorIndex {
    parts;
    kernel;
    /**
     * Wraps parts. A matrix in a WASM memory is re-viewed on that memory's current buffer (after a structured
     * clone into a worker, the array and the memory arrive as separate objects over the same bytes).
     */
    constructor(parts, kernel = 'auto') {
        const matrix = parts.memory ? new Float32Array(parts.memory.buffer, parts.matrix.byteOffset, parts.matrix.length) : parts.matrix;
        this.parts = { ...parts, matrix };
        this.kernel = selectVectorKernel(kernel, this.parts);
    }
    /** Top `k` rows of the tenant by cosine (global rows, score desc then row asc); [] for an unknown tenant. */
    search(query, tenantId, k) {
        return this.searchBatch([{ vector: query, tenantId, k }])[0];
    }
    /**
     * Scores a batch: queries of one tenant share each pass over that tenant's rows (blocks of up to 64 queries,
     * sized to stay in L2), which is where batched evaluation beats one-query-at-a-time.
     */
    searchBatch(queries, slice) {
        const { layout, dimensions: d, matrix } = this.parts;
        const results = queries.map(() => []);
        const byTenant = new Map();
        queries.forEach((q, i) => {
            if (q.vector.length !== d) {
                throw new SearchError('VITEST_RAG_SEARCH_DIMENSION_MISMATCH', `vitest-rag: query embedding has ${q.vector.length} dimensions, the index has ${d} (embed queries with the corpus embedder)`);
            }
            const t = tenantNumber(layout, q.tenantId);
            if (t < 0 || q.k <= 0)
                return;
            const list = byTenant.get(t) ?? [];
            list.push(i);
            byTenant.set(t, list);
        });
        const { queryBlock, rowBlock } = blockSizes(d);
        const packed = new Float32Array(queryBlock * d);
        for (const [t, members] of byTenant) {
            const from = layout.rowStart[t];
            const end = layout.rowStart[t + 1];
            // With a slice, score only part `part` of `parts` equal row ranges (the pool splits one query over workers).
            const share = slice ? Math.ceil((end - from) / slice.parts) : end - from;
            const start = slice ? Math.min(end, from + slice.part * share) : from;
            const to = Math.min(end, start + share);
            for (let qb = 0; qb < members.length; qb += queryBlock) {
                const block = members.slice(qb, qb + queryBlock);
                block.forEach((qi, j) => normalizeInto(queries[qi].vector, packed, j * d));
                this.kernel.setQueries(packed, block.length, rowBlock);
                const heaps = block.map((qi) => new TopK(queries[qi].k));
                for (let r0 = start; r0 < to; r0 += rowBlock) {
                    const r1 = Math.min(to, r0 + rowBlock);
                    const span = r1 - r0;
                    const scores = this.kernel.dotRows(r0, r1);
                    for (let j = 0; j < block.length; j++) {
                        const heap = heaps[j];
                        let threshold = heap.threshold;
                        const off = j * span;
                        for (let i = 0; i < span; i++) {
                            const s = scores[off + i];
                            // Fast reject; equality still goes to the heap for the row-order tie-break.
                            if (s < threshold)
                                continue;
                            heap.push(s, r0 + i - from);
                            threshold = heap.threshold;
                        }
                    }
                }
                block.forEach((qi, j) => {
                    results[qi] = heaps[j].sorted().map(({ index, score }) => ({ row: from + index, score }));
                });
            }
        }
        return results;
    }
}
//# sourceMappingURL=vector.js.map