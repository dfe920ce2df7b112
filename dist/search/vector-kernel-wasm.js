import { wasmApi } from "./wasm-api.js";
import { encodeModule, op, valType } from "./wasm-encoder.js";
const pageBytes = 65536;
const maxPages = 65536;
// dot1(mat, d, r0, r1, q, out): out[r - r0] = dot(row r, q). One row at a time, so the matrix is read as one
// linear stream (interleaving several rows measured 2.5x slower: the prefetcher loses). One f32x4 accumulator
// chain per row, in element order, exactly as dot4 sums: a query scores bit-identically alone or in a batch. The
// chain's add latency caps it near 20 GB/s, above what one thread gets from DRAM here, so it costs nothing; the
// loop is unrolled by 4 (64 bytes per iteration) with a 16-byte tail.
function dot1() {
    const [mat, d, r0, r1, q, out] = [0, 1, 2, 3, 4, 5];
    const [bytes, row, i, end64, r, o, rp, qp] = [6, 7, 8, 9, 10, 11, 12, 13];
    const a = 14;
    const step = (offset) => [...op.get(a), ...op.get(rp), ...op.v128Load(offset), ...op.get(qp), ...op.v128Load(offset), ...op.f32x4Mul, ...op.f32x4Add, ...op.set(a)];
    const pointers = [...op.get(row), ...op.get(i), ...op.i32Add, ...op.set(rp), ...op.get(q), ...op.get(i), ...op.i32Add, ...op.set(qp)];
    const body = [
        ...op.get(d), ...op.i32(4), ...op.i32Mul, ...op.set(bytes),
        ...op.get(bytes), ...op.i32(-64), ...op.i32And, ...op.set(end64),
        ...op.get(mat), ...op.get(r0), ...op.get(bytes), ...op.i32Mul, ...op.i32Add, ...op.set(row),
        ...op.get(out), ...op.set(o),
        ...op.get(r0), ...op.set(r),
        ...op.block, ...op.loop,
        ...op.get(r), ...op.get(r1), ...op.i32GeS, ...op.brIf(1),
        ...op.v128Zero, ...op.set(a),
        ...op.i32(0), ...op.set(i),
        ...op.block, ...op.loop,
        ...op.get(i), ...op.get(end64), ...op.i32GeS, ...op.brIf(1),
        ...pointers,
        ...step(0), ...step(16), ...step(32), ...step(48),
        ...op.get(i), ...op.i32(64), ...op.i32Add, ...op.set(i),
        ...op.br(0), ...op.end, ...op.end,
        ...op.block, ...op.loop,
        ...op.get(i), ...op.get(bytes), ...op.i32GeS, ...op.brIf(1),
        ...pointers,
        ...step(0),
        ...op.get(i), ...op.i32(16), ...op.i32Add, ...op.set(i),
        ...op.br(0), ...op.end, ...op.end,
        ...op.get(o),
        ...op.get(a), ...op.f32x4ExtractLane(0), ...op.get(a), ...op.f32x4ExtractLane(1), ...op.f32Add,
        ...op.get(a), ...op.f32x4ExtractLane(2), ...op.get(a), ...op.f32x4ExtractLane(3), ...op.f32Add, ...op.f32Add,
        ...op.f32Store(0),
        ...op.get(o), ...op.i32(4), ...op.i32Add, ...op.set(o),
        ...op.get(row), ...op.get(bytes), ...op.i32Add, ...op.set(row),
        ...op.get(r), ...op.i32(1), ...op.i32Add, ...op.set(r),
        ...op.br(0), ...op.end, ...op.end,
    ];
    return { name: 'dot1', params: 6, locals: [{ count: 8, type: valType.i32 }, { count: 1, type: valType.v128 }], body };
}
// dot4(mat, d, r0, r1, q, nq, out): nq % 4 = 0, queries interleaved by 4; out[k * span + (r - r0)].
// Rows go in pairs: each step loads 4 floats of two rows and of four queries and updates 8 accumulators
// (register blocking: 6 loads per 32 multiply-adds). An odd last row runs alone. Each (row, query) sum is one
// f32x4 chain in element order, exactly as in dot1.
function dot4() {
    const [mat, d, r0, r1, q, nq, out] = [0, 1, 2, 3, 4, 5, 6];
    const [bytes, row, r, qa, span4, orow, qend, o, rp, rend, qp] = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
    // v128 locals: accumulators of row A (18-21) and row B (22-25), the two row slices, four query slices.
    const accA = [18, 19, 20, 21];
    const accB = [22, 23, 24, 25];
    const [mA, mB] = [26, 27];
    const qs = [28, 29, 30, 31];
    const hsum = (a) => [
        ...op.get(a), ...op.f32x4ExtractLane(0), ...op.get(a), ...op.f32x4ExtractLane(1), ...op.f32Add,
        ...op.get(a), ...op.f32x4ExtractLane(2), ...op.get(a), ...op.f32x4ExtractLane(3), ...op.f32Add, ...op.f32Add,
    ];
    // Stores accumulator a for query k of the group at row offset `rowOffset` (0 for row A, 4 bytes for row B).
    const store = (a, k, rowOffset) => [...op.get(o), ...op.get(span4), ...op.i32(k), ...op.i32Mul, ...op.i32Add, ...hsum(a), ...op.f32Store(rowOffset)];
    const madd = (a, m, qv) => [...op.get(a), ...op.get(m), ...op.get(qv), ...op.f32x4Mul, ...op.f32x4Add, ...op.set(a)];
    // The loop over query groups for `rows` (1 or 2) rows starting at `row`, writing at `orow`.
    const groups = (rows) => [
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
        ...op.get(rp), ...op.v128Load(0), ...op.set(mA),
        ...(rows === 2 ? [...op.get(rp), ...op.get(bytes), ...op.i32Add, ...op.v128Load(0), ...op.set(mB)] : []),
        ...qs.flatMap((qv, k) => [...op.get(qp), ...op.v128Load(16 * k), ...op.set(qv)]),
        ...qs.flatMap((qv, k) => madd(accA[k], mA, qv)),
        ...(rows === 2 ? qs.flatMap((qv, k) => madd(accB[k], mB, qv)) : []),
        ...op.get(rp), ...op.i32(16), ...op.i32Add, ...op.set(rp),
        ...op.get(qp), ...op.i32(64), ...op.i32Add, ...op.set(qp),
        ...op.br(0), ...op.end, ...op.end,
        ...accA.flatMap((a, k) => store(a, k, 0)),
        ...(rows === 2 ? accB.flatMap((a, k) => store(a, k, 4)) : []),
        ...op.get(qa), ...op.get(bytes), ...op.i32(4), ...op.i32Mul, ...op.i32Add, ...op.set(qa),
        ...op.get(o), ...op.get(span4), ...op.i32(4), ...op.i32Mul, ...op.i32Add, ...op.set(o),
        ...op.br(0), ...op.end, ...op.end,
    ];
    const body = [
        ...op.get(d), ...op.i32(4), ...op.i32Mul, ...op.set(bytes),
        ...op.get(r1), ...op.get(r0), ...op.i32Sub, ...op.i32(4), ...op.i32Mul, ...op.set(span4),
        ...op.get(q), ...op.get(nq), ...op.get(bytes), ...op.i32Mul, ...op.i32Add, ...op.set(qend),
        ...op.get(mat), ...op.get(r0), ...op.get(bytes), ...op.i32Mul, ...op.i32Add, ...op.set(row),
        ...op.get(out), ...op.set(orow),
        ...op.get(r0), ...op.set(r),
        // Pairs of rows.
        ...op.block, ...op.loop,
        ...op.get(r), ...op.i32(2), ...op.i32Add, ...op.get(r1), ...op.i32GtS, ...op.brIf(1),
        ...groups(2),
        ...op.get(orow), ...op.i32(8), ...op.i32Add, ...op.set(orow),
        ...op.get(row), ...op.get(bytes), ...op.i32(2), ...op.i32Mul, ...op.i32Add, ...op.set(row),
        ...op.get(r), ...op.i32(2), ...op.i32Add, ...op.set(r),
        ...op.br(0), ...op.end, ...op.end,
        // The odd last row.
        ...op.block,
        ...op.get(r), ...op.get(r1), ...op.i32GeS, ...op.brIf(0),
        ...groups(1),
        ...op.end,
    ];
    return { name: 'dot4', params: 7, locals: [{ count: 11, type: valType.i32 }, { count: 14, type: valType.v128 }], body };
}
let compiled;
/** The compiled kernel module, or null when this runtime lacks WASM SIMD or shared memory. */
export function wasmKernelModule() {
    if (compiled === undefined) {
        try {
            if (!wasmApi)
                throw new Error('no WebAssembly');
            compiled = new wasmApi.Module(encodeModule([dot1(), dot4()], { minPages: 0, maxPages, shared: true }));
        }
        catch {
            compiled = null;
        }
    }
    return compiled ?? null;
}
/**
 * Allocates a float32 matrix inside a new shared WebAssembly memory (rounded up to 64 KiB pages; growable later
 * for kernel scratch). Returns undefined when WASM SIMD is unavailable.
 */
