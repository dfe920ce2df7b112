/**
 * Builds everything one worker needs to evaluate cases, once: the corpus and its chunks, the search index,
 * model clients (only when configured: the default runs offline), the system under test behind its adapter,
 * the judge, and the checkpoint store for `resume`. `close()` releases pools and clients.
 */
import { useAbstentionPhrases } from '../shared/text/abstention.ts'
import { join, relative, resolve } from 'node:path'
import type { RagAdapter, SystemOutput } from '../system/adapter/types.ts'
import type { RagEvalConfig } from '../config/schema.ts'
import type { Judge } from '../grading/judge/types.ts'
import type { ClaimChecker } from '../grading/judge/claim-check.ts'
import type { ModelClients } from '../llm/index.ts'
import type { Embedder } from '../search/embedder.ts'
import type { FusionConfig } from '../search/fusion.ts'
import type { SearchIndex } from '../search/index.ts'
import type { SearchPool } from '../search/pool/search-pool.ts'
import { createSourceResolver, type SourceResolver } from '../system/sources/resolve-source.ts'
import { loadSourceMap } from '../system/sources/source-map.ts'
import { prepareCorpus, type PreparedCorpus } from '../corpus/prepare-corpus.ts'
import { createCheckpoints, type CaseCheckpoints } from './runtime-checkpoints.ts'
import {
  chooseClaimChecker,
  chooseJudge,
  chooseResponseRelevancy,
  loadRuntimeQrels,
  type RuntimeQrels,
} from './runtime-grading.ts'
import type { ResponseRelevancyScorer } from '../grading/judge/response-relevancy.ts'

export type { CaseCheckpoint, CaseCheckpoints } from './runtime-checkpoints.ts'
export type { RuntimeQrels } from './runtime-grading.ts'

// What a run uses is loaded when the run uses it (dynamic imports below): a module adapter's offline run never
// loads the model clients (and the `openai` SDK), the search index and its worker pool, the reference
// pipeline, the model judge or the qrels reader. Each worker builds its runtime once, so the cost is one
// import per worker of what the configuration names, and none of what it does not.

/** Everything a worker needs to evaluate cases. */
export interface RagRuntime {
  config: RagEvalConfig
  prepared: PreparedCorpus
  /** The search index (reference adapter only). */
  index?: SearchIndex
  adapter: RagAdapter
  /** Resolves what the system names against the corpus (with the configured `sourceMap`); default: without one. */
  resolveSource?: SourceResolver
  judge?: Judge
  /** The pooled qrels file's rows and the chunks by document (when `qrels` is configured). */
  qrels?: RuntimeQrels
  /** Extracts and checks claims for the claim-level answer metrics (system mode, unless `claimMetrics: 'off'`). */
  claimChecker?: ClaimChecker
  /** Scores `response_relevancy` (system mode, with `responseRelevancy: 'model'`). */
  responseRelevancy?: ResponseRelevancyScorer
  models?: ModelClients
  checkpoints?: CaseCheckpoints
  /** Writes the model clients' per-provider tally for the reporter (after each case). */
  saveProviderStats?(): Promise<void>
  close(): Promise<void>
}

/**
 * The vector arms' embedder: the configured embedding model (through the model client: cached by content and
 * model, priced, retried) when `models.embedder` is set, else the offline hash embedder. A model's dimension
 * comes from its config, or from embedding one probe text.
 */
async function chooseEmbedder(models: ModelClients | undefined, outDir: string): Promise<Embedder> {
  const client = models?.embedder
  if (!client) return (await import('../search/embedder-hash.ts')).createHashEmbedder()
  const [{ embeddingDimensions }, { embedderFromClient }] = await Promise.all([
    import('../llm/probe.ts'),
    import('../llm/embedder.ts'),
  ])
  // One probe per run: the global setup's, recorded under outDir (see src/llm/probe.ts).
  return embedderFromClient(client, await embeddingDimensions(client, outDir))
}

/**
 * How a runtime differs from a Vitest run's. Default (no options): the corpus is prepared from `config`, and
 * the reference adapter is the configured pipeline over the on-disk cached index.
 */
