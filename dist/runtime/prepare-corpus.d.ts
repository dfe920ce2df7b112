import type { CorpusSource } from '../config/schema.js';
import type { Chunk, ChunkerConfig, Corpus } from '../corpus/types.js';
/** A loaded, chunked corpus. */
export interface PreparedCorpus {
    corpus: Corpus;
    chunker: ChunkerConfig;
    chunks: Chunk[];
    chunkById: Map<string, Chunk>;
}
/**
 * A cheap stamp of the files under `root` (path, size, mtime): part of the cache key, so an edited corpus
 * file in watch mode is reloaded rather than served from a stale cache.
 */
export declare function corpusStamp(root: string): string;
/** Loads `source` and chunks it with the one-line `chunkerSpec` (`structural`, `fixed:800/100`). Cached. */
export declare function prepareCorpus(source: CorpusSource, chunkerSpec: string): Promise<PreparedCorpus>;
