/**
 * The `models` configuration: provider chains for the generator, judge and embedder, prices, retry policy,
 * cache and spend settings. Validated once at the edge by {@link parseModelConfig}.
 */
import { z } from 'zod';
/** The `models` section of the harness config. Every part is optional; absent means "offline". */
export declare const ModelConfigSchema: z.ZodObject<{
    generator: z.ZodOptional<z.ZodObject<{
        chain: z.ZodArray<z.ZodObject<{
            name: z.ZodString;
            baseURL: z.ZodURL;
            apiKeyEnv: z.ZodString;
            model: z.ZodString;
            upstream: z.ZodOptional<z.ZodObject<{
                order: z.ZodArray<z.ZodString>;
                allowFallbacks: z.ZodLiteral<false>;
            }, z.core.$strict>>;
            headers: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
            concurrency: z.ZodOptional<z.ZodNumber>;
            requestsPerMinute: z.ZodOptional<z.ZodNumber>;
            maxTokensParam: z.ZodOptional<z.ZodEnum<{
                max_tokens: "max_tokens";
                max_completion_tokens: "max_completion_tokens";
            }>>;
            timeoutMs: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>>;
    }, z.core.$strict>>;
    judge: z.ZodOptional<z.ZodObject<{
        chain: z.ZodOptional<z.ZodArray<z.ZodObject<{
            name: z.ZodString;
            baseURL: z.ZodURL;
            apiKeyEnv: z.ZodString;
            model: z.ZodString;
            upstream: z.ZodOptional<z.ZodObject<{
                order: z.ZodArray<z.ZodString>;
                allowFallbacks: z.ZodLiteral<false>;
            }, z.core.$strict>>;
            headers: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
            concurrency: z.ZodOptional<z.ZodNumber>;
            requestsPerMinute: z.ZodOptional<z.ZodNumber>;
            maxTokensParam: z.ZodOptional<z.ZodEnum<{
                max_tokens: "max_tokens";
                max_completion_tokens: "max_completion_tokens";
            }>>;
            timeoutMs: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>>>;
        allowSameModel: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strict>>;
    embedder: z.ZodOptional<z.ZodObject<{
        chain: z.ZodArray<z.ZodObject<{
            name: z.ZodString;
            baseURL: z.ZodURL;
            apiKeyEnv: z.ZodString;
            model: z.ZodString;
            upstream: z.ZodOptional<z.ZodObject<{
                order: z.ZodArray<z.ZodString>;
                allowFallbacks: z.ZodLiteral<false>;
            }, z.core.$strict>>;
            headers: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
            concurrency: z.ZodOptional<z.ZodNumber>;
            requestsPerMinute: z.ZodOptional<z.ZodNumber>;
            maxTokensParam: z.ZodOptional<z.ZodEnum<{
                max_tokens: "max_tokens";
                max_completion_tokens: "max_completion_tokens";
            }>>;
            timeoutMs: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>>;
        dimensions: z.ZodOptional<z.ZodNumber>;
        batchSize: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>;
    prices: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
        inputPerMillion: z.ZodNumber;
        outputPerMillion: z.ZodNumber;
    }, z.core.$strict>>>;
    retry: z.ZodOptional<z.ZodObject<{
        maxRetries: z.ZodOptional<z.ZodNumber>;
        baseDelayMs: z.ZodOptional<z.ZodNumber>;
        maxDelayMs: z.ZodOptional<z.ZodNumber>;
        maxRetryAfterMs: z.ZodOptional<z.ZodNumber>;
        seed: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>;
    spendLimitUsd: z.ZodOptional<z.ZodNumber>;
    cacheDir: z.ZodOptional<z.ZodString>;
    cacheMode: z.ZodOptional<z.ZodEnum<{
        record: "record";
        off: "off";
        "read-write": "read-write";
        replay: "replay";
    }>>;
}, z.core.$strict>;
/** See {@link ModelConfigSchema}. */
export type ModelConfig = z.infer<typeof ModelConfigSchema>;
/** Default cache directory, relative to the project root; commit it to let CI replay offline. */
export declare const defaultCacheDir = ".vitest-rag/cache";
/** Validates `input` as a {@link ModelConfig}, or throws {@link ModelConfigError} listing every problem. */
export declare function parseModelConfig(input: unknown): ModelConfig;
