/**
 * A tiny WebAssembly binary encoder: just the sections, instructions and LEB128 integers the vector kernel
 * needs, so the kernel is built from readable source in this repo at load time (microseconds), with no
 * assembler dependency and no checked-in binary. Opcodes follow the WebAssembly 2.0 spec (SIMD: 0xfd prefix).
 */
/** Bytes of one instruction or a sequence of them. */
export type Code = number[];
/** Unsigned LEB128. */
export declare function uleb(value: number): Code;
/** Signed LEB128 (32-bit). */
export declare function sleb(value: number): Code;
/** The instructions used by the kernels. Memory offsets are immediate byte offsets added to the address. */
export declare const op: {
    readonly block: readonly [2, 64];
    readonly loop: readonly [3, 64];
    readonly end: readonly [11];
    readonly br: (depth: number) => Code;
    readonly brIf: (depth: number) => Code;
    readonly get: (local: number) => Code;
    readonly set: (local: number) => Code;
    readonly tee: (local: number) => Code;
    readonly i32: (value: number) => Code;
    readonly i32Add: readonly [106];
    readonly i32Sub: readonly [107];
    readonly i32Mul: readonly [108];
    readonly i32And: readonly [113];
    readonly i32GeU: readonly [79];
    readonly i32GeS: readonly [78];
    readonly i32GtS: readonly [74];
    readonly f32Add: readonly [146];
    readonly f32Store: (offset?: number) => Code;
    readonly v128Load: (offset?: number) => Code;
    readonly v128Zero: readonly number[];
    readonly f32x4Add: Code;
    readonly f32x4Mul: Code;
    readonly f32x4ExtractLane: (lane: number) => Code;
};
/** Value types. */
export declare const valType: {
    readonly i32: 127;
    readonly v128: 123;
};
/** One exported function: its i32 parameters, extra locals, and body (without the final `end`). */
export interface WasmFunction {
    name: string;
    params: number;
    locals: Array<{
        count: number;
        type: number;
    }>;
    body: Code;
}
/**
 * A module that imports `env.memory` (shared when `shared`, with `minPages`..`maxPages` 64 KiB pages) and exports
 * `functions` (all `(i32 x params) -> ()`).
 */
export declare function encodeModule(functions: WasmFunction[], memory: {
    minPages: number;
    maxPages: number;
    shared: boolean;
}): Uint8Array;
