/**
 * A built index as plain data: typed arrays (SharedArrayBuffer-backed when built here) plus strings. A worker
 * receives it once (the arrays are shared, not copied) and rebuilds the facade around it; persistence writes it
 * to disk. No functions inside: the tokenizer is rebuilt from the analyzer options.
 */
import { Bm25Index, type Bm25Parts } from './bm25.ts'
import { SearchError } from './errors.ts'
import { type ResolvedSearchConfig, type SearchIndex, createSearchIndex, tokenizerFor } from './index.ts'
import type { Embedder } from './embedder.ts'
import { VectorIndex, type VectorKernelMode } from './vector.ts'
import type { VectorParts } from './vector-parts.ts'

/** Version of the snapshot layout; bump on any change to the parts' meaning. */
export const searchSnapshotVersion = 2

/** The plain-data form of a {@link SearchIndex}. */
export interface SearchIndexSnapshot {
  version: number
  config: ResolvedSearchConfig
  bm25: Bm25Parts
  vector: VectorParts | undefined
  /** Chunk texts in row order (for the flexsearch arm). */
  texts: string[]
  /** Id of the embedder that made the vectors. */
  embedderId: string | undefined
}

/** Takes the snapshot of a built index (no copy: the same arrays). */
export function snapshotSearchIndex(index: SearchIndex): SearchIndexSnapshot {
  const { bm25, vector, texts } = index.internals
  return {
    version: searchSnapshotVersion,
    config: index.config,
    bm25: bm25.parts,
    vector: vector?.parts,
    texts,
    embedderId: index.embedderId,
  }
}

/**
 * Rebuilds a facade over a snapshot. Pass the embedder to embed queries here; without one, vector and hybrid
 * searches need the query embedding (`searchWithEmbedding`).
 */
export function searchIndexFromSnapshot(
  snapshot: SearchIndexSnapshot,
  options: { embedder?: Embedder; kernel?: VectorKernelMode } = {},
): SearchIndex {
  if (snapshot.version !== searchSnapshotVersion) {
    throw new SearchError(
      'VITEST_RAG_SEARCH_INDEX_FORMAT',
      `search index snapshot version ${snapshot.version} is not the supported ${searchSnapshotVersion} (rebuild the index)`,
    )
  }
  if (options.embedder && snapshot.embedderId !== undefined && options.embedder.id !== snapshot.embedderId) {
    throw new SearchError(
      'VITEST_RAG_SEARCH_INDEX_FORMAT',
      `the index vectors come from embedder "${snapshot.embedderId}", not "${options.embedder.id}" (rebuild the index with this embedder)`,
    )
  }
  const bm25 = new Bm25Index(snapshot.bm25, tokenizerFor(snapshot.config.analyzer))
  const vector = snapshot.vector
    ? new VectorIndex({ ...snapshot.vector, layout: snapshot.bm25.layout }, options.kernel)
    : undefined
  return createSearchIndex(
    snapshot.config,
    { bm25, vector, texts: snapshot.texts, embedder: options.embedder },
    snapshot.embedderId,
  )
}
