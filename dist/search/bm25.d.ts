import { type IndexableChunk, type TenantLayout } from './tenant-layout.js';
import type { RankedRow } from './types.js';
/** BM25 free parameters. */
export interface Bm25Params {
    /** Term-frequency saturation, >= 0. Default 1.2. */
    k1: number;
    /** Length normalisation in [0, 1]. Default 0.75. */
    b: number;
}
/** Lucene's defaults: k1 = 1.2, b = 0.75. */
export declare const defaultBm25Params: Bm25Params;
/** Text -> index terms; the same function must analyze documents and queries. */
export type Tokenizer = (text: string) => string[];
/** The plain-data form of a BM25 index (shareable with workers, persistable). */
export interface Bm25Parts {
    params: Bm25Params;
    layout: TenantLayout;
    /** Every tenant's vocabulary, concatenated; tenant t owns terms `[termStart[t], termStart[t + 1])`. */
    terms: string[];
    termStart: Int32Array;
    /** CSR offsets: term j's postings are `[postingStart[j], postingStart[j + 1])`. Length `terms.length + 1`. */
    postingStart: Int32Array;
    /** Row inside the tenant (0-based), ascending within a term. */
    postingRows: Int32Array;
    /** Precomputed `idf * tf * (k1 + 1) / (tf + k1 * norm)` per posting. */
    postingImpacts: Float64Array;
    /** Average document length (analyzer terms) per tenant. */
    avgDocLength: Float64Array;
}
/** Lucene IDF: `ln(1 + (N - df + 0.5) / (df + 0.5))`, always > 0. Example: N = 3, df = 1 -> ln(1 + 2.5/1.5) = 0.9808. */
export declare function bm25Idf(docCount: number, docFreq: number): number;
/**
 * Builds the BM25 index in one pass per tenant (linear in the number of terms). Chunks may come in any order;
 * rows follow {@link layoutByTenant}. `tokenize` defaults to {@link analyze} with its default options.
 */
export declare function buildBm25Index(chunks: readonly IndexableChunk[], params?: Bm25Params, tokenize?: Tokenizer): Bm25Index;
/** A built BM25 index. Searching is synchronous and scores only the asked tenant's postings. */
export declare class Bm25Index {
    readonly parts: Bm25Parts;
    readonly tokenize: Tokenizer;
    private readonly vocab;
    private readonly acc;
    private readonly touched;
    /** Wraps parts (built here, loaded from disk or received by a worker). */
    constructor(parts: Bm25Parts, tokenize: Tokenizer);
    /** Top `k` rows of tenant `tenantId` for `query` (global rows, score desc then row asc); [] for an unknown tenant. */
    search(query: string, tenantId: string, k: number): RankedRow[];
    /**
     * Term-at-a-time scoring of tenant number `t`. Only documents with a score > 0 (at least one query term) are
     * returned, so fewer than k rows may come back.
     */
    searchTerms(queryTerms: readonly string[], t: number, k: number): RankedRow[];
}
