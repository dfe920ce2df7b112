import { type TenantLayout } from './tenant-layout.js';
import type { RankedRow } from './types.js';
import { type VectorKernel } from './vector-kernel.js';
import type { WasmMemory } from './wasm-api.js';
/** The plain-data form of a vector index. */
export interface VectorParts {
    layout: TenantLayout;
    /** Embedding dimension d. */
    dimensions: number;
    /** Row-major `rows x d` float32 matrix in layout row order, each row L2-normalised (or all zeros). */
    matrix: Float32Array;
    /** The shared WebAssembly memory holding `matrix` (at `matrix.byteOffset`), when it lives in one. */
    memory?: WasmMemory;
}
/** Where the matrix lives: `'wasm'` (a shared WebAssembly memory, when the runtime has SIMD) or `'shared'` (a SharedArrayBuffer). */
export type MatrixStorage = 'wasm' | 'shared';
/** Which vector kernel scores: `'auto'` (WASM SIMD when the matrix is in a WASM memory) or `'ts'`. */
export type VectorKernelMode = 'auto' | 'ts';
/** Allocates the `length`-float matrix; both storages are shared with worker threads without copying. */
export declare function allocateMatrix(length: number, storage?: MatrixStorage): {
    matrix: Float32Array;
    memory?: WasmMemory;
};
/** The kernel for `mode` over `parts`: WASM SIMD when possible in `'auto'`, else plain TS. */
export declare function selectVectorKernel(mode: VectorKernelMode, parts: VectorParts): VectorKernel;
/**
 * Writes `v / |v|` into `target` (at `offset`); a zero vector stays zero (its cosine with anything is 0).
 * The norm is accumulated in float64 so the result is the correctly rounded float32 of each element.
 */
export declare function normalizeInto(v: ArrayLike<number>, target: Float32Array, offset?: number): void;
/** A fresh L2-normalised copy of `v`. Example: `[3, 4]` -> `[0.6, 0.8]`. */
export declare function l2Normalize(v: ArrayLike<number>): Float32Array;
/**
 * Builds the matrix from embeddings given in layout row order (`vectors[row]`), normalising each row.
 * Memory: exactly rows x d x 4 bytes (plus one page when the allocator rounds up).
 */
export declare function buildVectorIndex(layout: TenantLayout, vectors: readonly ArrayLike<number>[], options?: {
    storage?: MatrixStorage;
    kernel?: VectorKernelMode;
}): VectorIndex;
/** One query of a batch: an embedding (normalised here), the tenant, and k. */
export interface VectorQuery {
    vector: ArrayLike<number>;
    tenantId: string;
    k: number;
}
/** Part `part` (0-based) of `parts` equal contiguous row ranges of each tenant. */
export interface RowSlice {
    part: number;
    parts: number;
}
/** A built vector index. */
export declare class VectorIndex {
    readonly parts: VectorParts;
    kernel: VectorKernel;
    /**
     * Wraps parts. A matrix in a WASM memory is re-viewed on that memory's current buffer (after a structured
     * clone into a worker, the array and the memory arrive as separate objects over the same bytes).
     */
    constructor(parts: VectorParts, kernel?: VectorKernelMode);
    /** Top `k` rows of the tenant by cosine (global rows, score desc then row asc); [] for an unknown tenant. */
    search(query: ArrayLike<number>, tenantId: string, k: number): RankedRow[];
    /**
     * Scores a batch: queries of one tenant share each pass over that tenant's rows (blocks of up to 64 queries,
     * sized to stay in L2), which is where batched evaluation beats one-query-at-a-time.
     */
    searchBatch(queries: readonly VectorQuery[], slice?: RowSlice): RankedRow[][];
}
