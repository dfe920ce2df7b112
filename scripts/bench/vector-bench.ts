/**
 * Exact vector top-10 on seeded Gaussian matrices: one query at a time and the whole batch, ours on T threads
 * (1: this thread, the bounded int8 path; 2: the 2-worker pool) against numpy with its BLAS pinned to the same T
 * (GEMV per query; GEMM batch + argpartition), on the same data, each repetition timing ours then numpy so both
 * see the same load: every ratio is the median of the per-repetition ratios, with their range. The float32
 * reference path is timed once beside them. Returns the figures.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SearchPool } from '../../src/search/pool/search-pool.ts'
import { buildBm25Index } from '../../src/search/bm25.ts'
import type { Embedder } from '../../src/search/embedder.ts'
import { codeStride } from '../../src/search/quantize.ts'
import { createSearchIndex, defaultSearchConfig } from '../../src/search/index.ts'
import { layoutByTenant } from '../../src/search/tenant-layout.ts'
import {
  type VectorKernelMode,
  VectorIndex,
  allocateMatrix,
  normalizeInto,
  quantizeMatrix,
} from '../../src/search/vector.ts'
import { peakRssMiB, timeBestWall } from './measure.ts'
import { PeerProcess } from './peer.ts'
import { ratioSpread, spreadOf } from './spread.ts'
import { pythonMissing } from './python.ts'
import type { ThreadFigures, VectorFigures } from './report.ts'
import { fillGaussian } from './synthetic.ts'
import { printVectorTables } from './vector-table.ts'

/** A seeded `n x d` Gaussian matrix, normalised and quantized like a built index; `raw` gets the unnormalised bytes. */
export function gaussianIndex(
  n: number,
  d: number,
  raw?: string,
): { vector: VectorIndex; buildMs: number; chunks: Array<{ id: string; tenantId: string; text: string }> } {
  const chunks = Array.from({ length: n }, (_, i) => ({
    id: `c${String(i).padStart(7, '0')}`,
    tenantId: 't',
    text: '',
  }))
  const { layout } = layoutByTenant(chunks)
  const { matrix, memory, codes } = allocateMatrix(n * d, 'wasm', n * codeStride(d))
  fillGaussian(matrix, n + d)
  if (raw) writeFileSync(raw, new Uint8Array(matrix.buffer, matrix.byteOffset, matrix.byteLength))
  const t0 = performance.now()
  for (let r = 0; r < n; r++) normalizeInto(matrix.subarray(r * d, (r + 1) * d), matrix, r * d)
  const vector = new VectorIndex({
    layout,
    dimensions: d,
    matrix,
    ...(memory ? { memory } : {}),
    ...quantizeMatrix(matrix, d, codes),
  })
  return { vector, buildMs: performance.now() - t0, chunks }
}

/** Index bytes / raw float32 bytes: the WASM memory (matrix, codes, kernel scratch) plus the row stats. */
export function memoryRatio(vector: VectorIndex): number {
  const { memory, matrix, quantized } = vector.parts
  return (
    ((memory ? memory.buffer.byteLength : matrix.byteLength) + (quantized?.rowStats.byteLength ?? 0)) /
    matrix.byteLength
  )
}

// A pool over `vector` whose "embedder" looks query vectors up by their name.
function poolFor(
  vector: VectorIndex,
  chunks: Array<{ id: string; tenantId: string; text: string }>,
  qv: Float32Array[],
  kernel: VectorKernelMode,
): SearchPool {
  const lookup: Embedder = {
    id: 'bench-lookup',
    dimensions: vector.parts.dimensions,
    embed: async (texts) => texts.map((t) => qv[Number(t)] as Float32Array),
  }
  const index = createSearchIndex(
    { ...defaultSearchConfig, arm: 'vector' },
    { bm25: buildBm25Index(chunks), vector, texts: chunks.map(() => ''), embedder: lookup },
  )
  return new SearchPool({ index }, { threads: 2, minQueriesPerTask: 1, kernel })
}

interface Interleaved {
  threads1: ThreadFigures
  threads2: ThreadFigures
  /** Ours and numpy's CPU ms per query, one at a time on 1 thread; numpy's first 20 top-10 ids. */
  oneCpuMs: number
  numpyOneCpuMs: number
  numpyTop: number[][] | undefined
}

