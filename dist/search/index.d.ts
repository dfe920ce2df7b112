/**
 * The search facade: one call builds every arm over a corpus's chunks, and `search` ranks ONE tenant's chunks
 * for a query with the configured (or a per-call) arm. Tenant isolation is structural: each arm keeps per-tenant
 * postings / rows / indexes and scores only the asked tenant's (see `tenant-layout.ts`); nothing is filtered
 * after scoring. Ranking is deterministic: score desc, then chunk id asc.
 */
import type { Chunk } from '../corpus/types.js';
import { type AnalyzerOptions } from './analyzer.js';
import { type Bm25Index, type Bm25Params, type Tokenizer } from './bm25.js';
import type { Embedder } from './embedder.js';
import { type FusionConfig } from './fusion.js';
import { type IndexableChunk } from './tenant-layout.js';
import type { SearchArm, SearchHit } from './types.js';
import { type RowSlice, type VectorIndex, type VectorQuery } from './vector.js';
/** Re-exported so callers import the facade's types from the facade. */
export type { SearchArm, SearchHit } from './types.js';
/** Search configuration: which arm answers by default, and each arm's parameters. Part of the index cache key. */
export interface SearchConfig {
    /** Default arm of `search` when the call names none. */
    arm: SearchArm;
    bm25?: Bm25Params;
    fusion?: FusionConfig;
    analyzer?: AnalyzerOptions;
}
/** {@link SearchConfig} with every field filled. */
export interface ResolvedSearchConfig {
    arm: SearchArm;
    bm25: Bm25Params;
    fusion: FusionConfig;
    analyzer: AnalyzerOptions;
}
/**
 * Default: the BM25 arm, Lucene BM25 parameters, RRF k = 60 over depth 100, the default analyzer. BM25 because it
 * is exact, needs no embedder, and measured best: nDCG@10 on Cranfield bm25 0.346 vs hybrid (with the offline hash
 * embedder) 0.329 and vector 0.271; on SQuAD2 paragraphs 0.895 vs 0.803 and 0.682 (`npm run bench`). With a real
 * embedding model, measure hybrid again on your KB before switching.
 */
export declare const defaultSearchConfig: ResolvedSearchConfig;
/** Fills a partial config from {@link defaultSearchConfig}. */
export declare function resolveSearchConfig(config?: Partial<SearchConfig>): ResolvedSearchConfig;
/** Per-call search options. */
export interface SearchOptions {
    /** Only this tenant's chunks are scored. */
    tenantId: string;
    /** How many hits at most (>= 0). */
    k: number;
    /** Overrides the configured arm for this call. */
    arm?: SearchArm;
}
/** The built index. */
export interface SearchIndex {
    readonly config: ResolvedSearchConfig;
    /** Arms this index can answer (vector and hybrid need embeddings). */
    readonly arms: readonly SearchArm[];
    /** The embedder's id, when the vector arm is built. */
    readonly embedderId: string | undefined;
    readonly chunkCount: number;
    /**
     * Ranks the tenant's chunks. Synchronous; for the vector and hybrid arms the embedder must embed synchronously
     * (the hash embedder does), else use {@link SearchIndex.searchAsync}.
     */
    search(query: string, options: SearchOptions): SearchHit[];
    /** Like `search`, awaiting the embedder for the query embedding. */
    searchAsync(query: string, options: SearchOptions): Promise<SearchHit[]>;
    /** Like `search` with the query's embedding already computed (a worker pool embeds queries up front). */
    searchWithEmbedding(query: string, embedding: Float32Array | undefined, options: SearchOptions): SearchHit[];
    /**
     * Vector-arm search of many embedded queries at once (queries of one tenant share passes over its rows). With
     * `slice`, only that part of each tenant's rows is scored (merge the parts' hits by score desc, chunk id asc).
     */
    searchVectorBatch(queries: readonly VectorQuery[], slice?: RowSlice): SearchHit[][];
    /** Embeds query texts with the index's embedder (for pools and batch runs). */
    embedQueries(queries: string[]): Promise<Float32Array[]>;
    /** The underlying arms, for the pool and persistence. */
    readonly internals: SearchInternals;
}
/** The plain pieces of a built index. */
export interface SearchInternals {
    bm25: Bm25Index;
    vector: VectorIndex | undefined;
    /** Chunk texts in row order (the flexsearch arm is built from them on first use). */
    texts: string[];
    embedder: Embedder | undefined;
}
/**
 * Builds the index. BM25 always; vectors when an embedder is given or the configured arm needs them (then the
 * offline hash embedder is used); flexsearch lazily on first use.
 */
export declare function buildSearchIndex(chunks: readonly Chunk[] | readonly IndexableChunk[], config?: Partial<SearchConfig>, embedder?: Embedder): Promise<SearchIndex>;
/** The analyzer as a tokenizer. */
export declare function tokenizerFor(analyzer: AnalyzerOptions): Tokenizer;
/** Wraps built (or loaded, or shared) arms in the facade. */
export declare function createSearchIndex(config: ResolvedSearchConfig, internals: SearchInternals, embedderId?: string | undefined): SearchIndex;
