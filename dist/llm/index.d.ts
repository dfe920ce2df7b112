/**
 * The one model client: `createModelClients(config, options)` builds the generator, judge and embedder
 * clients of a run, sharing one spend ledger, one cache and the process-wide provider limiters.
 *
 * Refusals happen here, before any network call: an invalid config ({@link ModelConfigError}), an unpriced
 * model in any chain ({@link UnpricedModelError}), a judge that resolves to the generator's model
 * ({@link JudgeIsGeneratorError}).
 */
import { ResponseCache, type CacheMode } from './cache.ts';
import type { Env } from './chain.ts';
import { ProviderChatClient } from './chat-client.ts';
import { ProviderEmbeddingClient } from './embedding-client.ts';
import { type PriceTable } from './pricing.ts';
import { type ResolvedJudgeChain } from './providers.ts';
import { SpendLedger } from './spend.ts';
import { type StatsByProvider } from './stats.ts';
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
export { ModelConfigSchema, parseModelConfig, defaultCacheDir, type ModelConfig } from './config.ts';
export { ProviderSchema, ProviderChainSchema, UpstreamPinSchema, resolveJudgeChain, type Provider, type ResolvedJudgeChain } from './providers.ts';
export { ResponseCache, CacheModeSchema, type CacheMode } from './cache.ts';
export { chatCacheKey, embeddingCacheKey, chatKeyMaterial } from './cache-key.ts';
export { defaultPrices, mergePrices, priceOf, costOf, estimatePromptTokens, type PriceTable, type ModelPrice } from './pricing.ts';
export { SpendLedger, estimateRunCost, assertEstimateWithinLimit, worstCaseCost, type RunCostEstimate, type PlannedCall } from './spend.ts';
export { FileSpendLedger, resetSpendFile, SpendFileError } from './spend-file.ts';
export { CheckpointStore, runFingerprint } from './checkpoint.ts';
export { resetProviderLimiters } from './limiter.ts';
export { ProviderChatClient } from './chat-client.ts';
export { ProviderEmbeddingClient } from './embedding-client.ts';
export type { StatsByProvider, ProviderStats } from './stats.ts';
export { LlmError, UnpricedModelError, SpendLimitError, EstimatedSpendTooHighError, CacheReplayMissError, JudgeIsGeneratorError, MissingApiKeyError, ProviderChainError, ModelConfigError, } from './errors.ts';
export type { ChatClient, EmbeddingClient, ChatRequest, ChatResult, JsonChatResult, ChatMessage, ModelRole } from './types.ts';
//# sourceMappingURL=index.d.ts.map