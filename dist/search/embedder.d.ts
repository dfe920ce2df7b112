/**
 * The embedder contract the vector arm uses, and an adapter from the model client's `EmbeddingClient`.
 */
import type { EmbeddingClient } from '../llm/types.js';
/** Turns texts into embeddings (any scale: the vector index L2-normalises). */
export interface Embedder {
    /** Stable identity (model + version), part of the index cache key, e.g. `hash-ngram-v1:384`. */
    readonly id: string;
    /** Embedding dimension d. */
    readonly dimensions: number;
    embed(texts: string[]): Promise<Float32Array[]>;
    /** Present on offline embedders that can embed without awaiting (lets `SearchIndex.search` stay synchronous). */
    embedSync?(texts: string[]): Float32Array[];
}
/**
 * Wraps a model-backed {@link EmbeddingClient}. `dimensions` must be known up front (from the client, or given);
 * every returned vector is checked against it.
 */
export declare function embedderFromClient(client: EmbeddingClient, dimensions?: number | undefined): Embedder;
