/**
 * A built index as plain data: typed arrays (SharedArrayBuffer-backed when built here) plus strings. A worker
 * receives it once (the arrays are shared, not copied) and rebuilds the facade around it; persistence writes it
 * to disk. No functions inside: the tokenizer is rebuilt from the analyzer options.
 */
import { Bm25Index } from "./bm25.js";
import { SearchError } from "./errors.js";
import { createSearchIndex, tokenizerFor } from "./index.js";
import { VectorIndex } from "./vector.js";
/** Version of the snapshot layout; bump on any change to the parts' meaning. */
export const searchSnapshotVersion = 1;
/** Takes the snapshot of a built index (no copy: the same arrays). */
export function snapshotSearchIndex(index) {
    const { bm25, vector, texts } = index.internals;
    return { version: searchSnapshotVersion, config: index.config, bm25: bm25.parts, vector: vector?.parts, texts, embedderId: index.embedderId };
}
/**
 * Rebuilds a facade over a snapshot. Pass the embedder to embed queries here; without one, vector and hybrid
 * searches need the query embedding (`searchWithEmbedding`).
 */
export function searchIndexFromSnapshot(snapshot, options = {}) {
    if (snapshot.version !== searchSnapshotVersion) {
        throw new SearchError('VITEST_RAG_SEARCH_INDEX_FORMAT', `vitest-rag: search index snapshot version ${snapshot.version} is not the supported ${searchSnapshotVersion} (rebuild the index)`);
    }
    if (options.embedder && snapshot.embedderId !== undefined && options.embedder.id !== snapshot.embedderId) {
        throw new SearchError('VITEST_RAG_SEARCH_INDEX_FORMAT', `vitest-rag: the index vectors come from embedder "${snapshot.embedderId}", not "${options.embedder.id}" (rebuild the index with this embedder)`);
    }
    const bm25 = new Bm25Index(snapshot.bm25, tokenizerFor(snapshot.config.analyzer));
    const vector = snapshot.vector ? new VectorIndex({ ...snapshot.vector, layout: snapshot.bm25.layout }, options.kernel) : undefined;
    return createSearchIndex(snapshot.config, { bm25, vector, texts: snapshot.texts, embedder: options.embedder }, snapshot.embedderId);
}
//# sourceMappingURL=snapshot.js.map