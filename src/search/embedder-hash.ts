/**
 * An offline, deterministic embedder ("feature hashing"): each analyzer term and each character 3-gram of each
 * term is hashed (FNV-1a, 32 bit) to one of `dimensions` buckets with a hash-derived sign, weighted (terms 1.0,
 * 3-grams 0.5), and the vector is L2-normalised. Texts sharing words or word pieces get a positive cosine, so the
 * vector and hybrid arms run with no API key. It is a lexical stand-in, not a semantic model.
 */
import { type AnalyzerOptions, analyze, defaultAnalyzerOptions } from './analyzer.ts'
import type { Embedder } from './embedder.ts'
import { l2Normalize } from './vector.ts'

/** Default dimension of the hash embedder (the size of common small sentence models). */
export const defaultHashEmbedderDimensions = 384

/** 32-bit FNV-1a over UTF-16 code units. Example: `fnv1a('')` = 2166136261. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

function addFeature(v: Float64Array, feature: string, weight: number): void {
  const h = fnv1a(feature)
  const bucket = h % v.length
  // The top bit picks the sign so that collisions cancel on average instead of piling up.
  v[bucket] = (v[bucket] as number) + (h & 0x80000000 ? -weight : weight)
}

/** Embeds one text (see the module comment). */
export function hashEmbed(
  text: string,
  dimensions = defaultHashEmbedderDimensions,
  analyzer: AnalyzerOptions = defaultAnalyzerOptions,
): Float32Array {
  const v = new Float64Array(dimensions)
  for (const term of analyze(text, analyzer)) {
    addFeature(v, `w:${term}`, 1)
    const padded = `#${term}#`
    for (let i = 0; i + 3 <= padded.length; i++) addFeature(v, `g:${padded.slice(i, i + 3)}`, 0.5)
  }
  return l2Normalize(v)
}

/** The hash embedder as an {@link Embedder} (synchronous too). */
export function createHashEmbedder(
  dimensions = defaultHashEmbedderDimensions,
  analyzer: AnalyzerOptions = defaultAnalyzerOptions,
): Embedder {
  const embedSync = (texts: string[]): Float32Array[] => texts.map((t) => hashEmbed(t, dimensions, analyzer))
  return {
    id: `hash-ngram-v1:${dimensions}:${analyzer.identifiers ? 'i' : ''}${analyzer.stopWords ? 's' : ''}${analyzer.stemmer}`,
    dimensions,
    embedSync,
    embed: async (texts) => embedSync(texts),
  }
}
