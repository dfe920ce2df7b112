/**
 * The BM25 dense-pass kernels, as WebAssembly source for `wasm-encoder.ts` (bound in `bm25-wasm.ts`):
 * - `bm25Add` adds one term's postings into a float64 accumulator: `acc[rows[p]] += w * impacts[p]`;
 * - `bm25BlockMax` writes the largest score of each run of rows, from which the caller takes a lower bound of
 *   the k-th best score;
 * - `bm25Collect` lists the rows scoring at least that bound, zeroing the accumulator as it goes.
 * Plain float64 scalar arithmetic, which WebAssembly defines as IEEE 754 round-to-nearest with no fused
 * multiply-add, so each sum is bit-identical to the TS loop's `before + w * impact` in the same order. The gain is
 * per posting: no bounds checks (wasm32 relies on guard pages) and no typed-array dispatch, ~2.8x fewer ns per
 * posting than the TS loop on Cranfield-sized lists (micro-benchmark: 0.94 vs 2.7 ns); the scans use f64x2.
 */
import {
  type WasmMemory,
  lazyModule,
  wasmApi,
  wasmMaxPages as maxPages,
  wasmPageBytes as pageBytes,
} from './wasm-api.ts'
import { type Code, type WasmFunction, encodeModule, op, valType } from './wasm-encoder.ts'

// The instruction sequences are hand-laid tables, one group per line, as in `wasm-kernels.ts`.

// bm25Add(rows, impacts, rowsEnd, acc, w): for each i32 row at rows (byte pointer, up to rowsEnd) and the f64
// impact beside it at impacts, acc[row] = acc[row] + w * impact. w is the term's (integer) query frequency. Two
// postings per iteration (a term's rows are distinct, so the two updates are independent), then a tail of one.
export function bm25Add(): WasmFunction {
  const [rows, impacts, rowsEnd, acc, w] = [0, 1, 2, 3, 4]
  const [slot, wf] = [5, 6]
  // acc[rows[offset / 4]] += wf * impacts[offset / 4] (the f64 impact sits at twice the row's byte offset).
  // prettier-ignore
  const one = (offset: number): Code => [
    ...op.get(acc), ...op.get(rows), ...op.i32Load(offset), ...op.i32(3), ...op.i32Shl, ...op.i32Add, ...op.tee(slot),
    ...op.get(slot), ...op.f64Load(), ...op.get(wf), ...op.get(impacts), ...op.f64Load(2 * offset), ...op.f64Mul,
    ...op.f64Add, ...op.f64Store(),
  ]
  // prettier-ignore
  const body: Code = [
    ...op.get(w), ...op.f64ConvertI32S, ...op.set(wf),
    ...op.block, ...op.loop,
    ...op.get(rows), ...op.i32(4), ...op.i32Add, ...op.get(rowsEnd), ...op.i32GeU, ...op.brIf(1),
    ...one(0), ...one(4),
    ...op.get(rows), ...op.i32(8), ...op.i32Add, ...op.set(rows),
    ...op.get(impacts), ...op.i32(16), ...op.i32Add, ...op.set(impacts),
    ...op.br(0), ...op.end, ...op.end,
    ...op.get(rows), ...op.get(rowsEnd), ...op.i32LtU, ...op.if_, ...one(0), ...op.end,
  ]
  return {
    name: 'bm25Add',
    params: 5,
    locals: [
      { count: 1, type: valType.i32 },
      { count: 1, type: valType.f64 },
    ],
    body,
  }
}

