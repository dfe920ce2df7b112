/**
 * Builds everything one worker needs to evaluate cases, once: the corpus and its chunks, the search index,
 * model clients (only when configured: the default runs offline), the system under test behind its adapter,
 * the judge, and the checkpoint store for `resume`. `close()` releases pools and clients.
 */
import { join, resolve } from 'node:path'
import { functionAdapter, loadModuleAdapter } from '../adapter/function-adapter.ts'
import { httpAdapter } from '../adapter/http-adapter.ts'
import type { RagAdapter, SystemOutput } from '../adapter/types.ts'
import { promptPath } from '../config/resolve.ts'
import type { RagEvalConfig } from '../config/schema.ts'
import { loadPromptTemplate } from '../generation/load-prompt.ts'
import type { Chunk } from '../corpus/types.ts'
import { createReferencePipeline } from '../generation/pipeline.ts'
import { createIndexRetriever } from '../generation/retriever.ts'
import { createHeuristicJudge } from '../judge/heuristic-judge.ts'
import { loadJudgePromptTemplate } from '../judge/load-prompt-template.ts'
import { createModelJudge } from '../judge/model-judge.ts'
import type { Judge } from '../judge/types.ts'
import { CheckpointStore, createModelClients, runFingerprint, type ModelClients } from '../llm/index.ts'
import { createHashEmbedder } from '../search/embedder-hash.ts'
import { buildSearchIndex, type SearchIndex } from '../search/index.ts'
import { prepareCorpus, type PreparedCorpus } from './prepare-corpus.ts'

/** Per-case checkpoints of the system's outputs, for `resume`. */
export interface CaseCheckpoints {
  get(caseId: string, caseHash: string): Promise<SystemOutput | undefined>
  put(caseId: string, caseHash: string, output: SystemOutput): Promise<void>
}

/** Everything a worker needs to evaluate cases. */
export interface RagRuntime {
  config: RagEvalConfig
  prepared: PreparedCorpus
  chunkById: Map<string, Chunk>
  /** The search index (reference adapter only). */
  index?: SearchIndex
  adapter: RagAdapter
  judge?: Judge
  models?: ModelClients
  checkpoints?: CaseCheckpoints
  close(): Promise<void>
}

async function createAdapter(config: RagEvalConfig, prepared: PreparedCorpus, models: ModelClients | undefined): Promise<{ adapter: RagAdapter; index?: SearchIndex }> {
  const spec = config.adapter
  if (spec.kind === 'module') return { adapter: await loadModuleAdapter(spec.path, spec.options) }
  if (spec.kind === 'http') return { adapter: httpAdapter({ url: spec.url, headersFromEnv: spec.headersFromEnv, timeoutMs: spec.timeoutMs }) }
  const needsEmbeddings = config.search.arm === 'vector' || config.search.arm === 'hybrid'
  const index = await buildSearchIndex(prepared.chunks, { arm: config.search.arm }, needsEmbeddings ? createHashEmbedder() : undefined)
  const retriever = createIndexRetriever(index, prepared.chunks)
  const pipeline = createReferencePipeline({
    ...(config.pipeline as object),
    retriever,
    chunks: prepared.chunks,
    k: config.search.k,
    templates: { answer: loadPromptTemplate(promptPath(config, 'answer.md')), rewrite: loadPromptTemplate(promptPath(config, 'rewrite.md')) },
    generator: models?.generator,
    rewriter: models?.generator,
  })
  if (config.mode === 'retrieval') {
    // Component mode: retrieval only, no generation and no model cost.
    return {
      index,
      adapter: functionAdapter(async (input) => {
        const hits = await retriever(input.query, input.tenantId, config.search.k)
        return { retrieved: hits.map((h) => ({ chunkId: h.chunk.id, tenantId: h.chunk.tenantId, score: h.score, docId: h.chunk.docId })) }
      }, 'reference-retrieval'),
    }
  }
  return { adapter: pipeline, index }
}

/**
 * Where the model clients keep their cache and the run's shared spend ledger: a cache dir set in the model
 * config wins (resolved against the project root); every worker shares one spend file, so the limit holds for
 * the whole run, not once per worker (the global setup resets it at the start of a run).
 */
export function modelClientOptions(config: RagEvalConfig): { cacheDir: string; spendFile: string } {
  const own = (config.models as { cacheDir?: string } | undefined)?.cacheDir
  return { cacheDir: own ? resolve(config.root, own) : join(config.outDir, 'cache'), spendFile: join(config.outDir, 'spend.json') }
}

/** Builds the runtime for `config`. */
export async function createRagRuntime(config: RagEvalConfig): Promise<RagRuntime> {
  const prepared = await prepareCorpus(config.corpus, config.chunker)
  const models = config.models ? createModelClients(config.models, modelClientOptions(config)) : undefined
  const { adapter, index } = await createAdapter(config, prepared, models)
  let judge: Judge | undefined
  if (config.mode === 'system' && config.judge === 'heuristic') judge = createHeuristicJudge()
  if (config.mode === 'system' && config.judge === 'model') {
    if (!models?.judge) throw new Error('vitest-rag: judge "model" needs models.judge (a provider chain) in the ragEval options')
    const allowSameModel = (config.models as { judge?: { allowSameModel?: boolean } }).judge?.allowSameModel
    judge = createModelJudge({ client: models.judge, template: loadJudgePromptTemplate(promptPath(config, 'judge.md')), generatorModel: models.generator?.model, allowSameModel })
  }
  let checkpoints: CaseCheckpoints | undefined
  if (config.resume || config.models) {
    // Checkpoints are written whenever model calls cost money, so an interrupted run can resume; they are
    // read only with `resume`. The fingerprint ties them to this configuration.
    const store = new CheckpointStore(config.outDir, runFingerprint({ mode: config.mode, adapter: config.adapter, search: config.search, chunker: config.chunker, models: config.models, pipeline: config.pipeline }))
    checkpoints = {
      get: async (caseId, caseHash) => {
        if (!config.resume) return undefined
        const saved = (await store.get(caseId)) as { caseHash: string; output: SystemOutput } | undefined
        return saved?.caseHash === caseHash ? saved.output : undefined
      },
      put: (caseId, caseHash, output) => store.save(caseId, { caseHash, output }),
    }
  }
  return {
    config,
    prepared,
    chunkById: prepared.chunkById,
    index,
    adapter,
    judge,
    models,
    checkpoints,
    async close() {
      await adapter.close?.()
    },
  }
}