export function allocateWasmMatrix(length) {
    if (!wasmKernelModule() || !wasmApi)
        return undefined;
    const pages = Math.max(1, Math.ceil((length * 4) / pageBytes));
    if (pages + 16 > maxPages)
        return undefined; // over 4 GiB: wasm32 cannot address it
    try {
        // Maximum = matrix + 256 pages (16 MiB) of headroom for the kernels' scratch regions.
        const memory = new wasmApi.Memory({ initial: pages, maximum: Math.min(maxPages, pages + 256), shared: true });
        return { matrix: new Float32Array(memory.buffer, 0, length), memory };
    }
    catch {
        // Address space for WASM memories is finite (each reserves guard regions): fall back to a plain shared buffer.
        return undefined;
    }
}
/**
 * A kernel bound to `parts` (whose `memory` holds the matrix at `matrix.byteOffset`), or undefined when SIMD is
 * missing, d % 4 != 0, or the matrix is not in a WASM memory (the caller then uses the TS kernel).
 */
export function createWasmKernel(parts) {
    const module = wasmKernelModule();
    const memory = parts.memory;
    const d = parts.dimensions;
    if (!module || !wasmApi || !memory || d % 4 !== 0 || d === 0)
        return undefined;
    const exports = new wasmApi.Instance(module, { env: { memory } }).exports;
    const matPtr = parts.matrix.byteOffset;
    let scratch = 0;
    let scratchBytes = 0;
    let queryCount = 0;
    let padded = 0;
    let rowLimit = 0;
    let heap = new Float32Array(memory.buffer);
    const ensureScratch = (bytes) => {
        if (bytes > scratchBytes) {
            const pages = Math.ceil(bytes / pageBytes);
            scratch = memory.grow(pages) * pageBytes;
            scratchBytes = pages * pageBytes;
            // A grow (here or in another thread) replaces memory.buffer; old views stay valid but do not reach the
            // new region, so take a fresh view.
            heap = new Float32Array(memory.buffer);
        }
    };
    return {
        name: 'wasm-simd',
        setQueries(queries, count, maxRows) {
            queryCount = count;
            padded = count === 1 ? 1 : Math.ceil(count / 4) * 4;
            rowLimit = maxRows;
            ensureScratch(padded * d * 4 + padded * maxRows * 4);
            const qf = scratch >> 2;
            if (count === 1) {
                heap.set(queries.subarray(0, d), qf);
                return;
            }
            // Interleave by groups of 4: element (query j, dim i) goes to group j >> 2 at (i >> 2) * 16 + (j & 3) * 4 + (i & 3).
            for (let j = 0; j < padded; j++) {
                const g = qf + (j >> 2) * 4 * d + (j & 3) * 4;
                const src = j * d;
                for (let i = 0; i < d; i += 4) {
                    const dst = g + i * 4;
                    const live = j < count;
                    heap[dst] = live ? queries[src + i] : 0;
                    heap[dst + 1] = live ? queries[src + i + 1] : 0;
                    heap[dst + 2] = live ? queries[src + i + 2] : 0;
                    heap[dst + 3] = live ? queries[src + i + 3] : 0;
                }
            }
        },
        dotRows(rowFrom, rowTo) {
            const span = rowTo - rowFrom;
            const outPtr = scratch + padded * d * 4;
            if (span > rowLimit)
                throw new RangeError(`vitest-rag: WASM kernel block of ${span} rows exceeds the ${rowLimit} announced to setQueries`);
            if (queryCount === 1)
                exports.dot1(matPtr, d, rowFrom, rowTo, scratch, outPtr);
            else
                exports.dot4(matPtr, d, rowFrom, rowTo, scratch, padded, outPtr);
            return heap.subarray(outPtr >> 2, (outPtr >> 2) + queryCount * span);
        },
    };
}
//# sourceMappingURL=vector-kernel-wasm.js.map