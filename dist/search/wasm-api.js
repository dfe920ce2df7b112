/**
 * The slice of the WebAssembly JS API the vector kernel uses, typed locally: the project's `lib` (ES2023,
 * no DOM) and @types/node do not declare the `WebAssembly` constructors.
 */
/** The runtime's WebAssembly object, or undefined where there is none. */
export const wasmApi = globalThis.WebAssembly;
//# sourceMappingURL=wasm-api.js.map