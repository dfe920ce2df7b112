/**
 * Providers as data: where a model is served (any OpenAI-compatible base URL), which environment variable
 * holds its key (the NAME, never the key), and an optional upstream pin (OpenRouter's `provider` body field).
 * Generator and judge have separate chains; the judge's default chain is the generator's reversed, with the
 * generator's own model removed, so a rate-limited judge can never silently fall back onto the model it grades.
 */
import { z } from 'zod';
/** Upstream routing pin (OpenRouter `provider` field): try these upstreams in order, never others. */
export declare const UpstreamPinSchema: z.ZodObject<{
    order: z.ZodArray<z.ZodString>;
    allowFallbacks: z.ZodLiteral<false>;
}, z.core.$strict>;
/** See {@link UpstreamPinSchema}. */
export type UpstreamPin = z.infer<typeof UpstreamPinSchema>;
/** One provider entry of a chain. */
export declare const ProviderSchema: z.ZodObject<{
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
}, z.core.$strict>;
/** See {@link ProviderSchema}. */
export type Provider = z.infer<typeof ProviderSchema>;
/** A provider chain: the first entry answers; later ones are fallbacks used only after retries are exhausted. */
export declare const ProviderChainSchema: z.ZodArray<z.ZodObject<{
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
/** Defaults for a provider's limits. */
export declare const defaultProviderLimits: {
    /** Concurrent in-flight requests per provider. */
    readonly concurrency: 4;
    /** Per-attempt timeout: 60 s. */
    readonly timeoutMs: 60000;
};
/** The judge chain actually used, and why entries were dropped. */
export interface ResolvedJudgeChain {
    chain: Provider[];
    /** True when the chain was derived from the generator's (reversed). */
    derived: boolean;
    /** Provider names removed because they serve the generator's model. */
    dropped: string[];
}
/**
 * The judge's chain: `judgeChain` when given, else the generator chain reversed. Entries serving the
 * generator's primary model are removed from a derived chain (so fallback never lands on it); an explicit
 * chain containing that model, or a derived chain left empty, is refused with {@link JudgeIsGeneratorError}
 * unless `allowSameModel` is true.
 *
 * Example: generator [A(m1), B(m2)] -> judge [B(m2)] (A dropped: it serves m1, the graded model).
 */
export declare function resolveJudgeChain(generatorChain: readonly Provider[], judgeChain: readonly Provider[] | undefined, allowSameModel?: boolean): ResolvedJudgeChain;
