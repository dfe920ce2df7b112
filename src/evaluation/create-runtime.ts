/**
 * Builds everything one worker needs to evaluate cases, once: the corpus and its chunks, the search index,
 * model clients (only when configured: the default runs offline), the system under test behind its adapter,
 * the judge, and the checkpoint store for `resume`. `close()` releases pools and clients.
 */
import { join, resolve } from 'node:path'
import { loadModuleAdapter } from '../adapter/function-adapter.ts'
import { httpAdapter } from '../adapter/http-adapter.ts'
import type { RagAdapter, SystemOutput } from '../adapter/types.ts'
import type { RagEvalConfig } from '../config/schema.ts'
import { loadRunPrompt } from './run-prompts.ts'
import { createReferencePipeline } from '../generation/pipeline.ts'
import { createIndexRetriever } from '../generation/retriever.ts'
import { createHeuristicJudge } from '../judge/heuristic-judge.ts'
import { createModelJudge } from '../judge/model-judge.ts'
import type { Judge, JudgeVerdict } from '../judge/types.ts'
import { readQrelsFile } from '../judge/qrels-file.ts'
import type { QrelsRow } from '../judge/qrels.ts'
import type { Chunk } from '../corpus/types.ts'
import { createHeuristicClaimChecker, createModelClaimChecker, type ClaimChecker } from '../judge/claim-check.ts'
import { CheckpointStore, createModelClients, runFingerprint, type ModelClients } from '../llm/index.ts'
import { embeddingDimensions } from '../llm/probe.ts'
import { embedderFromClient } from '../llm/embedder.ts'
import type { Embedder } from '../search/embedder.ts'
import { createHashEmbedder } from '../search/embedder-hash.ts'
import type { SearchIndex } from '../search/index.ts'
import { loadOrBuildSearchIndex } from '../artifacts/index-cache.ts'
import { SearchPool } from '../pool/search-pool.ts'
import { createSourceResolver, type SourceResolver } from '../sources/resolve-source.ts'
import { loadSourceMap } from '../sources/source-map.ts'
import { prepareCorpus, type PreparedCorpus } from '../prepared-corpus/prepare-corpus.ts'
import { providerStatsWriter } from '../cost/provider-stats.ts'
import { ConfigError } from '../config/resolve.ts'

/** What a completed case leaves behind: everything that cost a model call (the answer and the verdict). */
export interface CaseCheckpoint {
  output: SystemOutput
  judgement?: JudgeVerdict
  /** The claim-level metrics (model claim checks are paid calls: a resumed run must not repeat them). */
  claimMetrics?: Record<string, number>
}

/** Per-case checkpoints, for `resume`: a resumed run repeats no completed paid call. */
export interface CaseCheckpoints {
  get(caseId: string, caseHash: string): Promise<CaseCheckpoint | undefined>
  put(caseId: string, caseHash: string, checkpoint: CaseCheckpoint): Promise<void>
}

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
  models?: ModelClients
  checkpoints?: CaseCheckpoints
  /** Writes the model clients' per-provider tally for the reporter (after each case). */
  saveProviderStats?(): Promise<void>
  close(): Promise<void>
}

/** Pooled judgments as a worker holds them. */
export interface RuntimeQrels {
  rows: QrelsRow[]
  chunksByDoc: Map<string, Chunk[]>
  chunker: string
}

/** Reads the configured pooled qrels file; a bad line stops the run with every problem named. */
async function loadRuntimeQrels(config: RagEvalConfig, prepared: PreparedCorpus): Promise<RuntimeQrels | undefined> {
  if (config.qrels === undefined) return undefined
  const path = resolve(config.root, config.qrels)
  const { rows, problems } = await readQrelsFile(path)
  if (problems.length > 0) throw new ConfigError(`vitest-rag: the qrels file ${path} has ${problems.length} bad line(s):\n${problems.map((p) => `${p.file}:${p.line}: ${p.path} ${p.message}`).join('\n')}`)
  const chunksByDoc = new Map<string, Chunk[]>()
  for (const chunk of prepared.chunks) chunksByDoc.set(chunk.docId, [...(chunksByDoc.get(chunk.docId) ?? []), chunk])
  return { rows, chunksByDoc, chunker: config.chunker }
}

/**
 * The claim checker: the offline heuristic (default), or the judge model with `claimMetrics: 'model'`; none in
 * retrieval mode, with the judge off, or with `claimMetrics: 'off'`.
 */
function chooseClaimChecker(config: RagEvalConfig, judge: Judge | undefined, models: ModelClients | undefined): ClaimChecker | undefined {
  if (config.mode !== 'system' || config.claimMetrics === 'off' || !judge) return undefined
  if (config.claimMetrics === 'heuristic') return createHeuristicClaimChecker()
  if (!models?.judge) throw new ConfigError("vitest-rag: claimMetrics 'model' needs models.judge (a provider chain) in the ragEval options; use 'heuristic' to stay offline")
  return createModelClaimChecker(models.judge)
}

/**
 * The vector arms' embedder: the configured embedding model (through the model client: cached by content and
 * model, priced, retried) when `models.embedder` is set, else the offline hash embedder. A model's dimension
 * comes from its config, or from embedding one probe text.
 */
