/**
 * Prices: USD per million input and output tokens, per model id. A model with no price is refused before any
 * network call ({@link UnpricedModelError}): a missing price is not zero. Defaults are a few common models
 * (list prices when written; override or extend them through config `models.prices`).
 */
import { z } from 'zod';
/** One model's price, USD per 1,000,000 tokens. */
export declare const ModelPriceSchema: z.ZodObject<{
    inputPerMillion: z.ZodNumber;
    outputPerMillion: z.ZodNumber;
}, z.core.$strict>;
/** See {@link ModelPriceSchema}. */
export type ModelPrice = z.infer<typeof ModelPriceSchema>;
/** Price table keyed by model id exactly as sent to the provider. */
export declare const PriceTableSchema: z.ZodRecord<z.ZodString, z.ZodObject<{
    inputPerMillion: z.ZodNumber;
    outputPerMillion: z.ZodNumber;
}, z.core.$strict>>;
/** See {@link PriceTableSchema}. */
export type PriceTable = z.infer<typeof PriceTableSchema>;
/** Built-in prices (USD per million tokens). Config entries override these by model id. */
export declare const defaultPrices: PriceTable;
/**
 * Estimated prompt tokens for a prompt of `chars` characters: ceil(chars / 4). Four characters per token is
 * the usual English average for BPE tokenisers; it is an estimate for the spend guard, never for billing.
 * Example: 10 chars -> ceil(2.5) = 3 tokens.
 */
export declare function estimatePromptTokens(chars: number): number;
/** Merges config prices over the defaults (config wins per model). */
export declare function mergePrices(overrides: PriceTable | undefined, base?: PriceTable): PriceTable;
/** The price of `model`, or {@link UnpricedModelError}. */
export declare function priceOf(model: string, prices: PriceTable): ModelPrice;
/**
 * Cost in USD of a call: input * inputPerMillion / 1e6 + output * outputPerMillion / 1e6.
 * Example: 1000 in, 500 out at $0.15/$0.60 -> 0.00015 + 0.0003 = $0.00045.
 */
export declare function costOf(usage: {
    inputTokens: number;
    outputTokens: number;
}, price: ModelPrice): number;
