/**
 * Wraps a model-backed {@link EmbeddingClient}. `dimensions` must be known up front (from the client, or given);
 * every returned vector is checked against it.
 */
export function embedderFromClient(client, dimensions = client.dimensions) {
    if (dimensions === undefined) {
        throw new Error(`vitest-rag: embedding model "${client.model}" has no known dimension; pass it to embedderFromClient(client, dimensions)`);
    }
    return {
        id: `client:${client.model}:${dimensions}`,
        dimensions,
        async embed(texts) {
            const { vectors } = await client.embed(texts);
            for (const v of vectors) {
                if (v.length !== dimensions) {
                    throw new Error(`vitest-rag: model "${client.model}" returned a ${v.length}-dimensional embedding, expected ${dimensions}`);
                }
            }
            return vectors;
        },
    };
}
//# sourceMappingURL=embedder.js.map