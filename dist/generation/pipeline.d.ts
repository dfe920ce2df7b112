/**
 * The reference RAG pipeline, as a {@link RagAdapter}: rewrite the query (multi-turn), retrieve within the
 * case's tenant, gate on the evidence, then answer from the top sources with `[n]` citations, through a
 * generator model when one is configured and with the deterministic extractive generator otherwise.
 *
 * `retrieval` mode stops after retrieval and makes no model call (the rewrite is the deterministic one).
 */
import type { CaseUsage, RagAdapter, SystemInput, SystemOutput } from '../adapter/types.js';
import type { Chunk } from '../corpus/types.js';
import type { ChatClient, ChatResult } from '../llm/types.js';
import { type ExtractiveConfig } from './extractive.js';
import { type GateConfig, type GateDecision } from './gate.js';
import { type PromptTemplate } from './prompt.js';
import { type TermStats } from './term-stats.js';
/**
 * The retrieval the pipeline is given: the top `k` chunks of `tenantId` for `query`, best first, with the
 * retriever's own scores (any scale: the gate does not read them).
 */
export type Retriever = (query: string, tenantId: string, k: number) => Promise<Array<{
    chunk: Chunk;
    score: number;
}>>;
/** Options of {@link createReferencePipeline}. */
export interface ReferencePipelineOptions {
    retriever: Retriever;
    /** Shown in reports. Default `reference` (`reference-extractive` without a generator). */
    name?: string;
    /** The generator model; absent -> the extractive generator. */
    generator?: ChatClient;
    /** The rewriter model; absent -> the deterministic rewrite. */
    rewriter?: ChatClient;
    /**
     * The corpus chunks, to weight query terms by their per-tenant rarity (else `termStats`, else every term
     * weighs 1). Pass them: without idf weights the gate misses more must-abstain questions (on the sample
     * set 24/28 abstentions instead of 28/28), because a term the tenant never uses no longer dominates.
     */
    chunks?: Iterable<Chunk>;
    termStats?: TermStats;
    /** Retrieval depth (the `retrieved` list). Default 10. */
    k?: number;
    /** How many top chunks are shown to the generator as `[1]..[n]`. Default 3. */
    maxSources?: number;
    gate?: Partial<GateConfig>;
    extractive?: Partial<ExtractiveConfig>;
    /** Folder of `answer.md` and `rewrite.md`. Default the bundled `evals/prompts/`. */
    promptsDir?: string;
    /** Or the templates themselves (win over `promptsDir`). */
    templates?: {
        answer?: PromptTemplate;
        rewrite?: PromptTemplate;
    };
    /** Output token cap of the answer call. Default 400. */
    maxTokens?: number;
}
/** The pipeline's defaults. */
export declare const defaultPipelineOptions: Readonly<{
    k: 10;
    maxSources: 3;
    maxTokens: 400;
}>;
/** What {@link createReferencePipeline}'s `run` adds beyond the adapter contract (for debugging and tuning). */
export interface ReferenceOutput extends SystemOutput {
    gate: GateDecision;
    /** The extractive answer's best sentence score in [0, 1] (offline path only; 0 when it declined). */
    support?: number;
    rewriteMethod: 'model' | 'deterministic' | 'none';
}
/** The reference pipeline: a {@link RagAdapter} whose output also carries the gate decision. */
export interface ReferencePipeline extends RagAdapter {
    run(input: SystemInput): Promise<ReferenceOutput>;
}
/** Builds the reference pipeline (see the module doc). Templates are read once, here, when a model is configured. */
export declare function createReferencePipeline(options: ReferencePipelineOptions): ReferencePipeline;
/** Sums the model calls of one case; a cached call costs nothing now and its original cost counts as saved. */
export declare function usageOf(calls: readonly ChatResult[]): CaseUsage;
