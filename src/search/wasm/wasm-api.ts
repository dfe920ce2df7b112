/**
 * The slice of the WebAssembly JS API the kernels use (vector and BM25), typed locally: the project's `lib` (ES2023,
 * no DOM) and @types/node do not declare the `WebAssembly` constructors.
 */

/** A (shared) linear memory. */
export interface WasmMemory {
  readonly buffer: ArrayBufferLike
  /** Grows by `pages` 64 KiB pages; returns the previous size in pages. */
  grow(pages: number): number
}

/** A compiled module (opaque). */
export type WasmModule = object

interface WasmApi {
  Module: new (bytes: Uint8Array) => WasmModule
  Instance: new (
    module: WasmModule,
    imports: Record<string, Record<string, unknown>>,
  ) => { exports: Record<string, unknown> }
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => WasmMemory
}

/** The runtime's WebAssembly object, or undefined where there is none. */
export const wasmApi: WasmApi | undefined = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly

/** Bytes in one WebAssembly memory page. */
export const wasmPageBytes = 65536

/** The most pages a wasm32 memory can address (4 GiB). */
export const wasmMaxPages = 65536

/**
 * A getter for the module compiled from `bytes()` on its first call (not at import: a process that never searches
 * never compiles), cached per thread; null, also cached, where the runtime has no WebAssembly or rejects the module
 * (no SIMD, no shared memory), so callers fall back to their TS loops.
 */
export function lazyModule(bytes: () => Uint8Array): () => WasmModule | null {
  let compiled: WasmModule | null | undefined
  return () => {
    if (compiled === undefined) {
      try {
        compiled = wasmApi ? new wasmApi.Module(bytes()) : null
      } catch {
        compiled = null
      }
    }
    return compiled
  }
}

/** The exports of `module` instantiated over `memory` (its `env.memory` import); undefined with no module. */
export function instantiateModule<T>(module: WasmModule | null, memory: WasmMemory): T | undefined {
  if (!module || !wasmApi) return undefined
  return new wasmApi.Instance(module, { env: { memory } }).exports as unknown as T
}
