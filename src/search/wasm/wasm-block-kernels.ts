/**
 * The blocked dot-product kernels, as WebAssembly source for `wasm-encoder.ts`: `dot4` (float32 rows x float32
 * queries) and `idot4` (int8 rows x int16 queries), two rows x four queries per step. The one-query kernels and
 * the summing order they share are described in `wasm-kernels.ts`.
 */
import { type Code, type WasmFunction, op, valType } from './wasm-encoder.ts'

// The instruction sequences below are hand-laid tables, one instruction group per line (operands, then the op
// that consumes them, then where the result goes), so `// prettier-ignore` keeps them: the formatter would put
// one instruction per line, hiding the groups.

// The two flavours of the blocked kernel: float32 rows x float32 queries, or int8 rows (sign-extended to i16 on
// load) x int16 queries. Both step 4 queries x 16 bytes of query per step.
interface BlockFlavour {
  name: string
  /** Bytes of one row: d * 4 (f32) or the padded stride (i8). */
  rowBytes: (d: number) => Code
  /** Bytes of one query (f32: d * 4; i16: stride * 2). */
  queryShift: number
  /** Row bytes consumed per step (one v128 of query lanes). */
  rowStep: number
  loadRow: Code
  madd: (a: number, m: number, qv: number) => Code
  hsum: (a: number) => Code
  store: (offset: number) => Code
}

const f32Flavour: BlockFlavour = {
  name: 'dot4',
  rowBytes: (d) => [...op.get(d), ...op.i32(4), ...op.i32Mul],
  queryShift: 0,
  rowStep: 16,
  loadRow: op.v128Load(0),
  madd: (a, m, qv) => [...op.get(a), ...op.get(m), ...op.get(qv), ...op.f32x4Mul, ...op.f32x4Add, ...op.set(a)],
  // prettier-ignore
  hsum: (a) => [
    ...op.get(a), ...op.f32x4ExtractLane(0), ...op.get(a), ...op.f32x4ExtractLane(1), ...op.f32Add,
    ...op.get(a), ...op.f32x4ExtractLane(2), ...op.get(a), ...op.f32x4ExtractLane(3), ...op.f32Add, ...op.f32Add,
  ],
  store: (offset) => op.f32Store(offset),
}

/** The int8 rows x int16 queries flavour; its `hsum` also ends `idot1` in `wasm-kernels.ts`. */
export const i8Flavour: BlockFlavour = {
  name: 'idot4',
  rowBytes: (d) => op.get(d),
  queryShift: 1,
  rowStep: 8,
  loadRow: op.v128Load8x8S(0),
  madd: (a, m, qv) => [...op.get(a), ...op.get(m), ...op.get(qv), ...op.i32x4DotI16x8S, ...op.i32x4Add, ...op.set(a)],
  // i32 adds wrap mod 2^32, so the total is exact whenever it fits in i32 (quantize.ts picks the query scale so it does).
  // prettier-ignore
  hsum: (a) => [
    ...op.get(a), ...op.i32x4ExtractLane(0), ...op.get(a), ...op.i32x4ExtractLane(1), ...op.i32Add,
    ...op.get(a), ...op.i32x4ExtractLane(2), ...op.get(a), ...op.i32x4ExtractLane(3), ...op.i32Add, ...op.i32Add,
  ],
  store: (offset) => op.i32Store(offset),
}

// The locals of dot4 / idot4: the 7 parameters, 11 i32 scratch, then v128 accumulators of row A (18-21) and
// row B (22-25), the two row slices, four query slices.
const [mat, d, r0, r1, q, nq, out] = [0, 1, 2, 3, 4, 5, 6]
const [bytes, row, r, qa, span4, orow, qend, o, rp, rend, qp] = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]
const accA = [18, 19, 20, 21]
const accB = [22, 23, 24, 25]
const [mA, mB] = [26, 27]
const qs = [28, 29, 30, 31]

/** Stores accumulator a for query k of the group at row offset `rowOffset` (0 for row A, 4 bytes for row B). */
function storeAccumulator(flavour: BlockFlavour, a: number, k: number, rowOffset: number): Code {
  return [
    ...op.get(o),
    ...op.get(span4),
    ...op.i32(k),
    ...op.i32Mul,
    ...op.i32Add,
    ...flavour.hsum(a),
    ...flavour.store(rowOffset),
  ]
}

