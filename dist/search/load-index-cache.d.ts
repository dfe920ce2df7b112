import type { Embedder } from './embedder.js';
import { type SearchConfig, type SearchIndex } from './index.js';
import type { IndexableChunk } from './tenant-layout.js';
/** Inputs of {@link loadOrBuildSearchIndex}. */
export interface IndexCacheOptions {
    cacheDir: string;
    chunks: readonly IndexableChunk[];
    corpusFingerprint: string;
    chunker: unknown;
    config?: Partial<SearchConfig>;
    embedder?: Embedder;
    /** Receives a line when a cached file is unusable. Default: console.warn. */
    warn?: (message: string) => void;
}
/** Loads the cached index for these inputs, or builds and caches it. `fromCache` says which happened. */
export declare function loadOrBuildSearchIndex(options: IndexCacheOptions): Promise<{
    index: SearchIndex;
    fromCache: boolean;
    path: string;
}>;
