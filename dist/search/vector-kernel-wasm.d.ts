/**
 * The WASM SIMD (f32x4) dot-product kernel, assembled at load time by `wasm-encoder.ts` from the source below.
 * The matrix lives in a shared `WebAssembly.Memory` (its buffer is a SharedArrayBuffer, so worker threads share
 * it too); each kernel instance grows the memory once for private scratch space (queries in, scores out), which
 * is safe because `grow` on a shared memory is atomic and returns each caller a distinct region.
 *
 * Two kernels:
 * - `dot1` (one query): one row at a time, read as a single linear stream (memory-bound);
 * - `dot4` (query blocks): two rows x four queries per step (8 accumulators, 6 loads per 32 multiply-adds);
 *   queries are packed interleaved (4 floats of q0, of q1, of q2, of q3, ...) so the four query loads use
 *   constant offsets from one pointer.
 * Both kernels sum a row in the same order (lane j accumulates elements j, j + 4, ...; then (l0 + l1) + (l2 + l3)),
 * so a query's scores are bit-identical whether it runs alone or in a batch. Scores equal the TS kernel's
 * within 1e-6 (float64 sums there). Needs d % 4 = 0.
 */
import type { VectorParts } from './vector.js';
import { type WasmMemory, type WasmModule } from './wasm-api.js';
import type { VectorKernel } from './vector-kernel.js';
/** The compiled kernel module, or null when this runtime lacks WASM SIMD or shared memory. */
export declare function wasmKernelModule(): WasmModule | null;
/**
 * Allocates a float32 matrix inside a new shared WebAssembly memory (rounded up to 64 KiB pages; growable later
 * for kernel scratch). Returns undefined when WASM SIMD is unavailable.
 */
export declare function allocateWasmMatrix(length: number): {
    matrix: Float32Array;
    memory: WasmMemory;
} | undefined;
/**
 * A kernel bound to `parts` (whose `memory` holds the matrix at `matrix.byteOffset`), or undefined when SIMD is
 * missing, d % 4 != 0, or the matrix is not in a WASM memory (the caller then uses the TS kernel).
 */
export declare function createWasmKernel(parts: VectorParts): VectorKernel | undefined;
