/**
 * The slice of the WebAssembly JS API the vector kernel uses, typed locally: the project's `lib` (ES2023,
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