// Ours at 1 thread (this thread) and 2 (the pool), numpy with its BLAS pinned to the same count; each repetition
// times ours then numpy, so both see the same load. One-at-a-time passes use the first `one` queries.
async function interleaved(
  vector: VectorIndex,
  chunks: Array<{ id: string; tenantId: string; text: string }>,
  qv: Float32Array[],
  files: { matrix: string; queries: string },
  one: number,
  reps: number,
): Promise<Interleaved> {
  const [n, d] = [vector.parts.layout.chunkIds.length, vector.parts.dimensions]
  const pin = (t: number) => ({ OPENBLAS_NUM_THREADS: `${t}`, OMP_NUM_THREADS: `${t}`, MKL_NUM_THREADS: `${t}` })
  const args = [files.matrix, n, d, files.queries, qv.length, 10, one]
  const peers = [1, 2].map((t) => new PeerProcess('numpy_vector.py', args, pin(t)))
  const pool = poolFor(vector, chunks, qv, 'auto')
  const names = qv.map((_, i) => ({ query: String(i), tenantId: 't', k: 10 }))
  const batch = qv.map((v) => ({ vector: v, tenantId: 't', k: 10 }))
  const ours: Array<Record<string, () => unknown>> = [
    { one: () => qv.slice(0, one).forEach((v) => vector.search(v, 't', 10)), batch: () => vector.searchBatch(batch) },
    {
      one: async () => {
        for (const q of names.slice(0, one)) await pool.searchBatch([q])
      },
      batch: () => pool.searchBatch(names),
    },
  ]
  const series = [0, 1].map(() => ({
    one: [] as number[],
    numpyOne: [] as number[],
    batch: [] as number[],
    numpyBatch: [] as number[],
  }))
  let oneCpu = 0
  let numpyOneCpu = 0
  try {
    const ready = await Promise.all(peers.map((p) => p.next<{ top: number[][] }>()))
    for (let rep = -1; rep < reps; rep++) {
      for (const t of [0, 1]) {
        for (const kind of ['one', 'batch'] as const) {
          const c0 = process.cpuUsage()
          const w0 = performance.now()
          await ours[t]![kind]!()
          const wall = performance.now() - w0
          const cpu = process.cpuUsage(c0)
          const peer = await peers[t]!.ask(kind)
          if (rep < 0) continue // warm-up: JIT, WASM tier-up, fresh workers, BLAS buffers
          const count = kind === 'one' ? one : qv.length
          series[t]![kind].push(wall / count)
          series[t]![kind === 'one' ? 'numpyOne' : 'numpyBatch'].push(peer.wall_ms / count)
          if (t === 0 && kind === 'one') {
            oneCpu += (cpu.user + cpu.system) / 1000 / count / reps
            numpyOneCpu += peer.cpu_ms / count / reps
          }
        }
      }
    }
    const figures = series.map((s) => ({
      one_query_ms: spreadOf(s.one),
      numpy_gemv_ms: spreadOf(s.numpyOne),
      one_query_ratio: ratioSpread(s.one, s.numpyOne),
      batch_ms: spreadOf(s.batch),
      numpy_gemm_ms: spreadOf(s.numpyBatch),
      batch_ratio: ratioSpread(s.batch, s.numpyBatch),
    }))
    return {
      threads1: figures[0]!,
      threads2: figures[1]!,
      oneCpuMs: oneCpu,
      numpyOneCpuMs: numpyOneCpu,
      numpyTop: ready[0]?.top,
    }
  } finally {
    await pool.destroy()
    await Promise.all(peers.map((p) => p.close()))
  }
}

