/**
 * Loads and chunks the configured corpus once per process (plugin, global setup, reporter and each worker
 * call this; the cache keys on corpus source + chunker, so a second call is free).
 */
import { statSync } from 'node:fs'
import type { CorpusSource } from './source.ts'
import { chunkDocuments, parseChunkerSpec } from './chunk.ts'
import { loadBeir } from './load-beir.ts'
import { loadKnowledgeBase } from './load-kb.ts'
import type { Chunk, ChunkerConfig, Corpus } from './types.ts'
import { walkFiles } from '../shared/util/walk.ts'
import { loadConceptCatalog, type ConceptCatalog } from './concept-catalog.ts'
import { heldStamp } from './stamp-hold.ts'

/** A loaded, chunked corpus. */
export interface PreparedCorpus {
  corpus: Corpus
  chunker: ChunkerConfig
  chunks: Chunk[]
  chunkById: Map<string, Chunk>
  /** The concept catalog (`concepts.jsonl` at the corpus root); absent when the corpus has none. */
  concepts?: ConceptCatalog
}

const cache = new Map<string, { stamp: string; prepared: Promise<PreparedCorpus> }>()

/**
 * A cheap stamp of the files under `root` (path, size, mtime): part of the cache key, so an edited corpus
 * file in watch mode is reloaded rather than served from a stale cache.
 */
export function corpusStamp(root: string): string {
  return walkFiles(root)
    .map((path) => {
      const stat = statSync(path)
      return `${path}:${stat.size}:${stat.mtimeMs}`
    })
    .sort()
    .join('|')
}

/**
 * Loads `source` and chunks it with the one-line `chunkerSpec` (`structural`, `fixed:800/100`). Cached, and
 * reloaded when the corpus's stamp changes (once per run while the reporter holds the stamps: `stamp-hold.ts`).
 */
export function prepareCorpus(source: CorpusSource, chunkerSpec: string): Promise<PreparedCorpus> {
  const key = JSON.stringify([source, chunkerSpec])
  const stamp = heldStamp(source.root, corpusStamp)
  const hit = cache.get(key)
  // One entry per corpus and chunker: an edited corpus replaces its stale entry instead of piling up.
  if (hit && hit.stamp === stamp) return hit.prepared
  const prepared = (async () => {
    const corpus =
      source.kind === 'kb'
        ? await loadKnowledgeBase(source.root)
        : (await loadBeir(source.root, { tenantId: source.tenant ?? source.tenantId })).corpus
    const chunker = parseChunkerSpec(chunkerSpec)
    const chunks = chunkDocuments(corpus.documents, chunker)
    const concepts = await loadConceptCatalog(source.root)
    return {
      corpus,
      chunker,
      chunks,
      chunkById: new Map(chunks.map((c) => [c.id, c])),
      ...(concepts ? { concepts } : {}),
    }
  })()
  cache.set(key, { stamp, prepared })
  prepared.catch(() => cache.delete(key))
  return prepared
}
