/**
 * Builds everything one worker needs to evaluate cases, once: the corpus and its chunks, the search index,
 * model clients (only when configured: the default runs offline), the system under test behind its adapter,
 * the judge, and the checkpoint store for `resume`. `close()` releases pools and clients.
 */
import { useAbstentionPhrases } from '../shared/text/abstention.ts'
import { join, relative } from 'node:path'
import type { RagAdapter, SystemOutput } from '../system/adapter/types.ts'
import type { RagEvalConfig } from '../config/schema.ts'
import type { Judge } from '../grading/judge/types.ts'
import type { ClaimChecker } from '../grading/judge/claim-check.ts'
import type { ModelClients } from '../llm/index.ts'
import type { FusionConfig } from '../search/fusion.ts'
import type { SearchIndex } from '../search/index.ts'
import type { SearchPool } from '../search/pool/search-pool.ts'
import type { SourceResolver } from '../system/sources/resolve-source.ts'
import { chooseEmbedder, createModels, createResolver, preparedCorpus } from './runtime-parts.ts'
import type { PreparedCorpus } from '../corpus/prepare-corpus.ts'
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
// import per worker of what the configuration names, and none of what it does not. The corpus and the source
// resolver load the same way, so the system stage of a module, HTTP or recorded adapter (stageRagRuntime) loads
// neither them nor zod before the first system call.

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

/** The system under test; only the reference pipeline waits for the corpus and the model clients. */
async function createAdapter(
  config: RagEvalConfig,
  prepared: () => Promise<PreparedCorpus>,
  models: () => Promise<ModelClients | undefined>,
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
  return createReferenceAdapter(config, await prepared(), await models())
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

/** What calling the system needs, built before the rest of the runtime (see {@link stageRagRuntime}). */
export type SystemStage = Pick<RagRuntime, 'config' | 'adapter' | 'checkpoints'>

/**
 * A runtime built in two stages, for a Vitest worker: the system stage first, then the rest (corpus, source
 * resolver, judge, claim checker, qrels, provider tally) while the first system calls are under way. Each part
 * is built once; the rest reuses the system stage's adapter, checkpoints and model clients.
 */
export interface StagedRuntime {
  /**
   * The adapter and the checkpoints (a resumed case skips its call). A module, HTTP or recorded adapter needs
   * nothing else; the reference pipeline needs the corpus, its index and the model clients, so its system
   * stage builds them.
   */
  system(): Promise<SystemStage>
  /** The whole runtime, the system stage's parts included. */
  runtime(): Promise<RagRuntime>
  /** Releases what was built (the adapter, a search pool), whichever stages were. */
  close(): Promise<void>
}

/** A promise made on first call and shared by every later one. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}

/** Builds the runtime for `config` in two stages (see {@link StagedRuntime}); nothing is built until asked for. */
export function stageRagRuntime(config: RagEvalConfig, given?: PreparedCorpus): StagedRuntime {
  useAbstentionPhrases(config.abstention)
  const prepared = once(async () => given ?? (await preparedCorpus(config)))
  const models = once(() => createModels(config))
  const adapter = once(() => createAdapter(config, prepared, models))
  const system = once(async () => {
    const [built, checkpoints] = await Promise.all([adapter(), createCheckpoints(config)])
    return { config, adapter: built.adapter, checkpoints }
  })
  let started = false
  // Closes what was built, whichever stages were: the adapter, and the search pool of a reference pipeline.
  const close = async () => {
    if (!started) return
    const made = await adapter().catch(() => undefined)
    await made?.adapter.close?.()
    await made?.pool?.destroy()
  }
  const runtime = once(async () => {
    const stage = await system()
    const rest = await completeRuntime(config, stage, (await adapter()).index, await prepared(), await models())
    return { ...rest, close }
  })
  return {
    system: () => ((started = true), system()),
    runtime: () => ((started = true), runtime()),
    close,
  }
}

/** The rest of a runtime around its system stage: the grading parts, built in the order a run has always built them. */
async function completeRuntime(
  config: RagEvalConfig,
  stage: SystemStage,
  index: SearchIndex | undefined,
  prepared: PreparedCorpus,
  models: ModelClients | undefined,
): Promise<Omit<RagRuntime, 'close'>> {
  const resolveSource = await createResolver(config, prepared)
  const judge = await chooseJudge(config, models)
  const claimChecker = await chooseClaimChecker(config, judge, models)
  const responseRelevancy = await chooseResponseRelevancy(config, models)
  const qrels = await loadRuntimeQrels(config, prepared)
  const writeStats = models ? (await import('./provider-stats.ts')).providerStatsWriter(config.outDir) : undefined
  return {
    config,
    prepared,
    index,
    adapter: stage.adapter,
    resolveSource,
    judge,
    claimChecker,
    ...(responseRelevancy ? { responseRelevancy } : {}),
    ...(qrels ? { qrels } : {}),
    models,
    checkpoints: stage.checkpoints,
    saveProviderStats: writeStats && models ? () => writeStats(models.stats()) : undefined,
  }
}

/** Builds the runtime for `config`: the one runtime builder, for Vitest runs and experiments alike (see {@link RuntimeOptions}). */
export async function createRagRuntime(config: RagEvalConfig, options: RuntimeOptions = {}): Promise<RagRuntime> {
  if (options.retrievalOnly) {
    useAbstentionPhrases(config.abstention)
    const prepared = options.prepared ?? (await preparedCorpus(config))
    // A retrieval-only arm uses the model clients for its embedder alone: a keyword arm builds none.
    const models = usesEmbeddings(config) ? await createModels(config) : undefined
    const { adapter, index } = await createReferenceAdapter(config, prepared, models, options.retrievalOnly)
    return { config, prepared, index, adapter, close: async () => {} }
  }
  return stageRagRuntime(config, options.prepared).runtime()
}
