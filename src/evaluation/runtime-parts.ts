/**
 * Parts of a runtime that any stage of it may need, each loading its modules when first used: the model clients
 * and where they keep their cache and spend ledger, the embedder, the prepared corpus, the source resolver.
 */
import { join, resolve } from 'node:path'
import type { RagEvalConfig } from '../config/schema.ts'
import type { PreparedCorpus } from '../corpus/prepare-corpus.ts'
import type { ModelClients } from '../llm/index.ts'
import type { Embedder } from '../search/embedder.ts'
import type { SourceResolver } from '../system/sources/resolve-source.ts'

/**
 * The vector arms' embedder: the configured embedding model (through the model client: cached by content and
 * model, priced, retried) when `models.embedder` is set, else the offline hash embedder. A model's dimension
 * comes from its config, or from embedding one probe text.
 */
export async function chooseEmbedder(models: ModelClients | undefined, outDir: string): Promise<Embedder> {
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
export async function createModels(config: RagEvalConfig): Promise<ModelClients | undefined> {
  if (!config.models) return undefined
  return (await import('../llm/index.ts')).createModelClients(config.models, modelClientOptions(config))
}

/** The configured corpus, prepared (its module, and zod with it, loaded when first needed). */
export async function preparedCorpus(config: RagEvalConfig): Promise<PreparedCorpus> {
  return (await import('../corpus/prepare-corpus.ts')).prepareCorpus(config.corpus, config.chunker)
}

/** The source resolver: what the system names, resolved against the corpus with the configured `sourceMap`. */
export async function createResolver(config: RagEvalConfig, prepared: PreparedCorpus): Promise<SourceResolver> {
  const [{ createSourceResolver }, { loadSourceMap }] = await Promise.all([
    import('../system/sources/resolve-source.ts'),
    import('../system/sources/source-map.ts'),
  ])
  return createSourceResolver(prepared.corpus.documents, prepared.chunks, await loadSourceMap(config.sourceMap), {
    tenancy: config.tenancy,
    ...(config.tenantPattern !== undefined ? { tenantPattern: config.tenantPattern } : {}),
  })
}
