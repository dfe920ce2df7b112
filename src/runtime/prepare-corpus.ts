/**
 * Loads and chunks the configured corpus once per process (plugin, global setup, reporter and each worker
 * call this; the cache keys on corpus source + chunker, so a second call is free).
 */
import type { CorpusSource } from '../config/schema.ts'
import { chunkDocuments, parseChunkerSpec } from '../corpus/chunk.ts'
import { loadBeir } from '../corpus/load-beir.ts'
import { loadKnowledgeBase } from '../corpus/load-kb.ts'
import type { Chunk, ChunkerConfig, Corpus } from '../corpus/types.ts'

/** A loaded, chunked corpus. */
export interface PreparedCorpus {
  corpus: Corpus
  chunker: ChunkerConfig
  chunks: Chunk[]
  chunkById: Map<string, Chunk>
}

const cache = new Map<string, Promise<PreparedCorpus>>()

/** Loads `source` and chunks it with the one-line `chunkerSpec` (`structural`, `fixed:800/100`). Cached. */
export function prepareCorpus(source: CorpusSource, chunkerSpec: string): Promise<PreparedCorpus> {
  const key = JSON.stringify([source, chunkerSpec])
  let prepared = cache.get(key)
  if (!prepared) {
    prepared = (async () => {
      const corpus = source.kind === 'kb' ? await loadKnowledgeBase(source.root) : (await loadBeir(source.root, { tenantId: source.tenantId })).corpus
      const chunker = parseChunkerSpec(chunkerSpec)
      const chunks = chunkDocuments(corpus.documents, chunker)
      return { corpus, chunker, chunks, chunkById: new Map(chunks.map((c) => [c.id, c])) }
    })()
    cache.set(key, prepared)
    prepared.catch(() => cache.delete(key))
  }
  return prepared
}

/** Forgets cached corpora (watch mode: a corpus file changed). */
export function clearPreparedCorpora(): void {
  cache.clear()
}