/** Emits the loop over query groups for `rows` (1 or 2) rows starting at `row`, writing at `orow`. */
function loopQueryGroups(flavour: BlockFlavour, rows: 1 | 2): Code {
  const madd = flavour.madd
  const store = (a: number, k: number, rowOffset: number): Code => storeAccumulator(flavour, a, k, rowOffset)
  // prettier-ignore
  return [
    ...op.get(q), ...op.set(qa),
    ...op.get(orow), ...op.set(o),
    ...op.get(row), ...op.get(bytes), ...op.i32Add, ...op.set(rend),
    ...op.block, ...op.loop,
    ...op.get(qa), ...op.get(qend), ...op.i32GeS, ...op.brIf(1),
    ...[...accA, ...(rows === 2 ? accB : [])].flatMap((a) => [...op.v128Zero, ...op.set(a)]),
    ...op.get(row), ...op.set(rp),
    ...op.get(qa), ...op.set(qp),
    ...op.block, ...op.loop,
    ...op.get(rp), ...op.get(rend), ...op.i32GeS, ...op.brIf(1),
    ...op.get(rp), ...flavour.loadRow, ...op.set(mA),
    ...(rows === 2 ? [...op.get(rp), ...op.get(bytes), ...op.i32Add, ...flavour.loadRow, ...op.set(mB)] : []),
    ...qs.flatMap((qv, k) => [...op.get(qp), ...op.v128Load(16 * k), ...op.set(qv)]),
    ...qs.flatMap((qv, k) => madd(accA[k] as number, mA, qv)),
    ...(rows === 2 ? qs.flatMap((qv, k) => madd(accB[k] as number, mB, qv)) : []),
    ...op.get(rp), ...op.i32(flavour.rowStep), ...op.i32Add, ...op.set(rp),
    ...op.get(qp), ...op.i32(64), ...op.i32Add, ...op.set(qp),
    ...op.br(0), ...op.end, ...op.end,
    ...accA.flatMap((a, k) => store(a, k, 0)),
    ...(rows === 2 ? accB.flatMap((a, k) => store(a, k, 4)) : []),
    ...op.get(qa), ...op.get(bytes), ...op.i32(4 << flavour.queryShift), ...op.i32Mul, ...op.i32Add, ...op.set(qa),
    ...op.get(o), ...op.get(span4), ...op.i32(4), ...op.i32Mul, ...op.i32Add, ...op.set(o),
    ...op.br(0), ...op.end, ...op.end,
  ]
}

// dot4(mat, d, r0, r1, q, nq, out) / idot4(codes, stride, r0, r1, q, nq, out): nq % 4 = 0, queries interleaved
// by 4 (16 bytes of q0, of q1, of q2, of q3, ...); out[k * span + (r - r0)].
// Rows go in pairs: each step loads one v128 of two rows and of four queries and updates 8 accumulators
// (register blocking: 6 loads per 32 (f32) or 64 (i8) multiply-adds). An odd last row runs alone. In dot4 each
// (row, query) sum is one f32x4 chain in element order, exactly as in dot1.
function blockDot(flavour: BlockFlavour): WasmFunction {
  // prettier-ignore
  const body: Code = [
    ...flavour.rowBytes(d), ...op.set(bytes),
    ...op.get(r1), ...op.get(r0), ...op.i32Sub, ...op.i32(4), ...op.i32Mul, ...op.set(span4),
    ...op.get(q), ...op.get(nq), ...op.get(bytes), ...op.i32Mul, ...op.i32(1 << flavour.queryShift), ...op.i32Mul,
    ...op.i32Add, ...op.set(qend),
    ...op.get(mat), ...op.get(r0), ...op.get(bytes), ...op.i32Mul, ...op.i32Add, ...op.set(row),
    ...op.get(out), ...op.set(orow),
    ...op.get(r0), ...op.set(r),
    // Pairs of rows.
    ...op.block, ...op.loop,
    ...op.get(r), ...op.i32(2), ...op.i32Add, ...op.get(r1), ...op.i32GtS, ...op.brIf(1),
    ...loopQueryGroups(flavour, 2),
    ...op.get(orow), ...op.i32(8), ...op.i32Add, ...op.set(orow),
    ...op.get(row), ...op.get(bytes), ...op.i32(2), ...op.i32Mul, ...op.i32Add, ...op.set(row),
    ...op.get(r), ...op.i32(2), ...op.i32Add, ...op.set(r),
    ...op.br(0), ...op.end, ...op.end,
    // The odd last row.
    ...op.block,
    ...op.get(r), ...op.get(r1), ...op.i32GeS, ...op.brIf(0),
    ...loopQueryGroups(flavour, 1),
    ...op.end,
  ]
  return {
    name: flavour.name,
    params: 7,
    locals: [
      { count: 11, type: valType.i32 },
      { count: 14, type: valType.v128 },
    ],
    body,
  }
}

/** The float32 block kernel (see the file comment). */
export function dot4(): WasmFunction {
  return blockDot(f32Flavour)
}

/** The int8 x int16 block kernel: exact i32 dot products of 2 rows x 4 queries per step. */
export function idot4(): WasmFunction {
  return blockDot(i8Flavour)
}
