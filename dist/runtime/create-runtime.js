/**
 * Builds everything one worker needs to evaluate cases, once: the corpus and its chunks, the search index,
 * model clients (only when configured: the default runs offline), the system under test behind its adapter,
 * the judge, and the checkpoint store for `resume`. `close()` releases pools and clients.
 */
import { join, resolve } from 'node:path';
import { functionAdapter, loadModuleAdapter } from "../adapter/function-adapter.js";
import { httpAdapter } from "../adapter/http-adapter.js";
import { promptPath } from "../config/resolve.js";
import { loadPromptTemplate } from "../generation/load-prompt.js";
import { createReferencePipeline } from "../generation/pipeline.js";
import { createIndexRetriever } from "../generation/retriever.js";
import { createHeuristicJudge } from "../judge/heuristic-judge.js";
import { loadJudgePromptTemplate } from "../judge/load-prompt-template.js";
import { createModelJudge } from "../judge/model-judge.js";
import { CheckpointStore, createModelClients, runFingerprint } from "../llm/index.js";
import { embedderFromClient } from "../search/embedder.js";
import { createHashEmbedder } from "../search/embedder-hash.js";
import { loadOrBuildSearchIndex } from "../search/load-index-cache.js";
import { SearchPool } from "../pool/search-pool.js";
import { prepareCorpus } from "./prepare-corpus.js";
import { providerStatsWriter } from "./provider-stats.js";
/**
 * The vector arms' embedder: the configured embedding model (through the model client: cached by content and
 * model, priced, retried) when `models.embedder` is set, else the offline hash embedder. A model's dimension
 * comes from its config, or from embedding one probe text.
 */
async function chooseEmbedder(models) {
    const client = models?.embedder;
    if (!client)
        return createHashEmbedder();
    const dimensions = client.dimensions ?? (await client.embed(['dimension probe'])).vectors[0]?.length;
    return embedderFromClient(client, dimensions);
}
async function createAdapter(config, prepared, models) {
    const spec = config.adapter;
    if (spec.kind === 'module')
        return { adapter: await loadModuleAdapter(spec.path, spec.options) };
    if (spec.kind === 'http')
        return { adapter: httpAdapter({ url: spec.url, headersFromEnv: spec.headersFromEnv, timeoutMs: spec.timeoutMs }) };
    const needsEmbeddings = config.search.arm === 'vector' || config.search.arm === 'hybrid';
    // The built index is cached on disk under corpus fingerprint + chunker + search config, so watch-mode
    // reruns and CI replays load it instead of rebuilding.
    const { index } = await loadOrBuildSearchIndex({
        cacheDir: join(config.outDir, 'index'),
        chunks: prepared.chunks,
        corpusFingerprint: prepared.corpus.fingerprint,
        chunker: prepared.chunker,
        config: { arm: config.search.arm },
        embedder: needsEmbeddings ? await chooseEmbedder(models) : undefined,
    });
    // With `search.workers`, queries run in tinypool worker threads over the shared index (worth it for large
    // corpora); the tenant filter applies inside the workers exactly as in-process.
    const pool = config.search.workers ? new SearchPool({ index }) : undefined;
    const searcher = pool
        ? { searchAsync: async (query, options) => (await pool.searchBatch([{ query, tenantId: options.tenantId, k: options.k, arm: options.arm }]))[0] ?? [] }
        : index;
    const retriever = createIndexRetriever(searcher, prepared.chunks);
    const pipeline = createReferencePipeline({
        ...config.pipeline,
        retriever,
        chunks: prepared.chunks,
        k: config.search.k,
        templates: { answer: loadPromptTemplate(promptPath(config, 'answer.md')), rewrite: loadPromptTemplate(promptPath(config, 'rewrite.md')) },
        generator: models?.generator,
        rewriter: models?.generator,
    });
    if (config.mode === 'retrieval') {
        // Component mode: retrieval only, no generation and no model cost.
        return {
            index,
            pool,
            adapter: functionAdapter(async (input) => {
                const hits = await retriever(input.query, input.tenantId, config.search.k);
                return { retrieved: hits.map((h) => ({ chunkId: h.chunk.id, tenantId: h.chunk.tenantId, score: h.score, docId: h.chunk.docId })) };
            }, 'reference-retrieval'),
        };
    }
    return { adapter: pipeline, index, pool };
}
/**
 * Where the model clients keep their cache and the run's shared spend ledger: a cache dir set in the model
 * config wins (resolved against the project root); every worker shares one spend file, so the limit holds for
 * the whole run, not once per worker (the global setup resets it at the start of a run).
 */
export function modelClientOptions(config) {
    const own = config.models?.cacheDir;
    return { cacheDir: own ? resolve(config.root, own) : join(config.outDir, 'cache'), spendFile: join(config.outDir, 'spend.json') };
}
/**
 * The part of the model config a checkpoint depends on: providers and models (they shape answers and verdicts)
 * and prices (they shape the reported cost). Cache mode, cache dir, retries and the spend limit do not change
 * what a completed case produced, so changing them (e.g. raising the limit to resume) keeps its checkpoint.
 */
function answerShapingModels(models) {
    if (!models || typeof models !== 'object')
        return models;
    const { cacheMode: _mode, cacheDir: _dir, spendLimitUsd: _limit, retry: _retry, ...rest } = models;
    return rest;
}
/** Builds the runtime for `config`. */
export async function createRagRuntime(config) {
    const prepared = await prepareCorpus(config.corpus, config.chunker);
    const models = config.models ? createModelClients(config.models, modelClientOptions(config)) : undefined;
    const { adapter, index, pool } = await createAdapter(config, prepared, models);
    let judge;
    if (config.mode === 'system' && config.judge === 'heuristic')
        judge = createHeuristicJudge();
    if (config.mode === 'system' && config.judge === 'model') {
        if (!models?.judge)
            throw new Error('vitest-rag: judge "model" needs models.judge (a provider chain) in the ragEval options');
        const allowSameModel = config.models?.judge?.allowSameModel;
        judge = createModelJudge({ client: models.judge, template: loadJudgePromptTemplate(promptPath(config, 'judge.md')), generatorModel: models.generator?.model, allowSameModel });
    }
    let checkpoints;
    if (config.resume || config.models) {
        // Checkpoints are written whenever model calls cost money, so an interrupted run can resume; they are
        // read only with `resume`. The fingerprint ties them to this configuration.
        const store = new CheckpointStore(config.outDir, runFingerprint({ mode: config.mode, judge: config.judge, adapter: config.adapter, search: config.search, chunker: config.chunker, models: answerShapingModels(config.models), pipeline: config.pipeline }));
        checkpoints = {
            get: async (caseId, caseHash) => {
                if (!config.resume)
                    return undefined;
                const saved = (await store.get(caseId));
                return saved?.caseHash === caseHash ? { output: saved.output, judgement: saved.judgement } : undefined;
            },
            put: (caseId, caseHash, checkpoint) => store.save(caseId, { caseHash, ...checkpoint }),
        };
    }
    const writeStats = models ? providerStatsWriter(config.outDir) : undefined;
    return {
        config,
        prepared,
        index,
        adapter,
        judge,
        models,
        checkpoints,
        saveProviderStats: writeStats && models ? () => writeStats(models.stats()) : undefined,
        async close() {
            await adapter.close?.();
            await pool?.destroy();
        },
    };
}
//# sourceMappingURL=create-runtime.js.map