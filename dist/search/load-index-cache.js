/**
 * The file side of index persistence: `loadOrBuildSearchIndex` reads `<cacheDir>/<key>.vragidx` when it holds
 * the index for exactly these inputs, else builds the index and writes it atomically. A corrupt file or one
 * from another format version is rebuilt with a warning, never trusted.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from "../util/atomic-write.js";
import { createHashEmbedder } from "./embedder-hash.js";
import { buildSearchIndex, resolveSearchConfig } from "./index.js";
import { decodeSearchIndex, encodeSearchIndex, fingerprintChunks, searchIndexCacheKey } from "./persist.js";
import { searchIndexFromSnapshot, snapshotSearchIndex } from "./snapshot.js";
/** Loads the cached index for these inputs, or builds and caches it. `fromCache` says which happened. */
export async function loadOrBuildSearchIndex(options) {
    const config = resolveSearchConfig(options.config);
    const needsVectors = options.embedder !== undefined || config.arm === 'vector' || config.arm === 'hybrid';
    // The offline hash embedder is the default for the vector arms (as in buildSearchIndex).
    const embedder = options.embedder ?? (needsVectors ? createHashEmbedder() : undefined);
    const embedderId = embedder?.id;
    const key = searchIndexCacheKey({
        corpusFingerprint: options.corpusFingerprint,
        chunker: options.chunker,
        config,
        embedderId,
        chunksFingerprint: fingerprintChunks(options.chunks),
    });
    const path = join(options.cacheDir, `${key}.vragidx`);
    const warn = options.warn ?? ((message) => console.warn(message));
    let bytes;
    try {
        bytes = await readFile(path);
    }
    catch {
        bytes = undefined;
    }
    if (bytes) {
        try {
            return { index: searchIndexFromSnapshot(decodeSearchIndex(bytes, key), embedder ? { embedder } : {}), fromCache: true, path };
        }
        catch (error) {
            warn(`${error.message} (${path})`);
        }
    }
    const index = await buildSearchIndex(options.chunks, config, embedder);
    await writeFileAtomic(path, encodeSearchIndex(snapshotSearchIndex(index), key));
    return { index, fromCache: false, path };
}
//# sourceMappingURL=load-index-cache.js.map