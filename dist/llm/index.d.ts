/**
 * The one model client: `createModelClients(config, options)` builds the generator, judge and embedder
 * clients of a run, sharing one spend ledger, one cache and the process-wide provider limiters.
 *
 * Refusals happen here, before any network call: an invalid config ({@link ModelConfigError}), an unpriced
 * model in any chain ({@link UnpricedModelError}), a judge that resolves to the generator's model
 * ({@link JudgeIsGeneratorError}).
 */
import { ResponseCache, type CacheMode } from './cache.js';
import type { Env } from './chain.js';
import { ProviderChatClient } from './chat-client.js';
import { ProviderEmbeddingClient } from './embedding-client.js';
import { type PriceTable } from './pricing.js';
import { type ResolvedJudgeChain } from './providers.js';
import { SpendLedger } from './spend.js';
import { type StatsByProvider } from './stats.js';
/** Run-level options; each overrides the config's value of the same name. */
export interface ModelClientOptions {
    /** Cache directory. Default: config `cacheDir`, else {@link defaultCacheDir} (relative to cwd). */
    cacheDir?: string;
    /** Default: config `cacheMode`, else `read-write`. CI passes `replay`. */
    cacheMode?: CacheMode;
    /** Hard spend limit for the run, USD. Default: config `spendLimitUsd`, else none. */
    spendLimitUsd?: number;
    /** Prices merged over the config's and the built-in ones. */
    prices?: PriceTable;
    /** Where API keys are read from, by name, at call time. Default `process.env`. */
    env?: Env;
    /** A ledger to share with other client sets in the process. Default: a new one with the spend limit. */
    ledger?: SpendLedger;
    /**
     * A spend file shared by every worker of the run ({@link FileSpendLedger}), so the limit holds for the whole
     * run rather than per worker. Ignored when `ledger` is given. Reset it once at run start ({@link resetSpendFile}).
     */
    spendFile?: string;
    /** Warning sink (corrupt cache entries). Default `process.emitWarning`. */
    warn?: (message: string) => void;
}
/** The clients of one run. Absent clients were not configured. */
export interface ModelClients {
    generator?: ProviderChatClient;
    judge?: ProviderChatClient;
    embedder?: ProviderEmbeddingClient;
    /** The judge chain actually used (after reversal and same-model removal). */
    judgeChain?: ResolvedJudgeChain;
    ledger: SpendLedger;
    cache: ResponseCache;
    /** Counters per provider name, summed over all clients. */
    stats(): StatsByProvider;
}
/**
 * Builds the run's model clients (see the file comment for what is refused up front). `config` is the raw
 * `models` section (a {@link ModelConfig}); it is validated here.
 */
export declare function createModelClients(config: unknown, options?: ModelClientOptions): ModelClients;
export { ModelConfigSchema, parseModelConfig, defaultCacheDir, type ModelConfig } from './config.js';
export { ProviderSchema, ProviderChainSchema, UpstreamPinSchema, resolveJudgeChain, type Provider, type ResolvedJudgeChain } from './providers.js';
export { ResponseCache, CacheModeSchema, type CacheMode } from './cache.js';
export { chatCacheKey, embeddingCacheKey, chatKeyMaterial } from './cache-key.js';
export { defaultPrices, mergePrices, priceOf, costOf, estimatePromptTokens, type PriceTable, type ModelPrice } from './pricing.js';
export { SpendLedger, estimateRunCost, assertEstimateWithinLimit, worstCaseCost, type RunCostEstimate, type PlannedCall } from './spend.js';
export { FileSpendLedger, resetSpendFile, SpendFileError } from './spend-file.js';
export { CheckpointStore, runFingerprint } from './checkpoint.js';
export { resetProviderLimiters } from './limiter.js';
export { ProviderChatClient } from './chat-client.js';
export { ProviderEmbeddingClient } from './embedding-client.js';
export type { StatsByProvider, ProviderStats } from './stats.js';
export { LlmError, UnpricedModelError, SpendLimitError, EstimatedSpendTooHighError, CacheReplayMissError, JudgeIsGeneratorError, MissingApiKeyError, ProviderChainError, ModelConfigError, } from './errors.js';
export type { ChatClient, EmbeddingClient, ChatRequest, ChatResult, JsonChatResult, ChatMessage, ModelRole } from './types.js';
