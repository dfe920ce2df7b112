/**
 * `SearchPool`: the search facade spread over tinypool worker threads. Created lazily (the index and the
 * threads start on the first batch), the index is built once in this thread and shared with every worker
 * through SharedArrayBuffers, and a batch is cut into one contiguous block per worker: a tinypool round trip
 * costs 30-140 us, so one task per query would eat a fast query's whole budget.
 * A batch of only a few vector queries is split the other way: every worker scores a slice of the rows for all
 * of them (one query's pass over the matrix is memory-bound; two threads stream it faster).
 *
 * Only the `worker_threads` runtime is used: tinypool's `child_process` runtime silently turns a
 * SharedArrayBuffer into `{}`.
 */
import { availableParallelism } from 'node:os'
import Tinypool from 'tinypool'
import type { Embedder } from '../embedder.ts'
import { type SearchConfig, type SearchIndex, buildSearchIndex } from '../index.ts'
import { snapshotSearchIndex } from '../snapshot.ts'
import type { IndexableChunk } from '../tenant-layout.ts'
import type { SearchArm, SearchHit } from '../types.ts'
import { isSourceModule } from '../../shared/util/module-path.ts'
import type { VectorKernelMode } from '../vector.ts'
import type { PoolQuery, SearchTask, SearchTaskResult, SearchWorkerData } from './messages.ts'
import { VitestRagError } from '../../shared/util/errors.ts'

/** One query of {@link SearchPool.searchBatch}. */
export interface BatchQuery {
  query: string
  tenantId: string
  k: number
  arm?: SearchArm
}

/** Pool options. */
export interface SearchPoolOptions {
  /** Worker threads. Default: min(2, available parallelism). */
  threads?: number
  /** Batches smaller than this run as a single task (splitting would cost more than it saves). Default 16. */
  minQueriesPerTask?: number
  /** Vector path in the workers. Default `'auto'` (the bounded int8 scan, or WASM SIMD float32, when available). */
  kernel?: VectorKernelMode
}

/** Default pool options. */
export const defaultSearchPoolOptions = Object.freeze({
  threads: Math.max(1, Math.min(2, availableParallelism())),
  minQueriesPerTask: 16,
  kernel: 'auto' as VectorKernelMode,
})

type IndexSource =
  { index: SearchIndex } | { chunks: readonly IndexableChunk[]; config?: Partial<SearchConfig>; embedder?: Embedder }

// Installed, the compiled worker sits beside this module. From this repository's .ts sources (its own tests)
// a plain-JS shim registers tsx first: Node 20 worker threads load neither .ts nor the parent's `--import`.
const workerUrl = isSourceModule(import.meta.url)
  ? new URL('./worker/search-worker.mjs', import.meta.url)
  : new URL('./worker/search-worker.js', import.meta.url)

/** A lazily started worker pool answering batches of searches. */
export class SearchPool {
  private readonly source: IndexSource
  private readonly options: Required<SearchPoolOptions>
  private started: Promise<{ index: SearchIndex; pool: Tinypool }> | undefined
  private destroyed = false
  /** Per-task worker busy time (ms) of the last batch, for benchmarks. */
  lastBusyMs: number[] = []

  /** Either an already built index, or the chunks (and config, embedder) to build it from on first use. */
  constructor(source: IndexSource, options: SearchPoolOptions = {}) {
    this.source = source
    this.options = { ...defaultSearchPoolOptions, ...options }
  }

  private start(): Promise<{ index: SearchIndex; pool: Tinypool }> {
    this.started ??= (async () => {
      const index =
        'index' in this.source
          ? this.source.index
          : await buildSearchIndex(this.source.chunks, this.source.config, this.source.embedder)
      const workerData: SearchWorkerData = { snapshot: snapshotSearchIndex(index), kernel: this.options.kernel }
      const pool = new Tinypool({
        filename: workerUrl.href,
        runtime: 'worker_threads',
        minThreads: this.options.threads,
        maxThreads: this.options.threads,
        workerData,
      })
      return { index, pool }
    })()
    return this.started
  }

