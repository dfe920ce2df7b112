/**
 * The embedding client: one cache entry per text (by content + model + dimensions), misses sent in batches
 * through the provider chain with the same spend guard, retries and fallback as chat.
 */
import type OpenAI from 'openai'
import { embeddingCacheKey } from './cache-key.ts'
import type { ResponseCache } from './cache.ts'
import { callChain, type AttemptOutcome, type ChainContext } from './chain.ts'
import { CacheReplayMissError } from './errors.ts'
import { costOf, estimatePromptTokens, priceOf } from './pricing.ts'
import type { Provider } from './providers.ts'
import { MalformedResponseError } from './retry.ts'
import type { StatsByProvider } from './stats.ts'
import type { EmbeddingClient } from './types.ts'
import { LlmError } from './errors.ts'

/** Texts per embeddings request. */
export const defaultEmbeddingBatchSize = 64

/** What an embedding cache entry's body holds. */
export interface EmbeddingCacheBody {
  model: string
  dimensions: number | null
  textChars: number
  vector: number[]
  /** This text's share of the batch's cost (by characters). */
  costUsd: number
}

async function attemptEmbed(
  sdk: OpenAI,
  provider: Provider,
  texts: string[],
  dimensions: number | undefined,
): Promise<AttemptOutcome<number[][]>> {
  const body: Record<string, unknown> = { model: provider.model, input: texts, encoding_format: 'float' }
  if (dimensions !== undefined) body.dimensions = dimensions
  const data = (await sdk.embeddings.create(body as never)) as unknown as {
    data?: Array<{ index?: number; embedding?: unknown }>
    usage?: { prompt_tokens?: number }
  }
  if (!Array.isArray(data?.data) || data.data.length !== texts.length) {
    throw new MalformedResponseError(
      `provider "${provider.name}" returned ${data?.data?.length ?? 'no'} vectors for ${texts.length} texts`,
    )
  }
  const vectors: number[][] = new Array(texts.length)
  for (const [position, item] of data.data.entries()) {
    if (!Array.isArray(item.embedding) || !item.embedding.every((x) => typeof x === 'number')) {
      throw new MalformedResponseError(`provider "${provider.name}" returned a non-numeric embedding`)
    }
    vectors[item.index ?? position] = item.embedding as number[]
  }
  const chars = texts.reduce((s, t) => s + t.length, 0)
  return {
    value: vectors,
    usage: { inputTokens: data.usage?.prompt_tokens ?? estimatePromptTokens(chars), outputTokens: 0 },
  }
}

/** {@link EmbeddingClient} over a provider chain. */
export class ProviderEmbeddingClient implements EmbeddingClient {
  readonly model: string
  readonly dimensions: number | undefined
  private readonly context: ChainContext
  private readonly cache: ResponseCache
  private readonly batchSize: number

  constructor(context: ChainContext, cache: ResponseCache, dimensions?: number, batchSize = defaultEmbeddingBatchSize) {
    const first = context.chain[0]
    if (first === undefined) throw new LlmError('VITEST_RAG_EMPTY_CHAIN', 'the embedder chain is empty')
    this.model = first.model
    this.dimensions = dimensions
    this.context = context
    this.cache = cache
    this.batchSize = batchSize
  }

  /** Per-provider counters of this client. */
  stats(): StatsByProvider {
    return this.context.recorder.snapshot()
  }

  /**
   * Fills `vectors` with the cached vector of each text that has one (a saved call, tallied as such); in replay
   * mode a miss throws. Returns the indexes of the texts still missing and how many were cached.
   */
  private async readCachedVectors(
    texts: string[],
    vectors: Float32Array[],
  ): Promise<{ missing: number[]; cached: number }> {
    const missing: number[] = []
    let cached = 0
    const primary = this.context.chain[0]!
    for (const [i, text] of texts.entries()) {
      const key = embeddingCacheKey(this.model, text, this.dimensions)
      const hit = await this.cache.read<EmbeddingCacheBody>(key)
      if (hit === undefined) {
        if (this.cache.mode === 'replay') {
          throw new CacheReplayMissError(
            key,
            this.cache.pathFor(key),
            `embedder ${this.model}, text ${JSON.stringify(text.slice(0, 80))}`,
          )
        }
        missing.push(i)
        continue
      }
      vectors[i] = Float32Array.from(hit.vector)
      cached += 1
      const stats = this.context.recorder.of(primary.name)
      stats.cached += 1
      stats.savedUsd += hit.costUsd
      this.context.ledger.recordSaved(hit.costUsd)
    }
    return { missing, cached }
  }

  /** The vectors of `texts`, from the cache or the provider chain in batches (each new vector then cached). */
  async embed(texts: string[]): Promise<{ vectors: Float32Array[]; cached: number; costUsd: number }> {
    const vectors: Float32Array[] = new Array(texts.length)
    const { missing, cached } = await this.readCachedVectors(texts, vectors)
    let costUsd = 0
    for (let start = 0; start < missing.length; start += this.batchSize) {
      const batch = missing.slice(start, start + this.batchSize)
      const batchTexts = batch.map((i) => texts[i]!)
      const chars = batchTexts.reduce((s, t) => s + t.length, 0)
      const outcome = await callChain(
        this.context,
        `an embeddings call (${batch.length} texts)`,
        (provider) =>
          costOf(
            { inputTokens: estimatePromptTokens(chars), outputTokens: 0 },
            priceOf(provider.model, this.context.prices),
          ),
        (sdk, provider) => attemptEmbed(sdk, provider, batchTexts, this.dimensions),
      )
      costUsd += outcome.costUsd
      for (const [position, index] of batch.entries()) {
        const vector = outcome.value[position]!
        vectors[index] = Float32Array.from(vector)
        const text = texts[index]!
        const share = chars === 0 ? outcome.costUsd / batch.length : (outcome.costUsd * text.length) / chars
        const model = outcome.provider.model
        const body: EmbeddingCacheBody = {
          model,
          dimensions: this.dimensions ?? null,
          textChars: text.length,
          vector,
          costUsd: share,
        }
        // Keyed by the model that actually answered, so a fallback model's vectors never pose as the primary's.
        await this.cache.write(embeddingCacheKey(model, text, this.dimensions), 'embedding', body)
      }
    }
    return { vectors, cached, costUsd }
  }
}