async function chooseEmbedder(models: ModelClients | undefined, outDir: string): Promise<Embedder> {
  const client = models?.embedder
  if (!client) return createHashEmbedder()
  // One probe per run: the global setup's, recorded under outDir (see src/llm/probe.ts).
  return embedderFromClient(client, await embeddingDimensions(client, outDir))
}

async function createAdapter(config: RagEvalConfig, prepared: PreparedCorpus, models: ModelClients | undefined): Promise<{ adapter: RagAdapter; index?: SearchIndex; pool?: SearchPool }> {
  const spec = config.adapter
  if (spec.kind === 'module') return { adapter: await loadModuleAdapter(spec.path, spec.options) }
  if (spec.kind === 'http') return { adapter: httpAdapter({ url: spec.url, headersFromEnv: spec.headersFromEnv, timeoutMs: spec.timeoutMs }) }
  const needsEmbeddings = config.search.arm === 'vector' || config.search.arm === 'hybrid'
  // The built index is cached on disk under corpus fingerprint + chunker + search config, so watch-mode
  // reruns and CI replays load it instead of rebuilding.
  const { index } = await loadOrBuildSearchIndex({
    cacheDir: join(config.outDir, 'index'),
    chunks: prepared.chunks,
    corpusFingerprint: prepared.corpus.fingerprint,
    chunker: prepared.chunker,
    config: { arm: config.search.arm },
    embedder: needsEmbeddings ? await chooseEmbedder(models, config.outDir) : undefined,
  })
  // With `search.workers`, queries run in tinypool worker threads over the shared index (worth it for large
  // corpora); the tenant filter applies inside the workers exactly as in-process.
  const pool = config.search.workers ? new SearchPool({ index }) : undefined
  const searcher: Pick<SearchIndex, 'searchAsync'> = pool
    ? { searchAsync: async (query, options) => (await pool.searchBatch([{ query, tenantId: options.tenantId, k: options.k, arm: options.arm }]))[0] ?? [] }
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
  return { cacheDir: own ? resolve(config.root, own) : join(config.outDir, 'cache'), spendFile: join(config.outDir, 'spend.json') }
}

/**
 * The part of the model config a checkpoint depends on: providers and models (they shape answers and verdicts)
 * and prices (they shape the reported cost). Cache mode, cache dir, retries and the spend limit do not change
 * what a completed case produced, so changing them (e.g. raising the limit to resume) keeps its checkpoint.
 */
function answerShapingModels(models: RagEvalConfig['models']): unknown {
  if (models === undefined) return undefined
  const { cacheMode: _mode, cacheDir: _dir, spendLimitUsd: _limit, retry: _retry, ...rest } = models
  return rest
}

/** Builds the runtime for `config`. */
export async function createRagRuntime(config: RagEvalConfig): Promise<RagRuntime> {
  const prepared = await prepareCorpus(config.corpus, config.chunker)
  const models = config.models ? createModelClients(config.models, modelClientOptions(config)) : undefined
  const { adapter, index, pool } = await createAdapter(config, prepared, models)
  const resolveSource = createSourceResolver(prepared.corpus.documents, prepared.chunks, await loadSourceMap(config.sourceMap))
  let judge: Judge | undefined
  if (config.mode === 'system' && config.judge === 'heuristic') judge = createHeuristicJudge()
  if (config.mode === 'system' && config.judge === 'model') {
    if (!models?.judge) throw new ConfigError('vitest-rag: judge "model" needs models.judge (a provider chain) in the ragEval options')
    const allowSameModel = config.models?.judge?.allowSameModel
    judge = createModelJudge({ client: models.judge, template: loadRunPrompt(config, 'judge.md'), generatorModel: models.generator?.model, allowSameModel })
  }
  const claimChecker = chooseClaimChecker(config, judge, models)
  const qrels = await loadRuntimeQrels(config, prepared)
  let checkpoints: CaseCheckpoints | undefined
  if (config.resume || config.models) {
    // Checkpoints are written whenever model calls cost money, so an interrupted run can resume; they are
    // read only with `resume`. The fingerprint ties them to this configuration.
    const store = new CheckpointStore(config.outDir, runFingerprint({ mode: config.mode, judge: config.judge, claimMetrics: config.claimMetrics, adapter: config.adapter, search: config.search, chunker: config.chunker, models: answerShapingModels(config.models), pipeline: config.pipeline }))
    checkpoints = {
      get: async (caseId, caseHash) => {
        if (!config.resume) return undefined
        const saved = (await store.get(caseId)) as ({ caseHash: string } & CaseCheckpoint) | undefined
        return saved?.caseHash === caseHash ? { output: saved.output, judgement: saved.judgement, claimMetrics: saved.claimMetrics } : undefined
      },
      put: (caseId, caseHash, checkpoint) => store.save(caseId, { caseHash, ...checkpoint }),
    }
  }
  const writeStats = models ? providerStatsWriter(config.outDir) : undefined
  return {
    config,
    prepared,
    index,
    adapter,
    resolveSource,
    judge,
    claimChecker,
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
