import type { ResponseCache } from './cache.js';
import { type ChainContext } from './chain.js';
import type { StatsByProvider } from './stats.js';
import type { EmbeddingClient } from './types.js';
/** Texts per embeddings request. */
export declare const defaultEmbeddingBatchSize = 64;
/** What an embedding cache entry's body holds. */
export interface EmbeddingCacheBody {
    model: string;
    dimensions: number | null;
    textChars: number;
    vector: number[];
    /** This text's share of the batch's cost (by characters). */
    costUsd: number;
}
/** {@link EmbeddingClient} over a provider chain. */
export declare class ProviderEmbeddingClient implements EmbeddingClient {
    readonly model: string;
    readonly dimensions: number | undefined;
    private readonly context;
    private readonly cache;
    private readonly batchSize;
    constructor(context: ChainContext, cache: ResponseCache, dimensions?: number, batchSize?: number);
    /** Per-provider counters of this client. */
    stats(): StatsByProvider;
    embed(texts: string[]): Promise<{
        vectors: Float32Array[];
        cached: number;
        costUsd: number;
    }>;
}
