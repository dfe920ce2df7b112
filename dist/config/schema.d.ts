/**
 * The harness configuration: what `ragEval(options)` takes, validated once at the edge by
 * {@link resolveConfig}. Every later stage reads the resolved, defaulted {@link RagEvalConfig}.
 */
import { z } from 'zod';
/** Where the corpus comes from: a knowledge-base folder (tenants/<id>/docs, changelog, tickets) or BEIR. */
export declare const CorpusSourceSchema: z.ZodDiscriminatedUnion<[z.ZodObject<{
    kind: z.ZodLiteral<"kb">;
    root: z.ZodString;
}, z.core.$strict>, z.ZodObject<{
    kind: z.ZodLiteral<"beir">;
    root: z.ZodString;
    tenantId: z.ZodDefault<z.ZodString>;
}, z.core.$strict>], "kind">;
/** Where the corpus comes from. */
export type CorpusSource = z.infer<typeof CorpusSourceSchema>;
/**
 * The system under test:
 * - `reference`: the bundled pipeline (exact search + extractive or model generator);
 * - `module`: a TS/JS module whose default export is a `RagAdapter`, a function `(input) => output`, or a
 *   factory `() => RagAdapter` (see `docs/adapters.md`);
 * - `http`: a JSON endpoint that takes `SystemInput` and returns `SystemOutput`.
 */
