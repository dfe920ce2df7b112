/**
 * A built index as plain data: typed arrays (SharedArrayBuffer-backed when built here) plus strings. A worker
 * receives it once (the arrays are shared, not copied) and rebuilds the facade around it; persistence writes it
 * to disk. No functions inside: the tokenizer is rebuilt from the analyzer options.
 */
import { type Bm25Parts } from './bm25.js';
import { type ResolvedSearchConfig, type SearchIndex } from './index.js';
import type { Embedder } from './embedder.js';
import { type VectorKernelMode, type VectorParts } from './vector.js';
/** Version of the snapshot layout; bump on any change to the parts' meaning. */
export declare const searchSnapshotVersion = 1;
/** The plain-data form of a {@link SearchIndex}. */
export interface SearchIndexSnapshot {
    version: number;
    config: ResolvedSearchConfig;
    bm25: Bm25Parts;
    vector: VectorParts | undefined;
    /** Chunk texts in row order (for the flexsearch arm). */
    texts: string[];
    /** Id of the embedder that made the vectors. */
    embedderId: string | undefined;
}
/** Takes the snapshot of a built index (no copy: the same arrays). */
export declare function snapshotSearchIndex(index: SearchIndex): SearchIndexSnapshot;
/**
 * Rebuilds a facade over a snapshot. Pass the embedder to embed queries here; without one, vector and hybrid
 * searches need the query embedding (`searchWithEmbedding`).
 */
export declare function searchIndexFromSnapshot(snapshot: SearchIndexSnapshot, options?: {
    embedder?: Embedder;
    kernel?: VectorKernelMode;
}): SearchIndex;
