/**
 * A tiny WebAssembly binary encoder: just the sections, instructions and LEB128 integers the vector kernel
 * needs, so the kernel is built from readable source in this repo at load time (microseconds), with no
 * assembler dependency and no checked-in binary. Opcodes follow the WebAssembly 2.0 spec (SIMD: 0xfd prefix).
 */
/** Unsigned LEB128. */
export function uleb(value) {
    const out = [];
    let v = value >>> 0;
    do {
        let byte = v & 0x7f;
        v >>>= 7;
        if (v !== 0)
            byte |= 0x80;
        out.push(byte);
    } while (v !== 0);
    return out;
}
/** Signed LEB128 (32-bit). */
export function sleb(value) {
    const out = [];
    let v = value | 0;
    for (;;) {
        const byte = v & 0x7f;
        v >>= 7;
        if ((v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0)) {
            out.push(byte);
            return out;
        }
        out.push(byte | 0x80);
    }
}
const simd = (opcode) => [0xfd, ...uleb(opcode)];
/** The instructions used by the kernels. Memory offsets are immediate byte offsets added to the address. */
export const op = {
    block: [0x02, 0x40],
    loop: [0x03, 0x40],
    end: [0x0b],
    br: (depth) => [0x0c, ...uleb(depth)],
    brIf: (depth) => [0x0d, ...uleb(depth)],
    get: (local) => [0x20, ...uleb(local)],
    set: (local) => [0x21, ...uleb(local)],
    tee: (local) => [0x22, ...uleb(local)],
    i32: (value) => [0x41, ...sleb(value)],
    i32Add: [0x6a],
    i32Sub: [0x6b],
    i32Mul: [0x6c],
    i32And: [0x71],
    i32GeU: [0x4f],
    i32GeS: [0x4e],
    i32GtS: [0x4a],
    f32Add: [0x92],
    f32Store: (offset = 0) => [0x38, 2, ...uleb(offset)],
    v128Load: (offset = 0) => [...simd(0x00), 2, ...uleb(offset)],
    v128Zero: [...simd(0x0c), ...new Array(16).fill(0)],
    f32x4Add: simd(0xe4),
    f32x4Mul: simd(0xe6),
    f32x4ExtractLane: (lane) => [...simd(0x1f), lane],
};
/** Value types. */
export const valType = { i32: 0x7f, v128: 0x7b };
function section(id, body) {
    return [id, ...uleb(body.length), ...body];
}
function vec(items) {
    return [...uleb(items.length), ...items.flat()];
}
function name(text) {
    const bytes = [...new TextEncoder().encode(text)];
    return [...uleb(bytes.length), ...bytes];
}
/**
 * A module that imports `env.memory` (shared when `shared`, with `minPages`..`maxPages` 64 KiB pages) and exports
 * `functions` (all `(i32 x params) -> ()`).
 */
export function encodeModule(functions, memory) {
    const types = vec(functions.map((f) => [0x60, ...vec(new Array(f.params).fill([valType.i32])), 0]));
    const limits = [memory.shared ? 0x03 : 0x01, ...uleb(memory.minPages), ...uleb(memory.maxPages)];
    const imports = vec([[...name('env'), ...name('memory'), 0x02, ...limits]]);
    const funcs = vec(functions.map((_, i) => uleb(i)));
    const exports = vec(functions.map((f, i) => [...name(f.name), 0x00, ...uleb(i)]));
    const bodies = vec(functions.map((f) => {
        const body = [...vec(f.locals.map((l) => [...uleb(l.count), l.type])), ...f.body, ...op.end];
        return [...uleb(body.length), ...body];
    }));
    return Uint8Array.from([
        0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
        ...section(1, types),
        ...section(2, imports),
        ...section(3, funcs),
        ...section(7, exports),
        ...section(10, bodies),
    ]);
}
//# sourceMappingURL=wasm-encoder.js.map