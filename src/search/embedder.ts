/**
 * The embedder contract the vector arm uses. Implementations live where their dependencies do: the offline
 * hash embedder beside it (`embedder-hash.ts`), the model-backed one in `src/llm/embedder.ts`.
 */

/** Turns texts into embeddings (any scale: the vector index L2-normalises). */
export interface Embedder {
  /** Stable identity (model + version), part of the index cache key, e.g. `hash-ngram-v1:384`. */
  readonly id: string
  /** Embedding dimension d. */
  readonly dimensions: number
  embed(texts: string[]): Promise<Float32Array[]>
  /** Present on offline embedders that can embed without awaiting (lets `SearchIndex.search` stay synchronous). */
  embedSync?(texts: string[]): Float32Array[]
}