/** Benchmarks each `[N, d]` size with `queryCount` queries; returns figures keyed `"NxD"`. */
export async function benchVector(
  sizes: Array<[number, number]>,
  queryCount: number,
  reps: number,
): Promise<Record<string, VectorFigures>> {
  console.log(`## Exact vector search, top 10 cosine, ${queryCount} queries, seeded Gaussian data\n`)
  const missing = pythonMissing(['numpy'])
  if (missing) console.log(`  (numpy not measured: ${missing})`)
  const figures: Record<string, VectorFigures> = {}
  for (const [n, d] of sizes) {
    const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-bench-'))
    const files = { matrix: join(dir, 'matrix.f32'), queries: join(dir, 'queries.f32') }
    const { vector, buildMs, chunks } = gaussianIndex(n, d, files.matrix)
    const reference = new VectorIndex(vector.parts, 'float32')
    const queries = new Float32Array(queryCount * d)
    fillGaussian(queries, 99)
    writeFileSync(files.queries, new Uint8Array(queries.buffer))
    const qv = Array.from({ length: queryCount }, (_, i) => queries.subarray(i * d, (i + 1) * d))
    const batchOf = (vs: Float32Array[]) => vs.map((v) => ({ vector: v, tenantId: 't', k: 10 }))
    vector.boundedStats.rescoredRows = 0
    qv.forEach((v) => vector.search(v, 't', 10))
    const rescored = vector.boundedStats.rescoredRows / queryCount
    const singleFloat = await timeBestWall(1, () => qv.slice(0, 20).forEach((v) => reference.search(v, 't', 10)))
    const floatPool = poolFor(vector, chunks, qv, 'float32')
    const names = qv.map((_, i) => ({ query: String(i), tenantId: 't', k: 10 }))
    const batchFloatPool = await timeBestWall(1, () => floatPool.searchBatch(names), 1)
    await floatPool.destroy()
    const one = Math.min(50, queryCount)
    const timed = missing ? undefined : await interleaved(vector, chunks, qv, files, one, reps)
    rmSync(dir, { recursive: true, force: true })
    const ours = vector.searchBatch(batchOf(qv))
    const expected = reference.searchBatch(batchOf(qv))
    const exact = ours.filter((hits, i) => JSON.stringify(hits) === JSON.stringify(expected[i])).length
    figures[`${n}x${d}`] = vectorFigures(timed, {
      build_ms: buildMs,
      memory_ratio: memoryRatio(vector),
      kernel: vector.kernelName,
      one_query_float32_ms: singleFloat / Math.min(20, queryCount),
      batch_float32_pool2_ms: batchFloatPool / queryCount,
      rescored_rows_per_query: rescored,
      exact_vs_float32: `${exact}/${queryCount}`,
      peak_rss_mib: peakRssMiB(),
      same: (top) => top.filter((ids, i) => ids.join() === (ours[i] ?? []).map((h) => h.row).join()).length,
    })
    console.log(`  done ${n} x ${d}`)
  }
  printVectorTables(figures)
  return figures
}

type Fixed = Pick<
  VectorFigures,
  | 'build_ms'
  | 'memory_ratio'
  | 'kernel'
  | 'one_query_float32_ms'
  | 'batch_float32_pool2_ms'
  | 'rescored_rows_per_query'
  | 'exact_vs_float32'
  | 'peak_rss_mib'
> & { same: (top: number[][]) => number }

// The report's figures: the per-thread-count series, and the flat names the README table reads, like for like
// (one query: both on 1 thread; batch: both on 2).
function vectorFigures(timed: Interleaved | undefined, { same, ...fixed }: Fixed): VectorFigures {
  const t1 = timed?.threads1
  const t2 = timed?.threads2
  const top = timed?.numpyTop
  return {
    ...fixed,
    one_query_ms: t1?.one_query_ms.median ?? NaN,
    one_query_cpu_ms: timed?.oneCpuMs ?? NaN,
    one_query_pool2_ms: t2?.one_query_ms.median ?? NaN,
    batch_ms: t1?.batch_ms.median ?? NaN,
    batch_pool2_ms: t2?.batch_ms.median ?? NaN,
    ...(t1 && t2 && timed
      ? {
          threads1: t1,
          threads2: t2,
          numpy_gemv_ms: t1.numpy_gemv_ms.median,
          numpy_gemv_cpu_ms: timed.numpyOneCpuMs,
          one_query_cpu_ratio_to_numpy: timed.oneCpuMs / timed.numpyOneCpuMs,
          one_query_ratio_to_numpy: t1.one_query_ratio.median,
          one_query_best_ratio_to_numpy: Math.min(t1.one_query_ratio.median, t2.one_query_ratio.median),
          numpy_gemm_ms: t2.numpy_gemm_ms.median,
          batch_ratio_to_numpy: t2.batch_ratio.median,
          ...(top ? { same_top10_as_numpy: `${same(top)}/${top.length}` } : {}),
        }
      : {}),
  }
}
