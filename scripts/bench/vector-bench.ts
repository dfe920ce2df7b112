/**
 * Exact vector top-10 on seeded Gaussian matrices: one query at a time (this thread: the bounded int8 path and
 * the float32 reference; and through the 2-worker pool) and the whole batch (this thread and the pool), against
 * numpy timed in the same run on the same data (GEMV per query; GEMM batch + argpartition). Returns the figures.
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
import { fmt, peakRssMiB, printTable, timeBest, timeBestWall } from './measure.ts'
import { runPython } from './python.ts'
import type { VectorFigures } from './report.ts'
import { fillGaussian } from './synthetic.ts'

interface NumpyResult {
  single_ms: number
  single_cpu: number
  batch_ms: number
  batch_cpu: number
  top: number[][]
}

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

/** Benchmarks each `[N, d]` size with `queryCount` queries; returns figures keyed `"NxD"`. */
export async function benchVector(
  sizes: Array<[number, number]>,
  queryCount: number,
  reps: number,
): Promise<Record<string, VectorFigures>> {
  console.log(`## Exact vector search, top 10 cosine, ${queryCount} queries, seeded Gaussian data\n`)
  const figures: Record<string, VectorFigures> = {}
  for (const [n, d] of sizes) {
    const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-bench-'))
    const { vector, buildMs, chunks } = gaussianIndex(n, d, join(dir, 'matrix.f32'))
    const reference = new VectorIndex(vector.parts, 'float32')
    const queries = new Float32Array(queryCount * d)
    fillGaussian(queries, 99)
    writeFileSync(join(dir, 'queries.f32'), new Uint8Array(queries.buffer))
    const qv = Array.from({ length: queryCount }, (_, i) => queries.subarray(i * d, (i + 1) * d))
    const batchOf = (vs: Float32Array[]) => vs.map((v) => ({ vector: v, tenantId: 't', k: 10 }))

    vector.boundedStats.rescoredRows = 0
    const single = await timeBest(reps, () => qv.forEach((v) => vector.search(v, 't', 10)))
    const rescored = vector.boundedStats.rescoredRows / (queryCount * (reps + 1))
    const singleFloat = await timeBestWall(Math.min(reps, 2), () =>
      qv.slice(0, 50).forEach((v) => reference.search(v, 't', 10)),
    )
    const batch = await timeBestWall(reps, () => vector.searchBatch(batchOf(qv)))
    const names = qv.map((_, i) => ({ query: String(i), tenantId: 't', k: 10 }))
    const pool = poolFor(vector, chunks, qv, 'auto')
    const batchPool = await timeBestWall(reps, () => pool.searchBatch(names), 3)
    const singlePool = await timeBestWall(
      reps,
      async () => {
        for (const q of names) await pool.searchBatch([q])
      },
      2,
    )
    await pool.destroy()
    const floatPool = poolFor(vector, chunks, qv, 'float32')
    const batchFloatPool = await timeBestWall(Math.min(reps, 2), () => floatPool.searchBatch(names), 2)
    await floatPool.destroy()
    const numpy = runPython<NumpyResult>('numpy_vector.py', [
      join(dir, 'matrix.f32'),
      n,
      d,
      join(dir, 'queries.f32'),
      queryCount,
      10,
      reps,
    ])
    rmSync(dir, { recursive: true, force: true })
    const ours = vector.searchBatch(batchOf(qv))
    const expected = reference.searchBatch(batchOf(qv))
    const exact = ours.filter((hits, i) => JSON.stringify(hits) === JSON.stringify(expected[i])).length
    const f: VectorFigures = {
      build_ms: buildMs,
      memory_ratio: memoryRatio(vector),
      kernel: vector.kernelName,
      one_query_ms: single.wall / queryCount,
      one_query_cpu_ms: single.cpu / queryCount,
      one_query_float32_ms: singleFloat / Math.min(50, queryCount),
      one_query_pool2_ms: singlePool / queryCount,
      batch_ms: batch / queryCount,
      batch_pool2_ms: batchPool / queryCount,
      batch_float32_pool2_ms: batchFloatPool / queryCount,
      rescored_rows_per_query: rescored,
      exact_vs_float32: `${exact}/${queryCount}`,
      peak_rss_mib: peakRssMiB(),
    }
    if (numpy) {
      const same = numpy.top.filter((ids, i) => ids.join() === (ours[i] ?? []).map((h) => h.row).join()).length
      Object.assign(f, {
        numpy_gemv_ms: numpy.single_ms,
        numpy_gemv_cpu_ms: numpy.single_cpu,
        one_query_cpu_ratio_to_numpy: f.one_query_cpu_ms / numpy.single_cpu,
        one_query_ratio_to_numpy: f.one_query_ms / numpy.single_ms,
        one_query_best_ratio_to_numpy: Math.min(f.one_query_ms, f.one_query_pool2_ms) / numpy.single_ms,
        numpy_gemm_ms: numpy.batch_ms,
        batch_ratio_to_numpy: f.batch_pool2_ms / numpy.batch_ms,
        same_top10_as_numpy: `${same}/${numpy.top.length}`,
      })
    }
    figures[`${n}x${d}`] = f
    console.log(`  done ${n} x ${d}`)
  }
  printVectorTables(figures)
  return figures
}

function printVectorTables(figures: Record<string, VectorFigures>): void {
  const entries = Object.entries(figures)
  console.log(
    '\nOne query at a time (ms/query; numpy GEMV uses its 2 BLAS threads; "best" = the faster of ours in one thread and through the 2-worker pool):\n',
  )
  printTable(
    [
      'N x d',
      'build ms',
      'memory / raw',
      'path',
      'ours 1 thread',
      'float32 path',
      'ours pool 2w',
      'numpy GEMV',
      'ours / numpy',
      'best / numpy',
      'ours CPU ms',
      'rescored rows/query',
      'exact vs float32',
      'same top-10 as numpy',
      'peak RSS MiB',
    ],
    entries.map(([size, f]) => [
      size,
      fmt(f.build_ms),
      fmt(f.memory_ratio),
      f.kernel,
      fmt(f.one_query_ms),
      fmt(f.one_query_float32_ms),
      fmt(f.one_query_pool2_ms),
      fmt(f.numpy_gemv_ms),
      `${fmt(f.one_query_ratio_to_numpy)}x`,
      `${fmt(f.one_query_best_ratio_to_numpy)}x`,
      fmt(f.one_query_cpu_ms),
      fmt(f.rescored_rows_per_query),
      f.exact_vs_float32,
      f.same_top10_as_numpy ?? '-',
      fmt(f.peak_rss_mib),
    ]),
  )
  console.log('Whole batch known up front (ms/query; numpy GEMM + argpartition, 2 BLAS threads):\n')
  printTable(
    ['N x d', 'ours 1 thread', 'ours pool 2w', 'float32 path pool 2w', 'numpy GEMM', 'pool 2w / numpy'],
    entries.map(([size, f]) => [
      size,
      fmt(f.batch_ms),
      fmt(f.batch_pool2_ms),
      fmt(f.batch_float32_pool2_ms),
      fmt(f.numpy_gemm_ms),
      `${fmt(f.batch_ratio_to_numpy)}x`,
    ]),
  )
}
