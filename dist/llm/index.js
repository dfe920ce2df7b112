/**
 * The one model client: `createModelClients(config, options)` builds the generator, judge and embedder
 * clients of a run, sharing one spend ledger, one cache and the process-wide provider limiters.
 *
 * Refusals happen here, before any network call: an invalid config ({@link ModelConfigError}), an unpriced
 * model in any chain ({@link UnpricedModelError}), a judge that resolves to the generator's model
 * ({@link JudgeIsGeneratorError}).
 */
import { ResponseCache, defaultCacheMode } from "./cache.js";
import { ProviderChatClient } from "./chat-client.js";
import { defaultCacheDir, parseModelConfig } from "./config.js";
import { ProviderEmbeddingClient } from "./embedding-client.js";
import { mergePrices, priceOf } from "./pricing.js";
import { resolveJudgeChain } from "./providers.js";
import { createRandom, defaultRetryOptions } from "./retry.js";
import { ModelConfigError } from "./errors.js";
import { SpendLedger } from "./spend.js";
import { FileSpendLedger } from "./spend-file.js";
import { StatsRecorder, mergeStats } from "./stats.js";
/**
 * Builds the run's model clients (see the file comment for what is refused up front). `config` is the raw
 * `models` section (a {@link ModelConfig}); it is validated here.
 */
export function createModelClients(config, options = {}) {
    const parsed = parseModelConfig(config);
    const prices = mergePrices({ ...(parsed.prices ?? {}), ...(options.prices ?? {}) });
    const limitUsd = options.spendLimitUsd ?? parsed.spendLimitUsd ?? Number.POSITIVE_INFINITY;
    const ledger = options.ledger ?? (options.spendFile ? new FileSpendLedger(options.spendFile, limitUsd) : new SpendLedger(limitUsd));
    const cache = new ResponseCache({
        dir: options.cacheDir ?? parsed.cacheDir ?? defaultCacheDir,
        mode: options.cacheMode ?? parsed.cacheMode ?? defaultCacheMode,
        ...(options.warn ? { warn: options.warn } : {}),
    });
    const env = options.env ?? process.env;
    const { seed, ...retryOverrides } = parsed.retry ?? {};
    const retry = { ...defaultRetryOptions, ...retryOverrides };
    const recorders = [];
    const contextFor = (role, chain) => {
        for (const provider of chain)
            priceOf(provider.model, prices); // unpriced: refused before any call
        const recorder = new StatsRecorder();
        recorders.push(recorder);
        const readEnv = (name) => env[name];
        return { role, chain, ledger, prices, readEnv, retry, random: createRandom(seed), recorder };
    };
    const clients = { ledger, cache, stats: () => mergeStats(recorders) };
    if (parsed.generator)
        clients.generator = new ProviderChatClient('generator', contextFor('generator', parsed.generator.chain), cache);
    if (parsed.judge) {
        const generatorChain = parsed.generator?.chain ?? [];
        if (parsed.judge.chain === undefined && generatorChain.length === 0) {
            throw new ModelConfigError('models.judge has no chain and there is no generator chain to reverse; set models.judge.chain');
        }
        const resolved = resolveJudgeChain(generatorChain, parsed.judge.chain, parsed.judge.allowSameModel ?? false);
        clients.judgeChain = resolved;
        clients.judge = new ProviderChatClient('judge', contextFor('judge', resolved.chain), cache);
    }
    if (parsed.embedder) {
        clients.embedder = new ProviderEmbeddingClient(contextFor('embedder', parsed.embedder.chain), cache, parsed.embedder.dimensions, parsed.embedder.batchSize);
    }
    return clients;
}
export { ModelConfigSchema, parseModelConfig, defaultCacheDir } from "./config.js";
export { ProviderSchema, ProviderChainSchema, UpstreamPinSchema, resolveJudgeChain } from "./providers.js";
export { ResponseCache, CacheModeSchema } from "./cache.js";
export { chatCacheKey, embeddingCacheKey, chatKeyMaterial } from "./cache-key.js";
export { defaultPrices, mergePrices, priceOf, costOf, estimatePromptTokens } from "./pricing.js";
export { SpendLedger, estimateRunCost, assertEstimateWithinLimit, worstCaseCost } from "./spend.js";
export { FileSpendLedger, resetSpendFile, SpendFileError } from "./spend-file.js";
export { CheckpointStore, runFingerprint } from "./checkpoint.js";
export { resetProviderLimiters } from "./limiter.js";
export { ProviderChatClient } from "./chat-client.js";
export { ProviderEmbeddingClient } from "./embedding-client.js";
export { LlmError, UnpricedModelError, SpendLimitError, EstimatedSpendTooHighError, CacheReplayMissError, JudgeIsGeneratorError, MissingApiKeyError, ProviderChainError, ModelConfigError, } from "./errors.js";
//# sourceMappingURL=index.js.map