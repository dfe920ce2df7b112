/**
 * Prices: USD per million input and output tokens, per model id. A model with no price is refused before any
 * network call ({@link UnpricedModelError}): a missing price is not zero. Defaults are a few common models
 * (list prices when written; override or extend them through config `models.prices`).
 */
import { z } from 'zod';
import { UnpricedModelError } from "./errors.js";
/** One model's price, USD per 1,000,000 tokens. */
export const ModelPriceSchema = z.strictObject({
    inputPerMillion: z.number().nonnegative(),
    outputPerMillion: z.number().nonnegative(),
});
/** Price table keyed by model id exactly as sent to the provider. */
export const PriceTableSchema = z.record(z.string(), ModelPriceSchema);
/** Built-in prices (USD per million tokens). Config entries override these by model id. */
export const defaultPrices = {
    'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
    'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
    'gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6 },
    'gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8 },
    'text-embedding-3-small': { inputPerMillion: 0.02, outputPerMillion: 0 },
    'text-embedding-3-large': { inputPerMillion: 0.13, outputPerMillion: 0 },
    'openai/gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
    'qwen/qwen-2.5-7b-instruct': { inputPerMillion: 0.04, outputPerMillion: 0.1 },
    'meta-llama/llama-3.1-8b-instruct': { inputPerMillion: 0.02, outputPerMillion: 0.05 },
};
/**
 * Estimated prompt tokens for a prompt of `chars` characters: ceil(chars / 4). Four characters per token is
 * the usual English average for BPE tokenisers; it is an estimate for the spend guard, never for billing.
 * Example: 10 chars -> ceil(2.5) = 3 tokens.
 */
export function estimatePromptTokens(chars) {
    return Math.ceil(Math.max(0, chars) / 4);
}
/** Merges config prices over the defaults (config wins per model). */
export function mergePrices(overrides, base = defaultPrices) {
    return { ...base, ...(overrides ?? {}) };
}
/** The price of `model`, or {@link UnpricedModelError}. */
export function priceOf(model, prices) {
    const price = Object.hasOwn(prices, model) ? prices[model] : undefined;
    if (price === undefined)
        throw new UnpricedModelError(model);
    return price;
}
/**
 * Cost in USD of a call: input * inputPerMillion / 1e6 + output * outputPerMillion / 1e6.
 * Example: 1000 in, 500 out at $0.15/$0.60 -> 0.00015 + 0.0003 = $0.00045.
 */
export function costOf(usage, price) {
    return (usage.inputTokens * price.inputPerMillion + usage.outputTokens * price.outputPerMillion) / 1_000_000;
}
//# sourceMappingURL=pricing.js.map