// bm25BlockMax(acc, groups, block, out): for each run of `block` groups of 8 rows of acc (the last run may be
// shorter; `groups` groups in all), its largest score (0 when all are 0) into the next f64 at out. Four f64x2
// maxima per group, in independent chains, so the pass is bound by loads, not by the max latency.
export function bm25BlockMax(): WasmFunction {
  const [acc, groups, block, out] = [0, 1, 2, 3]
  const [end, runEnd, row] = [4, 5, 6]
  const [m0, m1, m2, m3] = [7, 8, 9, 10]
  // prettier-ignore
  const lanes = (m: number, offset: number): Code => [
    ...op.get(m), ...op.get(row), ...op.v128Load(offset), ...op.f64x2Pmax, ...op.set(m),
  ]
  // prettier-ignore
  const body: Code = [
    ...op.get(acc), ...op.get(groups), ...op.i32(6), ...op.i32Shl, ...op.i32Add, ...op.set(end),
    ...op.get(block), ...op.i32(6), ...op.i32Shl, ...op.set(block),
    ...op.get(acc), ...op.set(row),
    ...op.block, ...op.loop,
    ...op.get(row), ...op.get(end), ...op.i32GeU, ...op.brIf(1),
    ...op.get(row), ...op.get(block), ...op.i32Add, ...op.tee(runEnd),
    ...op.get(end), ...op.get(runEnd), ...op.get(end), ...op.i32LtU, ...op.select, ...op.set(runEnd),
    ...op.v128Zero, ...op.set(m0), ...op.v128Zero, ...op.set(m1), ...op.v128Zero, ...op.set(m2), ...op.v128Zero, ...op.set(m3),
    ...op.block, ...op.loop,
    ...op.get(row), ...op.get(runEnd), ...op.i32GeU, ...op.brIf(1),
    ...lanes(m0, 0), ...lanes(m1, 16), ...lanes(m2, 32), ...lanes(m3, 48),
    ...op.get(row), ...op.i32(64), ...op.i32Add, ...op.set(row),
    ...op.br(0), ...op.end, ...op.end,
    ...op.get(m0), ...op.get(m1), ...op.f64x2Pmax, ...op.get(m2), ...op.get(m3), ...op.f64x2Pmax, ...op.f64x2Pmax, ...op.set(m0),
    ...op.get(out), ...op.get(m0), ...op.f64x2ExtractLane(0), ...op.get(m0), ...op.f64x2ExtractLane(1), ...op.f64Max,
    ...op.f64Store(),
    ...op.get(out), ...op.i32(8), ...op.i32Add, ...op.set(out),
    ...op.br(0), ...op.end, ...op.end,
  ]
  return {
    name: 'bm25BlockMax',
    params: 4,
    locals: [
      { count: 3, type: valType.i32 },
      { count: 4, type: valType.v128 },
    ],
    body,
  }
}

// bm25Collect(acc, groups, threshold, rows, scores) -> count: every row of the `groups` groups of 8 rows of acc
// whose score is >= threshold (> 0), ascending, into the i32 list at rows and the f64 list at scores; sets every
// slot to 0 for the next query. A group is tested with four f64x2 compares; only a group with a hit is walked
// row by row (a few groups per query).
export function bm25Collect(): WasmFunction {
  const [acc, groups, threshold, rows, scores] = [0, 1, 2, 3, 4]
  const [slot, end, i, count] = [5, 6, 7, 8]
  const score = 9
  const t = 10
  const ge = (offset: number): Code => [...op.get(slot), ...op.v128Load(offset), ...op.get(t), ...op.f64x2Ge]
  const zero = (offset: number): Code => [...op.get(slot), ...op.v128Zero, ...op.v128Store(offset)]
  // prettier-ignore
  const body: Code = [
    ...op.get(threshold), ...op.f64x2Splat, ...op.set(t),
    ...op.get(acc), ...op.set(slot),
    ...op.get(acc), ...op.get(groups), ...op.i32(6), ...op.i32Shl, ...op.i32Add, ...op.set(end),
    ...op.block, ...op.loop,
    ...op.get(slot), ...op.get(end), ...op.i32GeU, ...op.brIf(1),
    ...ge(0), ...ge(16), ...op.v128Or, ...ge(32), ...ge(48), ...op.v128Or, ...op.v128Or, ...op.v128AnyTrue, ...op.if_,
    ...op.i32(0), ...op.set(i),
    ...op.block, ...op.loop,
    ...op.get(i), ...op.i32(64), ...op.i32GeU, ...op.brIf(1),
    ...op.get(slot), ...op.get(i), ...op.i32Add, ...op.f64Load(), ...op.tee(score), ...op.get(threshold), ...op.f64Ge, ...op.if_,
    ...op.get(rows), ...op.get(count), ...op.i32(2), ...op.i32Shl, ...op.i32Add,
    ...op.get(slot), ...op.get(i), ...op.i32Add, ...op.get(acc), ...op.i32Sub, ...op.i32(3), ...op.i32ShrU, ...op.i32Store(),
    ...op.get(scores), ...op.get(count), ...op.i32(3), ...op.i32Shl, ...op.i32Add, ...op.get(score), ...op.f64Store(),
    ...op.get(count), ...op.i32(1), ...op.i32Add, ...op.set(count),
    ...op.end,
    ...op.get(i), ...op.i32(8), ...op.i32Add, ...op.set(i),
    ...op.br(0), ...op.end, ...op.end,
    ...op.end,
    ...zero(0), ...zero(16), ...zero(32), ...zero(48),
    ...op.get(slot), ...op.i32(64), ...op.i32Add, ...op.set(slot),
    ...op.br(0), ...op.end, ...op.end,
    ...op.get(count),
  ]
  return {
    name: 'bm25Collect',
    params: 5,
    paramTypes: [valType.i32, valType.i32, valType.f64, valType.i32, valType.i32],
    result: valType.i32,
    locals: [
      { count: 4, type: valType.i32 },
      { count: 1, type: valType.f64 },
      { count: 1, type: valType.v128 },
    ],
    body,
  }
}

