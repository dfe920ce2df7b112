/**
 * Adapting the search core to the pipeline's {@link Retriever}: the index ranks chunk ids, the pipeline
 * needs the chunks themselves (text, title, headings, date, version) to gate, prompt and cite.
 */
import type { Chunk } from '../../corpus/types.ts'
import type { SearchArm, SearchIndex } from '../../search/index.ts'
import { GenerationError } from './errors.ts'
import type { Retriever } from './pipeline.ts'

/**
 * A retriever over a built search index: `searchAsync` for the case's tenant (so vector and hybrid arms can
 * embed the query), hits mapped back to `chunks` by id. A hit whose chunk is unknown is a configuration
 * error (the index was built from other chunks), reported with the id.
 */
export function createIndexRetriever(
  index: Pick<SearchIndex, 'searchAsync'>,
  chunks: Iterable<Chunk>,
  options: { arm?: SearchArm } = {},
): Retriever {
  const byId = new Map<string, Chunk>()
  for (const chunk of chunks) byId.set(chunk.id, chunk)
  return async (query, tenantId, k) => {
    const hits = await index.searchAsync(query, {
      tenantId,
      k,
      ...(options.arm !== undefined ? { arm: options.arm } : {}),
    })
    return hits.map((hit) => {
      const chunk = byId.get(hit.chunkId)
      if (chunk === undefined) {
        throw new GenerationError(
          'VITEST_RAG_PIPELINE_OPTION_INVALID',
          `the search index returned chunk "${hit.chunkId}", which is not among the chunks given to the retriever; build the index and the retriever from the same chunks`,
        )
      }
      return { chunk, score: hit.score }
    })
  }
}
