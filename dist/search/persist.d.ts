import type { ResolvedSearchConfig } from './index.js';
import { type SearchIndexSnapshot } from './snapshot.js';
import type { IndexableChunk } from './tenant-layout.js';
/** Version of the file format; any change to the layout or to the meaning of a part bumps it. */
export declare const searchIndexFormatVersion = 1;
/** What the cache key is made of. */
export interface SearchIndexKeyParts {
    /** Corpus fingerprint (`Corpus.fingerprint`). */
    corpusFingerprint: string;
    /** Chunker configuration (object or spec string such as `fixed:800/100`). */
    chunker: unknown;
    config: ResolvedSearchConfig;
    /** Embedder id, when the index holds vectors. */
    embedderId: string | undefined;
    /** Hash of the chunks themselves ({@link fingerprintChunks}): a stale corpus fingerprint cannot load a wrong index. */
    chunksFingerprint: string;
}
/** sha256 over every chunk's id, tenant and text, in the given order. */
export declare function fingerprintChunks(chunks: readonly IndexableChunk[]): string;
/** The cache key: a hash of the key parts and the format versions. */
export declare function searchIndexCacheKey(parts: SearchIndexKeyParts): string;
/** Encodes a snapshot with its cache key. */
export declare function encodeSearchIndex(snapshot: SearchIndexSnapshot, key: string): Uint8Array;
/**
 * Decodes a file made by {@link encodeSearchIndex}. Throws `SearchError` `VITEST_RAG_SEARCH_INDEX_FORMAT` on a
 * wrong magic, another format version, a key other than `expectedKey`, or a truncated or corrupt file.
 */
export declare function decodeSearchIndex(bytes: Uint8Array, expectedKey: string): SearchIndexSnapshot;
