/**
 * The one model client: `createModelClients(config, options)` builds the generator, judge and embedder
 * clients of a run, sharing one spend ledger, one cache and the process-wide provider limiters.
 *
 * Refusals happen here, before any network call: an invalid config ({@link ModelConfigError}), an unpriced
 * model in any chain ({@link UnpricedModelError}), a judge that resolves to the generator's model
 * ({@link JudgeIsGeneratorError}).
 */
import { ResponseCache, defaultCacheMode, type CacheMode } from './cache.ts'
import type { ChainContext, Env } from './chain.ts'
import { ProviderChatClient } from './chat-client.ts'
import { defaultCacheDir, parseModelConfig, type ModelConfig } from './config.ts'
import { ProviderEmbeddingClient } from './embedding-client.ts'
import { mergePrices, priceOf, type PriceTable } from './pricing.ts'
import { resolveJudgeChain, type Provider, type ResolvedJudgeChain } from './providers.ts'
import { createRandom, defaultRetryOptions } from './retry.ts'
import { ModelConfigError } from './errors.ts'
import { SpendLedger } from './spend.ts'
import { FileSpendLedger } from './spend-file.ts'
import { StatsRecorder, mergeStats, type StatsByProvider } from './stats.ts'
import type { ModelRole } from './types.ts'

/** Run-level options; each overrides the config's value of the same name. */
export interface ModelClientOptions {
  /** Cache directory. Default: config `cacheDir`, else {@link defaultCacheDir} (relative to cwd). */
  cacheDir?: string
  /** Default: config `cacheMode`, else `read-write`. CI passes `replay`. */
  cacheMode?: CacheMode
  /** Hard spend limit for the run, USD. Default: config `spendLimitUsd`, else none. */
  spendLimitUsd?: number
  /** Prices merged over the config's and the built-in ones. */
  prices?: PriceTable
  /** Where API keys are read from, by name, at call time. Default `process.env`. */
  env?: Env
  /** A ledger to share with other client sets in the process. Default: a new one with the spend limit. */
  ledger?: SpendLedger
  /**
   * A spend file shared by every worker of the run ({@link FileSpendLedger}), so the limit holds for the whole
   * run rather than per worker. Ignored when `ledger` is given. Reset it once at run start ({@link resetSpendFile}).
   */
  spendFile?: string
  /** Warning sink (corrupt cache entries). Default `process.emitWarning`. */
  warn?: (message: string) => void
}

/** The clients of one run. Absent clients were not configured. */
export interface ModelClients {
  generator?: ProviderChatClient
  judge?: ProviderChatClient
  embedder?: ProviderEmbeddingClient
  /** The judge chain actually used (after reversal and same-model removal). */
  judgeChain?: ResolvedJudgeChain
  ledger: SpendLedger
  cache: ResponseCache
  /** The prices every client uses (the config's over the built-in table): what a worst-case estimate prices with. */
  prices: PriceTable
  /** Counters per provider name, summed over all clients. */
  stats(): StatsByProvider
}

/**
 * Builds the run's model clients (see the file comment for what is refused up front). `config` is the raw
 * `models` section (a {@link ModelConfig}); it is validated here.
 */
export function createModelClients(config: unknown, options: ModelClientOptions = {}): ModelClients {
  const parsed = parseModelConfig(config)
  const prices = mergePrices({ ...(parsed.prices ?? {}), ...(options.prices ?? {}) })
  const limitUsd = options.spendLimitUsd ?? parsed.spendLimitUsd ?? Number.POSITIVE_INFINITY
  const ledger =
    options.ledger ?? (options.spendFile ? new FileSpendLedger(options.spendFile, limitUsd) : new SpendLedger(limitUsd))
  const cache = new ResponseCache({
    dir: options.cacheDir ?? parsed.cacheDir ?? defaultCacheDir,
    mode: options.cacheMode ?? parsed.cacheMode ?? defaultCacheMode,
    ...(options.warn ? { warn: options.warn } : {}),
  })
  const env = options.env ?? process.env
  const { seed, ...retryOverrides } = parsed.retry ?? {}
  const retry = { ...defaultRetryOptions, ...retryOverrides }
  const recorders: StatsRecorder[] = []

  const contextFor = (role: ModelRole, chain: readonly Provider[]): ChainContext => {
    for (const provider of chain) priceOf(provider.model, prices) // unpriced: refused before any call
    const recorder = new StatsRecorder()
    recorders.push(recorder)
    const readEnv = (name: string): string | undefined => env[name]
    return { role, chain, ledger, prices, readEnv, retry, random: createRandom(seed), recorder }
  }

  const clients: ModelClients = { ledger, cache, prices, stats: () => mergeStats(recorders) }
  if (parsed.generator)
    clients.generator = new ProviderChatClient('generator', contextFor('generator', parsed.generator.chain), cache)
  if (parsed.judge) {
    const generatorChain = parsed.generator?.chain ?? []
    if (parsed.judge.chain === undefined && generatorChain.length === 0) {
      throw new ModelConfigError(
        'models.judge has no chain and there is no generator chain to reverse; set models.judge.chain',
      )
    }
    const resolved = resolveJudgeChain(generatorChain, parsed.judge.chain, parsed.judge.allowSameModel ?? false)
    clients.judgeChain = resolved
    clients.judge = new ProviderChatClient('judge', contextFor('judge', resolved.chain), cache)
  }
  if (parsed.embedder) {
    clients.embedder = new ProviderEmbeddingClient(
      contextFor('embedder', parsed.embedder.chain),
      cache,
      parsed.embedder.dimensions,
      parsed.embedder.batchSize,
    )
  }
  return clients
}

export { ModelConfigSchema, parseModelConfig, defaultCacheDir, type ModelConfig } from './config.ts'
export {
  ProviderSchema,
  ProviderChainSchema,
  UpstreamPinSchema,
  resolveJudgeChain,
  type Provider,
  type ResolvedJudgeChain,
} from './providers.ts'
export { ResponseCache, CacheModeSchema, type CacheMode } from './cache.ts'
export { chatCacheKey, embeddingCacheKey, chatKeyMaterial } from './cache-key.ts'
export {
  defaultPrices,
  mergePrices,
  priceOf,
  costOf,
  estimatePromptTokens,
  type PriceTable,
  type ModelPrice,
} from './pricing.ts'
export {
  SpendLedger,
  estimateRunCost,
  assertEstimateWithinLimit,
  plannedJsonCalls,
  worstCaseCost,
  type RunCostEstimate,
  type PlannedCall,
} from './spend.ts'
export { FileSpendLedger, resetSpendFile, SpendFileError } from './spend-file.ts'
export { CheckpointStore, runFingerprint } from './checkpoint.ts'
export { resetProviderLimiters } from './limiter.ts'
export { ProviderChatClient } from './chat-client.ts'
export { ProviderEmbeddingClient } from './embedding-client.ts'
export type { StatsByProvider, ProviderStats } from './stats.ts'
export {
  LlmError,
  UnpricedModelError,
  SpendLimitError,
  EstimatedSpendTooHighError,
  CacheReplayMissError,
  JudgeIsGeneratorError,
  MissingApiKeyError,
  ProviderChainError,
  ModelConfigError,
  ResumeNeedsCacheError,
} from './errors.ts'
export type {
  ChatClient,
  EmbeddingClient,
  ChatRequest,
  ChatResult,
  JsonChatResult,
  ChatMessage,
  ModelRole,
} from './types.ts'
