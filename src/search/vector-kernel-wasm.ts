/**
 * The WASM SIMD kernels (`wasm-kernels.ts`), assembled at load time by `wasm-encoder.ts` and bound to a matrix.
 * The matrix (and its int8 codes, when quantized) live in a shared `WebAssembly.Memory` (its buffer is a
 * SharedArrayBuffer, so worker threads share it too); each kernel instance grows the memory for private scratch
 * space (queries in, scores out), which is safe because `grow` on a shared memory is atomic and returns each
 * caller a distinct region.
 */
import type { VectorParts } from './vector-parts.ts'
import {
  type WasmMemory,
  instantiateModule,
  lazyModule,
  wasmApi,
  wasmMaxPages as maxPages,
  wasmPageBytes as pageBytes,
} from './wasm/wasm-api.ts'
import { encodeModule } from './wasm/wasm-encoder.ts'
import { dot4, idot4 } from './wasm/wasm-block-kernels.ts'
import { dot1, dotList, idot1 } from './wasm/wasm-kernels.ts'
import type { Int8Kernel, VectorKernel } from './vector-kernel.ts'

// Rows per dotList call when rescoring (bounds the scratch region).
const listChunk = 4096

/** The compiled kernel module, or null when this runtime lacks WASM SIMD or shared memory. */
export const wasmKernelModule = lazyModule(() =>
  encodeModule([dot1(), dot4(), dotList(), idot1(), idot4()], { minPages: 0, maxPages, shared: true }),
)

/**
 * Allocates a float32 matrix of `length` floats, followed (16-byte aligned) by `codeBytes` bytes for its int8
 * codes, inside a new shared WebAssembly memory (rounded up to 64 KiB pages; growable later for kernel scratch).
 * Returns undefined when WASM SIMD is unavailable or the total exceeds what wasm32 can address.
 */
export function allocateWasmMatrix(
  length: number,
  codeBytes = 0,
): { matrix: Float32Array; codes: Int8Array | undefined; memory: WasmMemory } | undefined {
  if (!wasmKernelModule() || !wasmApi) return undefined
  const codeOffset = Math.ceil((length * 4) / 16) * 16
  const pages = Math.max(1, Math.ceil((codeOffset + codeBytes) / pageBytes))
  if (pages + 16 > maxPages) return undefined // over 4 GiB: wasm32 cannot address it
  try {
    // Maximum = matrix + 256 pages (16 MiB) of headroom for the kernels' scratch regions.
    const memory = new wasmApi.Memory({ initial: pages, maximum: Math.min(maxPages, pages + 256), shared: true })
    const codes = codeBytes > 0 ? new Int8Array(memory.buffer, codeOffset, codeBytes) : undefined
    return { matrix: new Float32Array(memory.buffer, 0, length), codes, memory }
  } catch {
    // Address space for WASM memories is finite (each reserves guard regions): fall back to a plain shared buffer.
    return undefined
  }
}

interface KernelExports {
  dot1(mat: number, d: number, r0: number, r1: number, q: number, out: number): void
  dot4(mat: number, d: number, r0: number, r1: number, q: number, nq: number, out: number): void
  dotList(mat: number, d: number, rows: number, count: number, q: number, out: number): void
  idot1(codes: number, stride: number, r0: number, r1: number, q: number, out: number): void
  idot4(codes: number, stride: number, r0: number, r1: number, q: number, nq: number, out: number): void
}

/** A private region of a shared memory, grown on demand; `bytes` and `pointer` change only on growth. */
class Scratch {
  pointer = 0
  bytes = 0
  constructor(private readonly memory: WasmMemory) {}
  /** Ensures `bytes` are available; true when the memory grew (views on it must be re-taken). */
  ensure(bytes: number): boolean {
    if (bytes <= this.bytes) return false
    const pages = Math.ceil(bytes / pageBytes)
    this.pointer = this.memory.grow(pages) * pageBytes
    this.bytes = pages * pageBytes
    return true
  }
}

function instantiate(memory: WasmMemory): KernelExports | undefined {
  return instantiateModule<KernelExports>(wasmKernelModule(), memory)
}

// Group-of-4 interleave: element (query j, lane i) of `width` lanes per v128 goes to group j >> 2 at
// (i / width) * 4 * width + (j & 3) * width + (i % width); queries past `count` are zero.
function interleave<T extends Float32Array | Int16Array>(
  heap: T,
  at: number,
  queries: T,
  count: number,
  padded: number,
  length: number,
  width: number,
): void {
  for (let j = 0; j < padded; j++) {
    const g = at + (j >> 2) * 4 * length + (j & 3) * width
    const src = j * length
    for (let i = 0; i < length; i += width) {
      const dst = g + i * 4
      for (let l = 0; l < width; l++) heap[dst + l] = j < count ? (queries[src + i + l] as number) : 0
    }
  }
}

/** How to drive one flavour of the block kernels (`dot1`/`dot4` or `idot1`/`idot4`). */
interface BlockFlavourBinding<Q extends Float32Array | Int16Array, O extends Float32Array | Int32Array> {
  memory: WasmMemory
  /** Query elements per query (d for float32, the padded stride for int16) and their bytes. */
  length: number
  elementBytes: 2 | 4
  queryView: (buffer: ArrayBufferLike) => Q
  outView: (buffer: ArrayBufferLike) => O
  one: (query: number, out: number, rowFrom: number, rowTo: number) => void
  four: (queries: number, padded: number, out: number, rowFrom: number, rowTo: number) => void
  name: string
}

