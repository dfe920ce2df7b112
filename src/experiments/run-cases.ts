/**
 * Running golden cases for an experiment through the same per-case evaluation as the Vitest run
 * (`evaluateCase`): a retrieval-only runtime over any search arm and fusion (for `eval-retrieval` and
 * `chunking-experiment`), or the configured runtime (`createRagRuntime`) for the full pipeline.
 */
import type { RagEvalConfig } from '../config/schema.ts'
import { createReferencePipeline } from '../generation/pipeline.ts'
import { createIndexRetriever } from '../generation/retriever.ts'
import { modelClientOptions, type RagRuntime } from '../evaluation/create-runtime.ts'
import { createModelClients } from '../llm/index.ts'
import { embedderFromClient } from '../llm/embedder.ts'
import type { Embedder } from '../search/embedder.ts'
import { evaluateCase } from '../evaluation/evaluate-case.ts'
import type { ModuleCase } from '../cases/prepared-case.ts'
import type { PreparedCorpus } from '../prepared-corpus/prepare-corpus.ts'
import type { CaseRecord } from '../scorecard/case-record.ts'
import { createHashEmbedder } from '../search/embedder-hash.ts'
import { buildSearchIndex } from '../search/index.ts'
import type { ExperimentConfig } from './presets.ts'
import type { Progress } from './progress.ts'

/**
 * The vector arms' embedder: the configured embedding model when the config still has `models.embedder` (the
 * user passed `--models`; the experiment source strips models otherwise), else the offline hash embedder.
 */
async function experimentEmbedder(config: RagEvalConfig): Promise<Embedder> {
  const client = config.models ? createModelClients(config.models, modelClientOptions(config)).embedder : undefined
  if (!client) return createHashEmbedder()
  return embedderFromClient(client, client.dimensions ?? (await client.embed(['dimension probe'])).vectors[0]?.length)
}

/**
 * A retrieval-mode runtime over `prepared` with the preset's search arm and fusion: the reference pipeline in
 * retrieval mode, as a Vitest run in retrieval mode uses it (multi-turn queries rewritten from their history,
 * no generation). Vector arms use {@link experimentEmbedder}.
 */
export async function createRetrievalRuntime(config: RagEvalConfig, prepared: PreparedCorpus, search: ExperimentConfig['search']): Promise<RagRuntime> {
  const needsEmbeddings = search.arm === 'vector' || search.arm === 'hybrid'
  const index = await buildSearchIndex(prepared.chunks, { arm: search.arm, ...(search.fusion ? { fusion: search.fusion } : {}) }, needsEmbeddings ? await experimentEmbedder(config) : undefined)
  const retriever = createIndexRetriever(index, prepared.chunks)
  const adapter = createReferencePipeline({ retriever, chunks: prepared.chunks, k: config.search.k, name: `retrieval-${search.arm}` })
  return { config: { ...config, mode: 'retrieval', search: { ...config.search, arm: search.arm } }, prepared, index, adapter, close: async () => {} }
}

/** Evaluates `cases` one after another through `runtime`, ticking `progress`; returns their records. */
export async function evaluateCases(runtime: RagRuntime, cases: ReadonlyArray<ModuleCase & { file: string }>, progress?: Progress): Promise<CaseRecord[]> {
  const records: CaseRecord[] = []
  for (const c of cases) {
    const { record } = await evaluateCase(runtime, c, c.file)
    records.push(record)
    progress?.tick()
  }
  progress?.done()
  return records
}

/** A runtime whose adapter passes `trial` to the system under test, so repeated trials are not model cache hits. */
export function withTrial(runtime: RagRuntime, trial: number): RagRuntime {
  const adapter = runtime.adapter
  const close = adapter.close?.bind(adapter)
  return { ...runtime, adapter: { name: adapter.name, run: (input) => adapter.run({ ...input, trial }), ...(close ? { close } : {}) } }
}
