/**
 * The on-disk form of a built search index (pure: bytes in, bytes out; the file side is
 * `src/artifacts/index-cache.ts`). Layout, little-endian:
 *   8 bytes magic `VRAGIDX\0` | u32 format version | u32 JSON length | JSON metadata | zero padding to 8 |
 *   raw typed-array sections at the 8-aligned offsets the JSON lists.
 * The JSON holds the config, the cache key, the tenant layout, vocabularies and chunk texts; the sections hold
 * postings, impacts and the embedding matrix. Decoding copies sections into SharedArrayBuffers (and the matrix
 * into a shared WASM memory) so a loaded index can be shared with workers like a built one.
 */
import { hashJson, sha256 } from '../util/hash.ts'
import type { Bm25Parts } from './bm25.ts'
import { SearchError } from './errors.ts'
import type { ResolvedSearchConfig } from './index.ts'
import { type SearchIndexSnapshot, searchSnapshotVersion } from './snapshot.ts'
import type { IndexableChunk } from './tenant-layout.ts'
import { allocateMatrix } from './vector.ts'

/** Version of the file format; any change to the layout or to the meaning of a part bumps it. */
export const searchIndexFormatVersion = 1

const magic = 'VRAGIDX\0'

/** What the cache key is made of. */
export interface SearchIndexKeyParts {
  /** Corpus fingerprint (`Corpus.fingerprint`). */
  corpusFingerprint: string
  /** Chunker configuration (object or spec string such as `fixed:800/100`). */
  chunker: unknown
  config: ResolvedSearchConfig
  /** Embedder id, when the index holds vectors. */
  embedderId: string | undefined
  /** Hash of the chunks themselves ({@link fingerprintChunks}): a stale corpus fingerprint cannot load a wrong index. */
  chunksFingerprint: string
}

/** sha256 over every chunk's id, tenant and text, in the given order. */
export function fingerprintChunks(chunks: readonly IndexableChunk[]): string {
  return sha256(chunks.map((c) => `${c.id}\u0000${c.tenantId}\u0000${c.text}`).join('\u0001'))
}

/** The cache key: a hash of the key parts and the format versions. */
export function searchIndexCacheKey(parts: SearchIndexKeyParts): string {
  return hashJson({ format: searchIndexFormatVersion, snapshot: searchSnapshotVersion, ...parts })
}

type ArrayName = 'rowStart' | 'termStart' | 'postingStart' | 'postingRows' | 'postingImpacts' | 'avgDocLength' | 'matrix'
type ArrayType = 'i32' | 'f64' | 'f32'

interface Metadata {
  key: string
  config: ResolvedSearchConfig
  tenantIds: string[]
  chunkIds: string[]
  terms: string[]
  texts: string[]
  embedderId: string | undefined
  bm25Params: Bm25Parts['params']
  dimensions: number | undefined
  sections: Array<{ name: ArrayName; type: ArrayType; offset: number; length: number }>
}

const bytesPer: Record<ArrayType, number> = { i32: 4, f64: 8, f32: 4 }

function littleEndian(): boolean {
  return new Uint8Array(new Uint16Array([1]).buffer)[0] === 1
}

/** Encodes a snapshot with its cache key. */
export function encodeSearchIndex(snapshot: SearchIndexSnapshot, key: string): Uint8Array {
  if (!littleEndian()) throw new SearchError('VITEST_RAG_SEARCH_INDEX_FORMAT', 'vitest-rag: the index file format is little-endian only')
  const { bm25, vector } = snapshot
  const arrays: Array<[ArrayName, ArrayType, Int32Array | Float64Array | Float32Array]> = [
    ['rowStart', 'i32', bm25.layout.rowStart],
    ['termStart', 'i32', bm25.termStart],
    ['postingStart', 'i32', bm25.postingStart],
    ['postingRows', 'i32', bm25.postingRows],
    ['postingImpacts', 'f64', bm25.postingImpacts],
    ['avgDocLength', 'f64', bm25.avgDocLength],
  ]
  if (vector) arrays.push(['matrix', 'f32', vector.matrix])
  let offset = 0
  const sections = arrays.map(([name, type, array]) => {
    const section = { name, type, offset, length: array.length }
    offset += Math.ceil(array.byteLength / 8) * 8
    return section
  })
  const metadata: Metadata = {
    key,
    config: snapshot.config,
    tenantIds: bm25.layout.tenantIds,
    chunkIds: bm25.layout.chunkIds,
    terms: bm25.terms,
    texts: snapshot.texts,
    embedderId: snapshot.embedderId,
    bm25Params: bm25.params,
    dimensions: vector?.dimensions,
    sections,
  }
  const json = new TextEncoder().encode(JSON.stringify(metadata))
  const headerLength = Math.ceil((16 + json.length) / 8) * 8
  const out = new Uint8Array(headerLength + offset)
  const view = new DataView(out.buffer)
  out.set(new TextEncoder().encode(magic), 0)
  view.setUint32(8, searchIndexFormatVersion, true)
  view.setUint32(12, json.length, true)
  out.set(json, 16)
  arrays.forEach(([, , array], i) => out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), headerLength + (sections[i] as { offset: number }).offset))
  return out
}

