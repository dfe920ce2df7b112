/**
 * The file side of index persistence: `loadOrBuildSearchIndex` reads `<cacheDir>/<key>.vragidx` when it holds
 * the index for exactly these inputs, else builds the index and writes it atomically. A corrupt file or one
 * from another format version is rebuilt with a warning, never trusted.
 */
import { join } from 'node:path'
import type { Embedder } from '../embedder.ts'
import { createHashEmbedder } from '../embedder-hash.ts'
import { type SearchConfig, type SearchIndex, buildSearchIndex, resolveSearchConfig } from '../index.ts'
import { fingerprintChunks, searchIndexCacheKey } from '../persist.ts'
import { searchIndexFromSnapshot, snapshotSearchIndex } from '../snapshot.ts'
import type { IndexableChunk } from '../tenant-layout.ts'
import { readSearchIndexFile, writeSearchIndexFile } from './index-file.ts'

/** Inputs of {@link loadOrBuildSearchIndex}. */
export interface IndexCacheOptions {
  cacheDir: string
  chunks: readonly IndexableChunk[]
  corpusFingerprint: string
  chunker: unknown
  config?: Partial<SearchConfig>
  embedder?: Embedder
  /** Receives a line when a cached file is unusable. Default: console.warn. */
  warn?: (message: string) => void
}

/** Loads the cached index for these inputs, or builds and caches it. `fromCache` says which happened. */
export async function loadOrBuildSearchIndex(
  options: IndexCacheOptions,
): Promise<{ index: SearchIndex; fromCache: boolean; path: string }> {
  const config = resolveSearchConfig(options.config)
  const needsVectors = options.embedder !== undefined || config.arm === 'vector' || config.arm === 'hybrid'
  // The offline hash embedder is the default for the vector arms (as in buildSearchIndex).
  const embedder = options.embedder ?? (needsVectors ? createHashEmbedder() : undefined)
  const embedderId = embedder?.id
  const key = searchIndexCacheKey({
    corpusFingerprint: options.corpusFingerprint,
    chunker: options.chunker,
    config,
    embedderId,
    chunksFingerprint: fingerprintChunks(options.chunks),
  })
  const path = join(options.cacheDir, `${key}.vragidx`)
  const warn = options.warn ?? ((message: string) => console.warn(message))
  try {
    const snapshot = readSearchIndexFile(path, key)
    if (snapshot)
      return { index: searchIndexFromSnapshot(snapshot, embedder ? { embedder } : {}), fromCache: true, path }
  } catch (error) {
    warn(`${(error as Error).message} (${path})`)
  }
  const index = await buildSearchIndex(options.chunks, config, embedder)
  await writeSearchIndexFile(path, snapshotSearchIndex(index), key)
  return { index, fromCache: false, path }
}
