import { analyze, defaultAnalyzerOptions } from "./analyzer.js";
import { buildBm25Index, defaultBm25Params } from "./bm25.js";
import { createHashEmbedder } from "./embedder-hash.js";
import { SearchError } from "./errors.js";
import { FlexsearchArm } from "./flexsearch-arm.js";
import { defaultFusionConfig, reciprocalRankFusion, weightedScoreFusion } from "./fusion.js";
import { tenantNumber } from "./tenant-layout.js";
import { buildVectorIndex } from "./vector.js";
/**
 * Default: the BM25 arm, Lucene BM25 parameters, RRF k = 60 over depth 100, the default analyzer. BM25 because it
 * is exact, needs no embedder, and measured best: nDCG@10 on Cranfield bm25 0.346 vs hybrid (with the offline hash
 * embedder) 0.329 and vector 0.271; on SQuAD2 paragraphs 0.895 vs 0.803 and 0.682 (`npm run bench`). With a real
 * embedding model, measure hybrid again on your KB before switching.
 */
export const defaultSearchConfig = Object.freeze({
    arm: 'bm25',
    bm25: defaultBm25Params,
    fusion: defaultFusionConfig,
    analyzer: defaultAnalyzerOptions,
});
/** Fills a partial config from {@link defaultSearchConfig}. */
export function resolveSearchConfig(config = {}) {
    return {
        arm: config.arm ?? defaultSearchConfig.arm,
        bm25: { ...defaultSearchConfig.bm25, ...config.bm25 },
        fusion: config.fusion ?? defaultSearchConfig.fusion,
        analyzer: { ...defaultSearchConfig.analyzer, ...config.analyzer },
    };
}
// How many chunk texts go to the embedder per call.
const embedBatchSize = 256;
/**
 * Builds the index. BM25 always; vectors when an embedder is given or the configured arm needs them (then the
 * offline hash embedder is used); flexsearch lazily on first use.
 */
export async function buildSearchIndex(chunks, config = defaultSearchConfig, embedder) {
    const resolved = resolveSearchConfig(config);
    const tokenize = tokenizerFor(resolved.analyzer);
    const bm25 = buildBm25Index(chunks, resolved.bm25, tokenize);
    const layout = bm25.parts.layout;
    const byId = new Map(chunks.map((c) => [c.id, c]));
    const texts = layout.chunkIds.map((id) => byId.get(id).text);
    const needsVectors = resolved.arm === 'vector' || resolved.arm === 'hybrid';
    const vectorEmbedder = embedder ?? (needsVectors ? createHashEmbedder() : undefined);
    let vector;
    if (vectorEmbedder) {
        const vectors = [];
        for (let i = 0; i < texts.length; i += embedBatchSize)
            vectors.push(...(await vectorEmbedder.embed(texts.slice(i, i + embedBatchSize))));
        vector = buildVectorIndex(layout, vectors);
    }
    return createSearchIndex(resolved, { bm25, vector, texts, embedder: vectorEmbedder });
}
/** The analyzer as a tokenizer. */
export function tokenizerFor(analyzer) {
    return (text) => analyze(text, analyzer);
}
/** Wraps built (or loaded, or shared) arms in the facade. */
export function createSearchIndex(config, internals, embedderId = internals.embedder?.id) {
    const { bm25, vector, texts, embedder } = internals;
    const layout = bm25.parts.layout;
    let flex;
    const arms = vector ? ['bm25', 'vector', 'hybrid', 'flexsearch'] : ['bm25', 'flexsearch'];
    const toHits = (rows, tenantId, k) => rows.slice(0, k).map(({ row, score }) => ({ chunkId: layout.chunkIds[row], tenantId, score }));
    const requireVector = (arm) => {
        if (!vector) {
            throw new SearchError('VITEST_RAG_SEARCH_ARM_UNAVAILABLE', `vitest-rag: the "${arm}" arm needs embeddings, but this index was built without them (pass an embedder to buildSearchIndex or configure arm "${arm}")`);
        }
        return vector;
    };
    const embedSync = (query) => {
        if (!embedder?.embedSync) {
            throw new SearchError('VITEST_RAG_SEARCH_ASYNC_EMBEDDER', `vitest-rag: embedder "${embedder?.id}" embeds asynchronously; use searchAsync() for the vector and hybrid arms`);
        }
        return embedder.embedSync([query])[0];
    };
    const searchWithEmbedding = (query, embedding, options) => {
        const arm = options.arm ?? config.arm;
        const { tenantId, k } = options;
        if (!(k > 0))
            return [];
        switch (arm) {
            case 'bm25':
                return toHits(bm25.search(query, tenantId, k), tenantId, k);
            case 'flexsearch':
                flex ??= new FlexsearchArm(layout, texts, bm25.tokenize);
                return toHits(flex.search(query, tenantId, k), tenantId, k);
            case 'vector':
                return toHits(requireVector(arm).search(embedding ?? embedSync(query), tenantId, k), tenantId, k);
            case 'hybrid': {
                const vec = requireVector(arm);
                const depth = Math.max(k, config.fusion.depth);
                const t = tenantNumber(layout, tenantId);
                if (t < 0)
                    return [];
                const lexical = bm25.search(query, tenantId, depth).map((r) => ({ key: r.row, score: r.score }));
                const semantic = vec.search(embedding ?? embedSync(query), tenantId, depth).map((r) => ({ key: r.row, score: r.score }));
                const fused = config.fusion.method === 'rrf'
                    ? reciprocalRankFusion([lexical, semantic], config.fusion.k)
                    : weightedScoreFusion([lexical, semantic], [config.fusion.weights.bm25, config.fusion.weights.vector]);
                return toHits(fused.map((f) => ({ row: f.key, score: f.score })), tenantId, k);
            }
            default:
                throw new SearchError('VITEST_RAG_SEARCH_BAD_ARGUMENT', `vitest-rag: unknown search arm "${String(arm)}" (expected one of bm25, vector, hybrid, flexsearch)`);
        }
    };
    const needsEmbedding = (options) => {
        const arm = options.arm ?? config.arm;
        return arm === 'vector' || arm === 'hybrid';
    };
    const embedQueries = async (queries) => {
        if (!embedder)
            throw new SearchError('VITEST_RAG_SEARCH_ARM_UNAVAILABLE', 'vitest-rag: this index has no embedder (build it with one to embed queries)');
        return embedder.embed(queries);
    };
    return {
        config,
        arms,
        embedderId: vector ? embedderId : undefined,
        chunkCount: layout.chunkIds.length,
        internals,
        search: (query, options) => searchWithEmbedding(query, undefined, options),
        searchAsync: async (query, options) => {
            const embedding = needsEmbedding(options) && vector && options.k > 0 ? (await embedQueries([query]))[0] : undefined;
            return searchWithEmbedding(query, embedding, options);
        },
        searchWithEmbedding,
        searchVectorBatch: (queries, slice) => requireVector('vector')
            .searchBatch(queries, slice)
            .map((rows, i) => toHits(rows, queries[i].tenantId, queries[i].k)),
        embedQueries,
    };
}
//# sourceMappingURL=index.js.map