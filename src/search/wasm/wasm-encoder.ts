/**
 * A tiny WebAssembly binary encoder: just the sections, instructions and LEB128 integers the vector kernel
 * needs, so the kernel is built from readable source in this repo at load time (microseconds), with no
 * assembler dependency and no checked-in binary. Opcodes follow the WebAssembly 2.0 spec (SIMD: 0xfd prefix).
 */

/** Bytes of one instruction or a sequence of them. */
export type Code = number[]

/** Unsigned LEB128. */
export function uleb(value: number): Code {
  const out: Code = []
  let v = value >>> 0
  do {
    let byte = v & 0x7f
    v >>>= 7
    if (v !== 0) byte |= 0x80
    out.push(byte)
  } while (v !== 0)
  return out
}

/** Signed LEB128 (32-bit). */
export function sleb(value: number): Code {
  const out: Code = []
  let v = value | 0
  for (;;) {
    const byte = v & 0x7f
    v >>= 7
    if ((v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0)) {
      out.push(byte)
      return out
    }
    out.push(byte | 0x80)
  }
}

const simd = (opcode: number): Code => [0xfd, ...uleb(opcode)]

/** The instructions used by the kernels. Memory offsets are immediate byte offsets added to the address. */
export const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  /** `if` with no result (closed by `end`). */
  if_: [0x04, 0x40],
  end: [0x0b],
  br: (depth: number): Code => [0x0c, ...uleb(depth)],
  brIf: (depth: number): Code => [0x0d, ...uleb(depth)],
  get: (local: number): Code => [0x20, ...uleb(local)],
  set: (local: number): Code => [0x21, ...uleb(local)],
  tee: (local: number): Code => [0x22, ...uleb(local)],
  i32: (value: number): Code => [0x41, ...sleb(value)],
  i32Add: [0x6a],
  i32Sub: [0x6b],
  i32Mul: [0x6c],
  i32And: [0x71],
  i32GeU: [0x4f],
  i32GeS: [0x4e],
  i32GtS: [0x4a],
  i32LtU: [0x49],
  /** `select`: the first of two operands when the i32 condition is nonzero, else the second. */
  select: [0x1b],
  i32Shl: [0x74],
  i32ShrU: [0x76],
  i32Load: (offset = 0): Code => [0x28, 2, ...uleb(offset)],
  i32Store: (offset = 0): Code => [0x36, 2, ...uleb(offset)],
  f32Add: [0x92],
  f64Load: (offset = 0): Code => [0x2b, 3, ...uleb(offset)],
  f64Store: (offset = 0): Code => [0x39, 3, ...uleb(offset)],
  f64Add: [0xa0],
  f64Mul: [0xa2],
  f64Ge: [0x66],
  f64Max: [0xa5],
  f64ConvertI32S: [0xb7],
  f32Store: (offset = 0): Code => [0x38, 2, ...uleb(offset)],
  v128Load: (offset = 0): Code => [...simd(0x00), 2, ...uleb(offset)],
  /** Loads 8 bytes and sign-extends each to an i16 lane (`v128.load8x8_s`). */
  v128Load8x8S: (offset = 0): Code => [...simd(0x01), 3, ...uleb(offset)],
  v128Zero: [...simd(0x0c), ...new Array<number>(16).fill(0)],
  v128Store: (offset = 0): Code => [...simd(0x0b), 4, ...uleb(offset)],
  v128Or: simd(0x50),
  v128AnyTrue: simd(0x53),
  f64x2Splat: simd(0x14),
  f64x2ExtractLane: (lane: number): Code => [...simd(0x21), lane],
  f64x2Ge: simd(0x4c),
  /** Lane-wise `a < b ? b : a` (`f64x2.pmax`: one x86 maxpd, no NaN handling, which scores never need). */
  f64x2Pmax: simd(0xf7),
  f32x4Add: simd(0xe4),
  f32x4Mul: simd(0xe6),
  f32x4ExtractLane: (lane: number): Code => [...simd(0x1f), lane],
  i32x4Add: simd(0xae),
  /** Multiplies i16 lanes pairwise and adds adjacent products into i32 lanes (`i32x4.dot_i16x8_s`). */
  i32x4DotI16x8S: simd(0xba),
  i32x4ExtractLane: (lane: number): Code => [...simd(0x1b), lane],
} as const

/** Value types. */
export const valType = { i32: 0x7f, f64: 0x7c, v128: 0x7b } as const

function section(id: number, body: Code): Code {
  return [id, ...uleb(body.length), ...body]
}

function vec(items: Code[]): Code {
  return [...uleb(items.length), ...items.flat()]
}

function name(text: string): Code {
  const bytes = [...new TextEncoder().encode(text)]
  return [...uleb(bytes.length), ...bytes]
}

/**
 * One exported function: its parameter count (i32 unless `paramTypes` gives each one's type), an optional result
 * type, extra locals, and body (without the final `end`).
 */
export interface WasmFunction {
  name: string
  params: number
  paramTypes?: number[]
  result?: number
  locals: Array<{ count: number; type: number }>
  body: Code
}

/**
 * A module that imports `env.memory` (shared when `shared`, with `minPages`..`maxPages` 64 KiB pages) and exports
 * `functions` (each `(i32 x params) -> ()` unless its `paramTypes` and `result` say otherwise).
 */
export function encodeModule(
  functions: WasmFunction[],
  memory: { minPages: number; maxPages: number; shared: boolean },
): Uint8Array {
  const types = vec(
    functions.map((f) => [
      0x60,
      ...vec((f.paramTypes ?? new Array<number>(f.params).fill(valType.i32)).map((t) => [t])),
      ...vec(f.result === undefined ? [] : [[f.result]]),
    ]),
  )
  const limits = [memory.shared ? 0x03 : 0x01, ...uleb(memory.minPages), ...uleb(memory.maxPages)]
  const imports = vec([[...name('env'), ...name('memory'), 0x02, ...limits]])
  const funcs = vec(functions.map((_, i) => uleb(i)))
  const exports = vec(functions.map((f, i) => [...name(f.name), 0x00, ...uleb(i)]))
  const bodies = vec(
    functions.map((f) => {
      const body = [...vec(f.locals.map((l) => [...uleb(l.count), l.type])), ...f.body, ...op.end]
      return [...uleb(body.length), ...body]
    }),
  )
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, types),
    ...section(2, imports),
    ...section(3, funcs),
    ...section(7, exports),
    ...section(10, bodies),
  ])
}