  /** The built index (starts the pool if needed). */
  async index(): Promise<SearchIndex> {
    return (await this.start()).index
  }

  /**
   * Answers every query; `result[i]` belongs to `queries[i]`. Vector and hybrid queries are embedded here first
   * (one embedder call for the batch), then blocks go to the workers.
   */
  async searchBatch(queries: readonly BatchQuery[]): Promise<SearchHit[][]> {
    if (this.destroyed)
      throw new VitestRagError('VITEST_RAG_POOL_DESTROYED', 'this SearchPool was destroyed; create a new one')
    if (queries.length === 0) return []
    const { index, pool } = await this.start()
    const needEmbedding = queries.map((q) => {
      const arm = q.arm ?? index.config.arm
      return arm === 'vector' || arm === 'hybrid'
    })
    const toEmbed = queries.filter((_, i) => needEmbedding[i]).map((q) => q.query)
    const embeddings = toEmbed.length > 0 ? await index.embedQueries(toEmbed) : []
    let e = 0
    // A view into a larger buffer would be cloned with its whole buffer: send compact copies.
    const compact = (v: Float32Array | undefined) => (v && v.byteLength !== v.buffer.byteLength ? v.slice() : v)
    const tasks: PoolQuery[] = queries.map((q, i) => ({
      ...q,
      embedding: needEmbedding[i] ? compact(embeddings[e++]) : undefined,
    }))
    const threads = this.options.threads
    const allVector = queries.every((q) => (q.arm ?? index.config.arm) === 'vector')
    if (allVector && threads > 1 && queries.length < threads * this.options.minQueriesPerTask) {
      return this.searchSplit(pool, tasks, threads)
    }
    const blocks = Math.max(1, Math.min(threads, Math.floor(tasks.length / this.options.minQueriesPerTask)))
    const size = Math.ceil(tasks.length / blocks)
    const runs: Array<Promise<SearchTaskResult>> = []
    for (let start = 0; start < tasks.length; start += size) {
      const task: SearchTask = { kind: 'search', queries: tasks.slice(start, start + size) }
      runs.push(pool.run(task) as Promise<SearchTaskResult>)
    }
    const answers = await Promise.all(runs)
    this.lastBusyMs = answers.map((a) => a.busyMs)
    return answers.flatMap((r) => r.hits)
  }

  /**
   * Too few vector queries to fill every worker: each worker scores one slice of the rows for ALL the queries
   * (a one-query pass over the matrix is memory-bound, and two threads stream it faster than one), then the
   * slices' hits are merged. Rows are in chunk-id order, so merging by (score desc, chunk id asc) and cutting at k
   * gives exactly the unsplit ranking.
   */
  private async searchSplit(pool: Tinypool, queries: PoolQuery[], parts: number): Promise<SearchHit[][]> {
    const runs: Array<Promise<SearchTaskResult>> = []
    for (let part = 0; part < parts; part++) {
      const task: SearchTask = { kind: 'search', queries, slice: { part, parts } }
      runs.push(pool.run(task) as Promise<SearchTaskResult>)
    }
    const answers = await Promise.all(runs)
    this.lastBusyMs = answers.map((a) => a.busyMs)
    return queries.map((q, i) =>
      answers
        .flatMap((a) => a.hits[i] as SearchHit[])
        .sort((x, y) => y.score - x.score || (x.chunkId < y.chunkId ? -1 : x.chunkId > y.chunkId ? 1 : 0))
        .slice(0, q.k),
    )
  }

  /** Stops the workers (safe to call twice, and before any use). */
  async destroy(): Promise<void> {
    this.destroyed = true
    const started = this.started
    this.started = undefined
    if (started) await (await started).pool.destroy()
  }
}
