import type { Embedder } from '../search/embedder.js';
import { type SearchConfig, type SearchIndex } from '../search/index.js';
import type { IndexableChunk } from '../search/tenant-layout.js';
import type { SearchArm, SearchHit } from '../search/types.js';
/** One query of {@link SearchPool.searchBatch}. */
export interface BatchQuery {
    query: string;
    tenantId: string;
    k: number;
    arm?: SearchArm;
}
/** Pool options. */
export interface SearchPoolOptions {
    /** Worker threads. Default: min(2, available parallelism). */
    threads?: number;
    /** Batches smaller than this run as a single task (splitting would cost more than it saves). Default 16. */
    minQueriesPerTask?: number;
    /** Vector kernel in the workers. Default `'auto'` (WASM SIMD when available). */
    kernel?: 'auto' | 'ts';
}
/** Default pool options. */
export declare const defaultSearchPoolOptions: Readonly<{
    threads: number;
    minQueriesPerTask: 16;
    kernel: "auto";
}>;
type IndexSource = {
    index: SearchIndex;
} | {
    chunks: readonly IndexableChunk[];
    config?: Partial<SearchConfig>;
    embedder?: Embedder;
};
/** A lazily started worker pool answering batches of searches. */
export declare class SearchPool {
    private readonly source;
    private readonly options;
    private started;
    private destroyed;
    /** Per-task worker busy time (ms) of the last batch, for benchmarks. */
    lastBusyMs: number[];
    /** Either an already built index, or the chunks (and config, embedder) to build it from on first use. */
    constructor(source: IndexSource, options?: SearchPoolOptions);
    private start;
    /** The built index (starts the pool if needed). */
    index(): Promise<SearchIndex>;
    /**
     * Answers every query; `result[i]` belongs to `queries[i]`. Vector and hybrid queries are embedded here first
     * (one embedder call for the batch), then blocks go to the workers.
     */
    searchBatch(queries: readonly BatchQuery[]): Promise<SearchHit[][]>;
    /**
     * Too few vector queries to fill every worker: each worker scores one slice of the rows for ALL the queries
     * (a one-query pass over the matrix is memory-bound, and two threads stream it faster than one), then the
     * slices' hits are merged. Rows are in chunk-id order, so merging by (score desc, chunk id asc) and cutting at k
     * gives exactly the unsplit ranking.
     */
    private searchSplit;
    /** Stops the workers (safe to call twice, and before any use). */
    destroy(): Promise<void>;
}
export {};