// setQueries/dotRows over one scratch region: queries (interleaved by 4 when more than one) then the scores.
function bindBlocks<Q extends Float32Array | Int16Array, O extends Float32Array | Int32Array>(
  b: BlockFlavourBinding<Q, O>,
) {
  const block = new Scratch(b.memory)
  const width = 16 / b.elementBytes
  let queryCount = 0
  let padded = 0
  let rowLimit = 0
  let queries = b.queryView(b.memory.buffer)
  let out = b.outView(b.memory.buffer)
  return {
    setQueries(source: Q, count: number, maxRows: number): void {
      queryCount = count
      padded = count === 1 ? 1 : Math.ceil(count / 4) * 4
      rowLimit = maxRows
      // A grow (here or in another thread) replaces memory.buffer; old views do not reach the new region.
      if (
        block.ensure(padded * b.length * b.elementBytes + padded * maxRows * 4) ||
        queries.buffer.byteLength < b.memory.buffer.byteLength
      ) {
        queries = b.queryView(b.memory.buffer)
        out = b.outView(b.memory.buffer)
      }
      const at = block.pointer / b.elementBytes
      if (count === 1) queries.set(source.subarray(0, b.length), at)
      else interleave(queries, at, source, count, padded, b.length, width)
    },
    dotRows(rowFrom: number, rowTo: number): O {
      const span = rowTo - rowFrom
      const outPtr = block.pointer + padded * b.length * b.elementBytes
      if (span > rowLimit)
        throw new RangeError(`${b.name} block of ${span} rows exceeds the ${rowLimit} announced to setQueries`)
      if (queryCount === 1) b.one(block.pointer, outPtr, rowFrom, rowTo)
      else b.four(block.pointer, padded, outPtr, rowFrom, rowTo)
      return out.subarray(outPtr >> 2, (outPtr >> 2) + queryCount * span) as O
    },
  }
}

/**
 * The float32 kernel bound to `parts` (whose `memory` holds the matrix at `matrix.byteOffset`), or undefined when
 * SIMD is missing, d % 4 != 0, or the matrix is not in a WASM memory (the caller then uses the TS kernel).
 * One query: `dot1`; blocks: `dot4` (queries interleaved by 4); `scoreRows`: `dotList`. All bit-identical.
 */
export function createWasmKernel(parts: VectorParts): VectorKernel | undefined {
  const memory = parts.memory
  const d = parts.dimensions
  const exports = memory && d % 4 === 0 && d > 0 ? instantiate(memory) : undefined
  if (!exports || !memory) return undefined
  const matPtr = parts.matrix.byteOffset
  const blocks = bindBlocks({
    memory,
    length: d,
    elementBytes: 4,
    queryView: (buffer) => new Float32Array(buffer),
    outView: (buffer) => new Float32Array(buffer),
    one: (q, out, r0, r1) => exports.dot1(matPtr, d, r0, r1, q, out),
    four: (q, nq, out, r0, r1) => exports.dot4(matPtr, d, r0, r1, q, nq, out),
    name: 'WASM kernel',
  })
  const list = new Scratch(memory)
  let heap = new Float32Array(memory.buffer)
  return {
    name: 'wasm-simd',
    setQueries: blocks.setQueries,
    dotRows: blocks.dotRows,
    scoreRows(query, rows, count) {
      if (list.ensure(d * 4 + listChunk * 8) || heap.buffer.byteLength < memory.buffer.byteLength)
        heap = new Float32Array(memory.buffer)
      const out = new Float32Array(count)
      const qf = list.pointer >> 2
      heap.set(query.subarray(0, d), qf)
      const rowsAt = qf + d
      const outAt = rowsAt + listChunk
      const rowView = new Int32Array(heap.buffer, heap.byteOffset, heap.length)
      for (let from = 0; from < count; from += listChunk) {
        const n = Math.min(listChunk, count - from)
        rowView.set(rows.subarray(from, from + n), rowsAt)
        exports.dotList(matPtr, d, rowsAt << 2, n, qf << 2, outAt << 2)
        out.set(heap.subarray(outAt, outAt + n), from)
      }
      return out
    },
  }
}

/**
 * The int8 kernel over `parts.quantized` (codes in the same WASM memory as the matrix), or undefined without SIMD
 * or codes. Scores are exact i32 dot products of the int8 codes with int16 query codes (`quantize.ts`).
 */
export function createWasmInt8Kernel(parts: VectorParts): Int8Kernel | undefined {
  const memory = parts.memory
  const quantized = parts.quantized
  const exports = memory && quantized ? instantiate(memory) : undefined
  if (!exports || !memory || !quantized) return undefined
  const stride = quantized.stride
  const codesPtr = quantized.codes.byteOffset
  return bindBlocks({
    memory,
    length: stride,
    elementBytes: 2,
    queryView: (buffer) => new Int16Array(buffer),
    outView: (buffer) => new Int32Array(buffer),
    one: (q, out, r0, r1) => exports.idot1(codesPtr, stride, r0, r1, q, out),
    four: (q, nq, out, r0, r1) => exports.idot4(codesPtr, stride, r0, r1, q, nq, out),
    name: 'WASM int8 kernel',
  })
}
