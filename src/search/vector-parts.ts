/**
 * The plain-data form of a vector index and its int8 copy: what `vector.ts` builds and snapshots, and what the
 * kernels (`vector-kernel-wasm.ts`) bind to. Types only, in a file of their own so the index and its kernels
 * import them without importing each other.
 */
import type { TenantLayout } from './tenant-layout.ts'
import type { WasmMemory } from './wasm/wasm-api.ts'

/** The plain-data form of a vector index. */
export interface VectorParts {
  layout: TenantLayout
  /** Embedding dimension d. */
  dimensions: number
  /** Row-major `rows x d` float32 matrix in layout row order, each row L2-normalised (or all zeros). */
  matrix: Float32Array
  /** The shared WebAssembly memory holding `matrix` (at `matrix.byteOffset`), when it lives in one. */
  memory?: WasmMemory
  /** The int8 copy for the bounded scan (in `memory`, after the matrix), when built. */
  quantized?: QuantizedParts
}

/** The int8 copy of a matrix (`quantize.ts`). */
export interface QuantizedParts {
  /** Bytes per code row: `codeStride(d)` (`quantize.ts`). */
  stride: number
  /** `rows x stride` int8 codes, zero padded, in the same WebAssembly memory as the matrix. */
  codes: Int8Array
  /** Per row: scale, then the two error-bound factors (`quantizeRows`). */
  rowStats: Float64Array
}
