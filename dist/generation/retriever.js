import { GenerationError } from "./errors.js";
/**
 * A retriever over a built search index: `searchAsync` for the case's tenant (so vector and hybrid arms can
 * embed the query), hits mapped back to `chunks` by id. A hit whose chunk is unknown is a configuration
 * error (the index was built from other chunks), reported with the id.
 */
export function createIndexRetriever(index, chunks, options = {}) {
    const byId = new Map();
    for (const chunk of chunks)
        byId.set(chunk.id, chunk);
    return async (query, tenantId, k) => {
        const hits = await index.searchAsync(query, { tenantId, k, ...(options.arm !== undefined ? { arm: options.arm } : {}) });
        return hits.map((hit) => {
            const chunk = byId.get(hit.chunkId);
            if (chunk === undefined) {
                throw new GenerationError('PIPELINE_OPTION_INVALID', `the search index returned chunk "${hit.chunkId}", which is not among the chunks given to the retriever; build the index and the retriever from the same chunks`);
            }
            return { chunk, score: hit.score };
        });
    };
}
//# sourceMappingURL=retriever.js.map