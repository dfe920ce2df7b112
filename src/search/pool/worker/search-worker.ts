/**
 * The search worker: rebuilds the facade over the shared snapshot once (on the first task), then answers query
 * blocks. Vector queries of a block go through the batched kernel so they share passes over the matrix.
 */
import Tinypool from 'tinypool'
import type { SearchIndex } from '../../index.ts'
import { searchIndexFromSnapshot } from '../../snapshot.ts'
import type { SearchHit } from '../../types.ts'
import type { SearchTask, SearchTaskResult, SearchWorkerData } from '../messages.ts'

let index: SearchIndex | undefined

async function indexFor(): Promise<SearchIndex> {
  if (!index) {
    const data = Tinypool.workerData as SearchWorkerData
    index = searchIndexFromSnapshot(data.snapshot, { kernel: data.kernel })
  }
  return index
}

/** Answers one block of queries. */
export default async function runSearchTask(task: SearchTask): Promise<SearchTaskResult> {
  const started = performance.now()
  const idx = await indexFor()
  const hits: SearchHit[][] = new Array(task.queries.length)
  const vectorOnly: number[] = []
  task.queries.forEach((q, i) => {
    if (((q.arm ?? idx.config.arm) === 'vector' && q.embedding) || task.slice) vectorOnly.push(i)
    else hits[i] = idx.searchWithEmbedding(q.query, q.embedding, { tenantId: q.tenantId, k: q.k, arm: q.arm })
  })
  if (vectorOnly.length > 0) {
    const batch = idx.searchVectorBatch(
      vectorOnly.map((i) => {
        const q = task.queries[i]!
        return { vector: q.embedding!, tenantId: q.tenantId, k: q.k }
      }),
      task.slice,
    )
    vectorOnly.forEach((i, j) => (hits[i] = batch[j]!))
  }
  return { kind: 'hits', hits, busyMs: performance.now() - started }
}
