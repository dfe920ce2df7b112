/**
 * The dot-product kernels, as WebAssembly source for `wasm-encoder.ts`. Float32 (f32x4):
 * - `dot1` (one query): one row at a time, read as a single linear stream (memory-bound);
 * - `dot4` (query blocks): two rows x four queries per step (8 accumulators, 6 loads per 32 multiply-adds);
 *   queries are packed interleaved (4 floats of q0, of q1, of q2, of q3, ...) so the four query loads use
 *   constant offsets from one pointer;
 * - `dotList` (one query, a list of rows): the rescoring step of the bounded 8-bit search.
 * All three sum a row in the same order (lane j accumulates elements j, j + 4, ...; then (l0 + l1) + (l2 + l3)),
 * so a (row, query) score is bit-identical whichever kernel computes it. Needs d % 4 = 0.
 * Int8 (the bounded search's first pass, `quantize.ts`): `idot1` and `idot4`, exact integer dot products of int8
 * rows with an int16 query (`i32x4.dot_i16x8_s` on rows sign-extended by `v128.load8x8_s`).
 * The block kernels `dot4` and `idot4` live in `wasm-block-kernels.ts`.
 */
import { i8Flavour } from './wasm-block-kernels.ts'
import { type Code, type WasmFunction, op, valType } from './wasm-encoder.ts'

// The instruction sequences below are hand-laid tables, one instruction group per line (operands, then the op
// that consumes them, then where the result goes), so `// prettier-ignore` keeps them: the formatter would put
// one instruction per line, hiding the groups and tripling the file.

// The f32x4 sum of one row against one query, left on the stack as an f32: (l0 + l1) + (l2 + l3) of one
// accumulator chain in element order, unrolled by 4 (64 bytes per iteration) with a 16-byte tail. Locals: the row
// pointer, the row byte length, its 64-byte-aligned part, the query pointer, and scratch i, rp, qp, a (v128).
function rowSum(l: {
  row: number
  bytes: number
  end64: number
  q: number
  i: number
  rp: number
  qp: number
  a: number
}): Code {
  // prettier-ignore
  const step = (offset: number): Code => [
    ...op.get(l.a), ...op.get(l.rp), ...op.v128Load(offset), ...op.get(l.qp), ...op.v128Load(offset), ...op.f32x4Mul,
    ...op.f32x4Add, ...op.set(l.a),
  ]
  // prettier-ignore
  const pointers: Code = [
    ...op.get(l.row), ...op.get(l.i), ...op.i32Add, ...op.set(l.rp),
    ...op.get(l.q), ...op.get(l.i), ...op.i32Add, ...op.set(l.qp),
  ]
  // prettier-ignore
  return [
    ...op.v128Zero, ...op.set(l.a),
    ...op.i32(0), ...op.set(l.i),
    ...op.block, ...op.loop,
    ...op.get(l.i), ...op.get(l.end64), ...op.i32GeS, ...op.brIf(1),
    ...pointers,
    ...step(0), ...step(16), ...step(32), ...step(48),
    ...op.get(l.i), ...op.i32(64), ...op.i32Add, ...op.set(l.i),
    ...op.br(0), ...op.end, ...op.end,
    ...op.block, ...op.loop,
    ...op.get(l.i), ...op.get(l.bytes), ...op.i32GeS, ...op.brIf(1),
    ...pointers,
    ...step(0),
    ...op.get(l.i), ...op.i32(16), ...op.i32Add, ...op.set(l.i),
    ...op.br(0), ...op.end, ...op.end,
    ...op.get(l.a), ...op.f32x4ExtractLane(0), ...op.get(l.a), ...op.f32x4ExtractLane(1), ...op.f32Add,
    ...op.get(l.a), ...op.f32x4ExtractLane(2), ...op.get(l.a), ...op.f32x4ExtractLane(3), ...op.f32Add, ...op.f32Add,
  ]
}

// dot1(mat, d, r0, r1, q, out): out[r - r0] = dot(row r, q). One row at a time, so the matrix is read as one
// linear stream (interleaving several rows measured 2.5x slower: the prefetcher loses). The chain's add latency
// caps it near 20 GB/s, above what one thread gets from DRAM here, so one chain costs nothing.
export function dot1(): WasmFunction {
  const [mat, d, r0, r1, q, out] = [0, 1, 2, 3, 4, 5]
  const [bytes, row, i, end64, r, o, rp, qp] = [6, 7, 8, 9, 10, 11, 12, 13]
  const a = 14
  // prettier-ignore
  const body: Code = [
    ...op.get(d), ...op.i32(4), ...op.i32Mul, ...op.set(bytes),
    ...op.get(bytes), ...op.i32(-64), ...op.i32And, ...op.set(end64),
    ...op.get(mat), ...op.get(r0), ...op.get(bytes), ...op.i32Mul, ...op.i32Add, ...op.set(row),
    ...op.get(out), ...op.set(o),
    ...op.get(r0), ...op.set(r),
    ...op.block, ...op.loop,
    ...op.get(r), ...op.get(r1), ...op.i32GeS, ...op.brIf(1),
    ...op.get(o),
    ...rowSum({ row, bytes, end64, q, i, rp, qp, a }),
    ...op.f32Store(0),
    ...op.get(o), ...op.i32(4), ...op.i32Add, ...op.set(o),
    ...op.get(row), ...op.get(bytes), ...op.i32Add, ...op.set(row),
    ...op.get(r), ...op.i32(1), ...op.i32Add, ...op.set(r),
    ...op.br(0), ...op.end, ...op.end,
  ]
  return {
    name: 'dot1',
    params: 6,
    locals: [
      { count: 8, type: valType.i32 },
      { count: 1, type: valType.v128 },
    ],
    body,
  }
}