export declare const AdapterSpecSchema: z.ZodDiscriminatedUnion<[z.ZodObject<{
    kind: z.ZodLiteral<"reference">;
}, z.core.$strict>, z.ZodObject<{
    kind: z.ZodLiteral<"module">;
    path: z.ZodString;
    options: z.ZodOptional<z.ZodJSONSchema>;
}, z.core.$strict>, z.ZodObject<{
    kind: z.ZodLiteral<"http">;
    url: z.ZodString;
    headersFromEnv: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    timeoutMs: z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>], "kind">;
/** The system under test. */
export type AdapterSpec = z.infer<typeof AdapterSpecSchema>;
/** Gate policy as configuration (ratios in [0, 1]). */
export declare const GateOptionsSchema: z.ZodObject<{
    maxRelativeDrop: z.ZodDefault<z.ZodNumber>;
    gatedMetrics: z.ZodOptional<z.ZodArray<z.ZodString>>;
    minJudgeCoverage: z.ZodDefault<z.ZodNumber>;
    requireSignificance: z.ZodDefault<z.ZodBoolean>;
}, z.core.$strict>;
/**
 * Options of the reference pipeline (used when `adapter` is `reference`). Its retrieval depth is `search.k`;
 * its prompt templates come from `prompts`.
 */
export declare const PipelineOptionsSchema: z.ZodObject<{
    name: z.ZodOptional<z.ZodString>;
    maxSources: z.ZodOptional<z.ZodNumber>;
    maxTokens: z.ZodOptional<z.ZodNumber>;
    gate: z.ZodOptional<z.ZodObject<{
        minTopScore: z.ZodOptional<z.ZodNumber>;
        minMargin: z.ZodOptional<z.ZodNumber>;
        lookahead: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>;
    extractive: z.ZodOptional<z.ZodObject<{
        maxSentences: z.ZodOptional<z.ZodNumber>;
        minSentenceScore: z.ZodOptional<z.ZodNumber>;
        relativeFloor: z.ZodOptional<z.ZodNumber>;
        headingCredit: z.ZodOptional<z.ZodNumber>;
        minConflictScore: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>;
}, z.core.$strict>;
/** Options of the reference pipeline. */
export type PipelineOptions = z.infer<typeof PipelineOptionsSchema>;
/** Options of `ragEval(options)`, as a user writes them. */
export declare const RagEvalOptionsSchema: z.ZodObject<{
    corpus: z.ZodOptional<z.ZodDiscriminatedUnion<[z.ZodObject<{
        kind: z.ZodLiteral<"kb">;
        root: z.ZodString;
    }, z.core.$strict>, z.ZodObject<{
        kind: z.ZodLiteral<"beir">;
        root: z.ZodString;
        tenantId: z.ZodDefault<z.ZodString>;
    }, z.core.$strict>], "kind">>;
    golden: z.ZodDefault<z.ZodString>;
    chunker: z.ZodDefault<z.ZodString>;
    mode: z.ZodDefault<z.ZodEnum<{
        retrieval: "retrieval";
        system: "system";
    }>>;
    adapter: z.ZodDefault<z.ZodDiscriminatedUnion<[z.ZodObject<{
        kind: z.ZodLiteral<"reference">;
    }, z.core.$strict>, z.ZodObject<{
        kind: z.ZodLiteral<"module">;
        path: z.ZodString;
        options: z.ZodOptional<z.ZodJSONSchema>;
    }, z.core.$strict>, z.ZodObject<{
        kind: z.ZodLiteral<"http">;
        url: z.ZodString;
        headersFromEnv: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
        timeoutMs: z.ZodDefault<z.ZodNumber>;
    }, z.core.$strict>], "kind">>;
    search: z.ZodDefault<z.ZodObject<{
        arm: z.ZodDefault<z.ZodEnum<{
            bm25: "bm25";
            vector: "vector";
            hybrid: "hybrid";
            flexsearch: "flexsearch";
        }>>;
        k: z.ZodDefault<z.ZodNumber>;
        workers: z.ZodDefault<z.ZodBoolean>;
    }, z.core.$strict>>;
    prompts: z.ZodOptional<z.ZodString>;
    pipeline: z.ZodDefault<z.ZodObject<{
        name: z.ZodOptional<z.ZodString>;
        maxSources: z.ZodOptional<z.ZodNumber>;
        maxTokens: z.ZodOptional<z.ZodNumber>;
        gate: z.ZodOptional<z.ZodObject<{
            minTopScore: z.ZodOptional<z.ZodNumber>;
            minMargin: z.ZodOptional<z.ZodNumber>;
            lookahead: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>>;
        extractive: z.ZodOptional<z.ZodObject<{
            maxSentences: z.ZodOptional<z.ZodNumber>;
            minSentenceScore: z.ZodOptional<z.ZodNumber>;
            relativeFloor: z.ZodOptional<z.ZodNumber>;
            headingCredit: z.ZodOptional<z.ZodNumber>;
            minConflictScore: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>>;
    }, z.core.$strict>>;
    judge: z.ZodDefault<z.ZodEnum<{
        heuristic: "heuristic";
        model: "model";
        off: "off";
    }>>;
    calibration: z.ZodOptional<z.ZodString>;
    models: z.ZodOptional<z.ZodObject<{
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
    }, z.core.$strict>>;
    ks: z.ZodDefault<z.ZodArray<z.ZodNumber>>;
    gate: z.ZodDefault<z.ZodObject<{
        maxRelativeDrop: z.ZodDefault<z.ZodNumber>;
        gatedMetrics: z.ZodOptional<z.ZodArray<z.ZodString>>;
        minJudgeCoverage: z.ZodDefault<z.ZodNumber>;
        requireSignificance: z.ZodDefault<z.ZodBoolean>;
    }, z.core.$strict>>;
    baseline: z.ZodOptional<z.ZodString>;
    outDir: z.ZodOptional<z.ZodString>;
    sample: z.ZodOptional<z.ZodNumber>;
    seed: z.ZodDefault<z.ZodNumber>;
    dryRun: z.ZodDefault<z.ZodBoolean>;
    resume: z.ZodDefault<z.ZodBoolean>;
    testTimeout: z.ZodDefault<z.ZodNumber>;
    concurrency: z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>;
/** Options of `ragEval(options)`, as a user writes them. */
export type RagEvalOptions = z.input<typeof RagEvalOptionsSchema>;
/** The resolved configuration: defaults applied, paths absolute. */
export type RagEvalConfig = Omit<z.output<typeof RagEvalOptionsSchema>, 'corpus' | 'prompts' | 'calibration' | 'baseline' | 'outDir'> & {
    /** The Vitest project's name (`evals` when the project has none): it names the default baseline and output folder. */
    project: string;
    /** Absolute path of the committed baseline. */
    baseline: string;
    /** Absolute folder of scorecards, checkpoints and caches. */
    outDir: string;
    /** Absolute path of the judge's calibration record (it may not exist). */
    calibration: string;
    corpus: CorpusSource;
    /** Absolute folder of the user's prompt templates (the bundled folder when none was configured). */
    prompts: string;
    /** Absolute project root every relative path was resolved against. */
    root: string;
};
