/**
 * Exact vector top-10 on seeded Gaussian matrices: one query at a time (this thread, WASM and TS kernels, and
 * through the pool) and the whole batch through the pool with 1 and 2 workers, against numpy timed in the same
 * run on the same data (GEMV per query; GEMM batch + argpartition).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SearchPool } from '../../src/pool/search-pool.ts'
import { buildBm25Index } from '../../src/search/bm25.ts'
import type { Embedder } from '../../src/search/embedder.ts'
import { createSearchIndex, defaultSearchConfig } from '../../src/search/index.ts'
import { layoutByTenant } from '../../src/search/tenant-layout.ts'
import { VectorIndex, allocateMatrix, normalizeInto } from '../../src/search/vector.ts'
import { fmt, peakRssMiB, printTable, timeBest, timeBestWall } from './measure.ts'
import { runPython } from './python.ts'
import { fillGaussian } from './synthetic.ts'

interface NumpyResult {
  single_ms: number
  single_cpu: number
  batch_ms: number
  batch_cpu: number
  top: number[][]
}

/** Benchmarks each `[N, d]` size with `queryCount` queries. */
export async function benchVector(sizes: Array<[number, number]>, queryCount: number, reps: number, withTs: boolean): Promise<void> {
  console.log(`## Exact vector search, top 10 cosine, ${queryCount} queries, seeded Gaussian data\n`)
  const singleRows: string[][] = []
  const batchRows: string[][] = []
  for (const [n, d] of sizes) {
    const chunks = Array.from({ length: n }, (_, i) => ({ id: `c${String(i).padStart(7, '0')}`, tenantId: 't', text: '' }))
    const { layout } = layoutByTenant(chunks)
    const t0 = performance.now()
    const { matrix, memory } = allocateMatrix(n * d)
    fillGaussian(matrix, n + d)
    const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-bench-'))
    // numpy gets the raw (unnormalised) matrix and normalises it itself.
    writeFileSync(join(dir, 'matrix.f32'), new Uint8Array(matrix.buffer, matrix.byteOffset, matrix.byteLength))
    for (let r = 0; r < n; r++) normalizeInto(matrix.subarray(r * d, (r + 1) * d), matrix, r * d)
    const vector = new VectorIndex({ layout, dimensions: d, matrix, ...(memory ? { memory } : {}) })
    const buildMs = performance.now() - t0
    const bytesRatio = (memory ? memory.buffer.byteLength : matrix.byteLength) / (n * d * 4)
    const queries = new Float32Array(queryCount * d)
    fillGaussian(queries, 99)
    writeFileSync(join(dir, 'queries.f32'), new Uint8Array(queries.buffer))
    const qv = Array.from({ length: queryCount }, (_, i) => queries.subarray(i * d, (i + 1) * d))

    const singleTiming = await timeBest(reps, () => qv.forEach((v) => vector.search(v, 't', 10)))
    const single = singleTiming.wall / queryCount
    const singleCpu = singleTiming.cpu / queryCount
    const tsIndex = new VectorIndex(vector.parts, 'ts')
    const singleTs = withTs ? (await timeBestWall(1, () => qv.slice(0, 20).forEach((v) => tsIndex.search(v, 't', 10)))) / 20 : undefined
    const batchTiming = await timeBest(reps, () => vector.searchBatch(qv.map((v) => ({ vector: v, tenantId: 't', k: 10 }))))
    const batchInProcess = batchTiming.wall / queryCount
    const batchCpu = batchTiming.cpu / queryCount

    // The pool gets a facade whose "embedder" looks the query vectors up by name.
    const lookup: Embedder = { id: 'bench-lookup', dimensions: d, embed: async (texts) => texts.map((t) => qv[Number(t)] as Float32Array) }
    const bm25 = buildBm25Index(chunks)
    const index = createSearchIndex({ ...defaultSearchConfig, arm: 'vector' }, { bm25, vector, texts: chunks.map(() => ''), embedder: lookup })
    const batch = qv.map((_, i) => ({ query: String(i), tenantId: 't', k: 10 }))
    const pooled: number[] = []
    let pooledSingle = 0
    for (const threads of [1, 2]) {
      const pool = new SearchPool({ index }, { threads, minQueriesPerTask: 1 })
      pooled.push((await timeBestWall(reps, () => pool.searchBatch(batch), 3)) / queryCount)
      if (threads === 2) {
        pooledSingle = (await timeBestWall(reps, async () => {
          for (const q of batch) await pool.searchBatch([q])
        }, 2)) / queryCount
      }
      await pool.destroy()
    }
    const numpy = runPython<NumpyResult>('numpy_vector.py', [join(dir, 'matrix.f32'), n, d, join(dir, 'queries.f32'), queryCount, 10, reps])
    rmSync(dir, { recursive: true, force: true })
    let agree = '-'
    if (numpy) {
      const ours = vector.searchBatch(qv.slice(0, numpy.top.length).map((v) => ({ vector: v, tenantId: 't', k: 10 })))
      const same = numpy.top.filter((ids, i) => ids.join() === (ours[i] ?? []).map((h) => h.row).join()).length
      agree = `${same}/${numpy.top.length}`
    }
    const size = `${n / 1000}k x ${d}`
    singleRows.push([
      size,
      fmt(buildMs),
      fmt(bytesRatio),
      vector.kernel.name,
      fmt(single),
      fmt(singleTs),
      fmt(pooledSingle),
      numpy ? fmt(numpy.single_ms) : '-',
      numpy ? `${fmt(single / numpy.single_ms)}x` : '-',
      numpy ? `${fmt(Math.min(single, pooledSingle) / numpy.single_ms)}x` : '-',
      fmt(singleCpu),
      numpy ? fmt(numpy.single_cpu) : '-',
      agree,
      fmt(peakRssMiB()),
    ])
    batchRows.push([
      size,
      fmt(batchInProcess),
      fmt(pooled[0]),
      fmt(pooled[1]),
      numpy ? fmt(numpy.batch_ms) : '-',
      numpy ? `${fmt((pooled[1] as number) / numpy.batch_ms)}x` : '-',
      fmt(batchCpu),
      numpy ? fmt(numpy.batch_cpu) : '-',
      numpy ? `${fmt(batchCpu / numpy.batch_cpu)}x` : '-',
      `${fmt(single / (pooled[1] as number))}x`,
    ])
    console.log(`  done ${n} x ${d}`)
  }
  console.log('\nOne query at a time (ms/query; numpy GEMV uses its 2 BLAS threads; "best" = the faster of ours in one thread and through the 2-worker pool):\n')
  printTable(
    ['N x d', 'build ms', 'memory / raw', 'kernel', 'ours 1 thread', 'ours TS kernel', 'ours pool 2w', 'numpy GEMV', 'ours 1 thread / numpy', 'ours best / numpy', 'ours CPU ms', 'numpy CPU ms', 'same top-10 as numpy', 'peak RSS MiB'],
    singleRows,
  )
  console.log('Whole batch known up front (ms/query; numpy GEMM + argpartition, 2 BLAS threads; CPU ms = all threads of the process):\n')
  printTable(
    ['N x d', 'ours 1 thread', 'ours pool 1w', 'ours pool 2w', 'numpy GEMM', 'pool 2w / numpy', 'ours CPU ms (1 thread)', 'numpy CPU ms', 'CPU ours / numpy', 'batch (pool 2w) speed-up over 1-query'],
    batchRows,
  )
}
