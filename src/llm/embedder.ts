/**
 * The model client implements the search core's {@link Embedder} contract (the contract stays in search/, so
 * the pure core never imports the client).
 */
import type { Embedder } from '../search/embedder.ts'
import type { EmbeddingClient } from './types.ts'
import { LlmError } from './errors.ts'

/**
 * Wraps a model-backed {@link EmbeddingClient}. `dimensions` must be known up front (from the client, or given);
 * every returned vector is checked against it.
 */
export function embedderFromClient(client: EmbeddingClient, dimensions = client.dimensions): Embedder {
  if (dimensions === undefined) {
    throw new LlmError(
      'VITEST_RAG_EMBEDDING_DIMENSION',
      `embedding model "${client.model}" has no known dimension; pass it to embedderFromClient(client, dimensions)`,
    )
  }
  return {
    id: `client:${client.model}:${dimensions}`,
    dimensions,
    async embed(texts) {
      const { vectors } = await client.embed(texts)
      for (const v of vectors) {
        if (v.length !== dimensions) {
          throw new LlmError(
            'VITEST_RAG_EMBEDDING_DIMENSION',
            `model "${client.model}" returned a ${v.length}-dimensional embedding, expected ${dimensions}`,
          )
        }
      }
      return vectors
    },
  }
}
