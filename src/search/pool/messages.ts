/**
 * The typed protocol between `SearchPool` and its workers. The index snapshot travels once per worker as
 * tinypool `workerData` (its typed arrays sit on SharedArrayBuffers, so they are shared, not copied); each task
 * is then a block of queries, and each answer the block's hits in the same order.
 */
import type { SearchIndexSnapshot } from '../snapshot.ts'
import type { SearchArm, SearchHit } from '../types.ts'
import type { VectorKernelMode } from '../vector.ts'

/** What every worker receives at start: the shared index. */
export interface SearchWorkerData {
  snapshot: SearchIndexSnapshot
  /** Vector path to use: `'auto'` picks the bounded int8 scan (or WASM SIMD float32) when the runtime supports it. */
  kernel: VectorKernelMode
}

/** One query of a task. `embedding` is set for the vector and hybrid arms (the pool embeds up front). */
export interface PoolQuery {
  query: string
  tenantId: string
  k: number
  arm?: SearchArm
  embedding?: Float32Array
}

/**
 * A task: a block of queries, answered in order. With `slice` (vector arm only), the worker scores only that part
 * of each tenant's rows, so one query's pass over the matrix is shared by several workers.
 */
export interface SearchTask {
  kind: 'search'
  queries: PoolQuery[]
  slice?: { part: number; parts: number }
}

/** A task's answer. */
export interface SearchTaskResult {
  kind: 'hits'
  hits: SearchHit[][]
  /** Time the worker spent on the task, ms (the rest of a round trip is dispatch and messaging). */
  busyMs: number
}