export interface RuntimeOptions {
  /** The corpus, already prepared (an experiment prepares it once per chunker); default: prepared from `config`. */
  prepared?: PreparedCorpus
  /**
   * A retrieval-only experiment arm: the index built in memory with `fusion` (not cached on disk), the reference
   * pipeline with its own defaults (no `pipeline` options, prompts, generator or rewriter) named `name`, and no
   * source map, judge, qrels, checkpoints or provider tally. The model clients serve only the embedder.
   * Default: none (the full runtime).
   */
  retrievalOnly?: { name: string; fusion?: FusionConfig }
}

async function createAdapter(
  config: RagEvalConfig,
  prepared: PreparedCorpus,
  models: ModelClients | undefined,
): Promise<{ adapter: RagAdapter; index?: SearchIndex; pool?: SearchPool }> {
  const spec = config.adapter
  if (spec.kind === 'module')
    return {
      adapter: await (await import('../system/adapter/function-adapter.ts')).loadModuleAdapter(spec.path, spec.options),
    }
  if (spec.kind === 'recorded')
    return {
      adapter: await (
        await import('../system/adapter/recorded-adapter.ts')
      ).loadRecordedAdapter(spec.path, relative(config.root, spec.path)),
    }
  if (spec.kind === 'http') {
    const { httpAdapter } = await import('../system/adapter/http-adapter.ts')
    return { adapter: httpAdapter({ url: spec.url, headersFromEnv: spec.headersFromEnv, timeoutMs: spec.timeoutMs }) }
  }
  return createReferenceAdapter(config, prepared, models)
}

/** Whether the configured search arm needs embeddings (the vector and hybrid arms). */
function usesEmbeddings(config: RagEvalConfig): boolean {
  return config.search.arm === 'vector' || config.search.arm === 'hybrid'
}

/** The search index of the reference adapter: cached on disk for a run, built in memory for a retrieval-only arm. */
async function createIndex(
  config: RagEvalConfig,
  prepared: PreparedCorpus,
  models: ModelClients | undefined,
  retrievalOnly: RuntimeOptions['retrievalOnly'],
): Promise<SearchIndex> {
  const embedder = usesEmbeddings(config) ? await chooseEmbedder(models, config.outDir) : undefined
  if (retrievalOnly) {
    const { buildSearchIndex } = await import('../search/index.ts')
    return buildSearchIndex(
      prepared.chunks,
      { arm: config.search.arm, ...(retrievalOnly.fusion ? { fusion: retrievalOnly.fusion } : {}) },
      embedder,
    )
  }
  const { loadOrBuildSearchIndex } = await import('../search/files/index-cache.ts')
  // The built index is cached on disk under corpus fingerprint + chunker + search config, so watch-mode
  // reruns and CI replays load it instead of rebuilding.
  const cached = await loadOrBuildSearchIndex({
    cacheDir: join(config.outDir, 'index'),
    chunks: prepared.chunks,
    corpusFingerprint: prepared.corpus.fingerprint,
    chunker: prepared.chunker,
    config: { arm: config.search.arm },
    embedder,
  })
  return cached.index
}