/**
 * At most this many runs of rows for the k-th-best bound (`bm25BlockMax`): with 4k runs of rows (k <= 64), the k-th
 * largest run maximum is close to the k-th best score, so few rows besides the top k are collected.
 */
export const bm25MaxRuns = 256

/**
 * Bytes of one kernel instance's scratch region for tenants of at most `maxRows` rows, as `Bm25Kernel`
 * (`bm25-wasm.ts`) lays it out: run maxima (bm25MaxRuns f64), the accumulator (maxRows rounded up to whole groups
 * of 8 rows, f64), collected scores (maxRows f64), then collected rows (maxRows i32). Example: 1,400 rows ->
 * (256 + 1,400 + 1,400) x 8 + 1,400 x 4 = 30,048.
 */
export function bm25ScratchBytes(maxRows: number): number {
  return (bm25MaxRuns + Math.ceil(maxRows / 8) * 8 + maxRows) * 8 + maxRows * 4
}

/** The BM25 kernel module, or null where this runtime has no WebAssembly or no shared memory. */
export const bm25KernelModule = lazyModule(() =>
  encodeModule([bm25Add(), bm25BlockMax(), bm25Collect()], { minPages: 0, maxPages, shared: true }),
)

/**
 * A shared WebAssembly memory holding `postings` i32 rows, then (8-aligned) `postings` f64 impacts, with room to
 * grow by {@link bm25ScratchBytes}(`maxRows`) for each of up to 64 kernel instances (one per thread). Undefined when
 * there is no kernel module or the runtime cannot reserve the memory (the caller keeps plain shared arrays).
 */
export function allocateBm25Memory(
  postings: number,
  maxRows: number,
): { rows: Int32Array; impacts: Float64Array; memory: WasmMemory } | undefined {
  if (!bm25KernelModule() || !wasmApi) return undefined
  const scratchBytes = bm25ScratchBytes(maxRows)
  const impactsAt = Math.ceil((postings * 4) / 8) * 8
  const pages = Math.max(1, Math.ceil((impactsAt + postings * 8) / pageBytes))
  const headroom = Math.max(256, 64 * Math.ceil(scratchBytes / pageBytes))
  if (pages + Math.ceil(scratchBytes / pageBytes) > maxPages) return undefined
  try {
    const memory = new wasmApi.Memory({ initial: pages, maximum: Math.min(maxPages, pages + headroom), shared: true })
    return {
      rows: new Int32Array(memory.buffer, 0, postings),
      impacts: new Float64Array(memory.buffer, impactsAt, postings),
      memory,
    }
  } catch {
    return undefined
  }
}