// dotList(mat, d, rows, count, q, out): out[j] = dot(row rows[j], q) for j < count (rows: i32 row numbers).
// The same rowSum as dot1: the rescored float32 score is bit-identical to the plain path's.
export function dotList(): WasmFunction {
  const [mat, d, rows, count, q, out] = [0, 1, 2, 3, 4, 5]
  const [bytes, row, i, end64, j, o, rp, qp] = [6, 7, 8, 9, 10, 11, 12, 13]
  const a = 14
  // prettier-ignore
  const body: Code = [
    ...op.get(d), ...op.i32(4), ...op.i32Mul, ...op.set(bytes),
    ...op.get(bytes), ...op.i32(-64), ...op.i32And, ...op.set(end64),
    ...op.get(out), ...op.set(o),
    ...op.i32(0), ...op.set(j),
    ...op.block, ...op.loop,
    ...op.get(j), ...op.get(count), ...op.i32GeS, ...op.brIf(1),
    ...op.get(mat), ...op.get(rows), ...op.get(j), ...op.i32(2), ...op.i32Shl, ...op.i32Add, ...op.i32Load(0),
    ...op.get(bytes), ...op.i32Mul, ...op.i32Add, ...op.set(row),
    ...op.get(o),
    ...rowSum({ row, bytes, end64, q, i, rp, qp, a }),
    ...op.f32Store(0),
    ...op.get(o), ...op.i32(4), ...op.i32Add, ...op.set(o),
    ...op.get(j), ...op.i32(1), ...op.i32Add, ...op.set(j),
    ...op.br(0), ...op.end, ...op.end,
  ]
  return {
    name: 'dotList',
    params: 6,
    locals: [
      { count: 8, type: valType.i32 },
      { count: 1, type: valType.v128 },
    ],
    body,
  }
}

// idot1(codes, stride, r0, r1, q, out): out[r - r0] = sum of codes[r][i] * q[i] (int8 row, int16 query, i32 exact).
// stride % 16 = 0 (zero-padded rows and query). 64 row bytes per iteration through four accumulators (so the adds
// do not serialise), then a 16-byte tail; integer sums are exact, so the order is free.
export function idot1(): WasmFunction {
  const [codes, stride, r0, r1, q, out] = [0, 1, 2, 3, 4, 5]
  const [row, o, r, rp, qp, end64, rend] = [6, 7, 8, 9, 10, 11, 12]
  const acc = [13, 14, 15, 16]
  // Two 8-byte halves of 16 row bytes at `offset` into accumulators a and b.
  // prettier-ignore
  const step = (offset: number, a: number, b: number): Code => [
    ...op.get(a), ...op.get(rp), ...op.v128Load8x8S(offset), ...op.get(qp), ...op.v128Load(2 * offset),
    ...op.i32x4DotI16x8S, ...op.i32x4Add, ...op.set(a),
    ...op.get(b), ...op.get(rp), ...op.v128Load8x8S(offset + 8), ...op.get(qp), ...op.v128Load(2 * offset + 16),
    ...op.i32x4DotI16x8S, ...op.i32x4Add, ...op.set(b),
  ]
  // prettier-ignore
  const advance = (bytes: number): Code => [
    ...op.get(rp), ...op.i32(bytes), ...op.i32Add, ...op.set(rp),
    ...op.get(qp), ...op.i32(2 * bytes), ...op.i32Add, ...op.set(qp),
  ]
  const [a0, a1, a2, a3] = acc as [number, number, number, number]
  // prettier-ignore
  const body: Code = [
    ...op.get(codes), ...op.get(r0), ...op.get(stride), ...op.i32Mul, ...op.i32Add, ...op.set(row),
    ...op.get(out), ...op.set(o),
    ...op.get(r0), ...op.set(r),
    ...op.block, ...op.loop,
    ...op.get(r), ...op.get(r1), ...op.i32GeS, ...op.brIf(1),
    ...acc.flatMap((a) => [...op.v128Zero, ...op.set(a)]),
    ...op.get(row), ...op.set(rp),
    ...op.get(q), ...op.set(qp),
    ...op.get(row), ...op.get(stride), ...op.i32Add, ...op.set(rend),
    ...op.get(row), ...op.get(stride), ...op.i32(-64), ...op.i32And, ...op.i32Add, ...op.set(end64),
    ...op.block, ...op.loop,
    ...op.get(rp), ...op.get(end64), ...op.i32GeS, ...op.brIf(1),
    ...step(0, a0, a1), ...step(16, a2, a3), ...step(32, a0, a1), ...step(48, a2, a3),
    ...advance(64),
    ...op.br(0), ...op.end, ...op.end,
    ...op.block, ...op.loop,
    ...op.get(rp), ...op.get(rend), ...op.i32GeS, ...op.brIf(1),
    ...step(0, a0, a1),
    ...advance(16),
    ...op.br(0), ...op.end, ...op.end,
    ...op.get(o),
    ...op.get(a0), ...op.get(a1), ...op.i32x4Add, ...op.get(a2), ...op.get(a3), ...op.i32x4Add, ...op.i32x4Add,
    ...op.set(a0),
    ...i8Flavour.hsum(a0),
    ...op.i32Store(0),
    ...op.get(o), ...op.i32(4), ...op.i32Add, ...op.set(o),
    ...op.get(row), ...op.get(stride), ...op.i32Add, ...op.set(row),
    ...op.get(r), ...op.i32(1), ...op.i32Add, ...op.set(r),
    ...op.br(0), ...op.end, ...op.end,
  ]
  return {
    name: 'idot1',
    params: 6,
    locals: [
      { count: 7, type: valType.i32 },
      { count: 4, type: valType.v128 },
    ],
    body,
  }
}