/** The bundled reference pipeline over the corpus's index (see {@link RuntimeOptions} for a retrieval-only arm). */
async function createReferenceAdapter(
  config: RagEvalConfig,
  prepared: PreparedCorpus,
  models: ModelClients | undefined,
  retrievalOnly?: RuntimeOptions['retrievalOnly'],
): Promise<{ adapter: RagAdapter; index: SearchIndex; pool?: SearchPool }> {
  const [{ createIndexRetriever }, { createReferencePipeline }, { loadRunPrompt }] = await Promise.all([
    import('../system/reference/retriever.ts'),
    import('../system/reference/pipeline.ts'),
    import('./run-prompts.ts'),
  ])
  const index = await createIndex(config, prepared, models, retrievalOnly)
  if (retrievalOnly)
    return {
      adapter: createReferencePipeline({
        retriever: createIndexRetriever(index, prepared.chunks),
        chunks: prepared.chunks,
        k: config.search.k,
        name: retrievalOnly.name,
      }),
      index,
    }
  // With `search.workers`, queries run in tinypool worker threads over the shared index (worth it for large
  // corpora); the tenant filter applies inside the workers exactly as in-process.
  const pool = config.search.workers
    ? new (await import('../search/pool/search-pool.ts')).SearchPool({ index })
    : undefined
  const searcher: Pick<SearchIndex, 'searchAsync'> = pool
    ? {
        searchAsync: async (query, options) =>
          (await pool.searchBatch([{ query, tenantId: options.tenantId, k: options.k, arm: options.arm }]))[0] ?? [],
      }
    : index
  const retriever = createIndexRetriever(searcher, prepared.chunks)
  const pipeline = createReferencePipeline({
    ...config.pipeline,
    retriever,
    chunks: prepared.chunks,
    k: config.search.k,
    templates: { answer: loadRunPrompt(config, 'answer.md'), rewrite: loadRunPrompt(config, 'rewrite.md') },
    generator: models?.generator,
    rewriter: models?.generator,
  })
  // Retrieval mode runs the same pipeline (the same query rewrite, so the same arm gives the same recall in
  // both modes) and stops after retrieval: no generation.
  return { adapter: pipeline, index, pool }
}

/**
 * Where the model clients keep their cache and the run's shared spend ledger: a cache dir set in the model
 * config wins (resolved against the project root); every worker shares one spend file, so the limit holds for
 * the whole run, not once per worker (the global setup resets it at the start of a run).
 */
export function modelClientOptions(config: RagEvalConfig): { cacheDir: string; spendFile: string } {
  const own = config.models?.cacheDir
  return {
    cacheDir: own ? resolve(config.root, own) : join(config.outDir, 'cache'),
    spendFile: join(config.outDir, 'spend.json'),
  }
}

/** The model clients of a run that configures `models` (loading the model client and its SDK); none offline. */
async function createModels(config: RagEvalConfig): Promise<ModelClients | undefined> {
  if (!config.models) return undefined
  return (await import('../llm/index.ts')).createModelClients(config.models, modelClientOptions(config))
}

/** Builds the runtime for `config`: the one runtime builder, for Vitest runs and experiments alike (see {@link RuntimeOptions}). */
export async function createRagRuntime(config: RagEvalConfig, options: RuntimeOptions = {}): Promise<RagRuntime> {
  useAbstentionPhrases(config.abstention)
  const prepared = options.prepared ?? (await prepareCorpus(config.corpus, config.chunker))
  // A retrieval-only arm uses the model clients for its embedder alone: a keyword arm builds none.
  const models = options.retrievalOnly && !usesEmbeddings(config) ? undefined : await createModels(config)
  if (options.retrievalOnly) {
    const { adapter, index } = await createReferenceAdapter(config, prepared, models, options.retrievalOnly)
    return { config, prepared, index, adapter, close: async () => {} }
  }
  const { adapter, index, pool } = await createAdapter(config, prepared, models)
  const resolveSource = createSourceResolver(
    prepared.corpus.documents,
    prepared.chunks,
    await loadSourceMap(config.sourceMap),
    {
      tenancy: config.tenancy,
      ...(config.tenantPattern !== undefined ? { tenantPattern: config.tenantPattern } : {}),
    },
  )
  const judge = await chooseJudge(config, models)
  const claimChecker = await chooseClaimChecker(config, judge, models)
  const responseRelevancy = await chooseResponseRelevancy(config, models)
  const qrels = await loadRuntimeQrels(config, prepared)
  const checkpoints = await createCheckpoints(config)
  const writeStats = models ? (await import('./provider-stats.ts')).providerStatsWriter(config.outDir) : undefined
  return {
    config,
    prepared,
    index,
    adapter,
    resolveSource,
    judge,
    claimChecker,
    ...(responseRelevancy ? { responseRelevancy } : {}),
    ...(qrels ? { qrels } : {}),
    models,
    checkpoints,
    saveProviderStats: writeStats && models ? () => writeStats(models.stats()) : undefined,
    async close() {
      await adapter.close?.()
      await pool?.destroy()
    },
  }
}