function formatError(message: string): SearchError {
  return new SearchError('VITEST_RAG_SEARCH_INDEX_FORMAT', `vitest-rag: search index file ${message}; it will be rebuilt`)
}

/**
 * Decodes a file made by {@link encodeSearchIndex}. Throws `SearchError` `VITEST_RAG_SEARCH_INDEX_FORMAT` on a
 * wrong magic, another format version, a key other than `expectedKey`, or a truncated or corrupt file.
 */
export function decodeSearchIndex(bytes: Uint8Array, expectedKey: string): SearchIndexSnapshot {
  if (bytes.length < 16 || new TextDecoder().decode(bytes.subarray(0, 8)) !== magic) throw formatError('has no index header')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const version = view.getUint32(8, true)
  if (version !== searchIndexFormatVersion) throw formatError(`has format version ${version}, this build reads ${searchIndexFormatVersion}`)
  const jsonLength = view.getUint32(12, true)
  if (16 + jsonLength > bytes.length) throw formatError('is truncated')
  let metadata: Metadata
  try {
    metadata = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + jsonLength))) as Metadata
  } catch {
    throw formatError('has corrupt metadata')
  }
  if (metadata.key !== expectedKey) throw formatError(`belongs to key ${metadata.key.slice(0, 12)}, not ${expectedKey.slice(0, 12)}`)
  const headerLength = Math.ceil((16 + jsonLength) / 8) * 8
  const read = <T extends Int32Array | Float64Array | Float32Array>(name: ArrayName, make: (length: number) => T): T => {
    const section = metadata.sections.find((s) => s.name === name)
    if (!section) throw formatError(`lacks the ${name} section`)
    const start = headerLength + section.offset
    const byteLength = section.length * bytesPer[section.type]
    if (start + byteLength > bytes.length) throw formatError('is truncated')
    const target = make(section.length)
    // Copy bytes (the source may be unaligned inside a Node Buffer).
    new Uint8Array(target.buffer, target.byteOffset, byteLength).set(bytes.subarray(start, start + byteLength))
    return target
  }
  const sharedI32 = (n: number) => new Int32Array(new SharedArrayBuffer(Math.max(1, n) * 4), 0, n)
  const sharedF64 = (n: number) => new Float64Array(new SharedArrayBuffer(Math.max(1, n) * 8), 0, n)
  const layout = { tenantIds: metadata.tenantIds, chunkIds: metadata.chunkIds, rowStart: read('rowStart', sharedI32) }
  const bm25: Bm25Parts = {
    params: metadata.bm25Params,
    layout,
    terms: metadata.terms,
    termStart: read('termStart', sharedI32),
    postingStart: read('postingStart', sharedI32),
    postingRows: read('postingRows', sharedI32),
    postingImpacts: read('postingImpacts', sharedF64),
    avgDocLength: read('avgDocLength', sharedF64),
  }
  let vector: SearchIndexSnapshot['vector']
  if (metadata.dimensions !== undefined) {
    let memory: ReturnType<typeof allocateMatrix>['memory']
    const matrix = read('matrix', (n) => {
      const allocated = allocateMatrix(n)
      memory = allocated.memory
      return allocated.matrix
    })
    vector = { layout, dimensions: metadata.dimensions, matrix, ...(memory ? { memory } : {}) }
  }
  return { version: searchSnapshotVersion, config: metadata.config, bm25, vector, texts: metadata.texts, embedderId: metadata.embedderId }
}
