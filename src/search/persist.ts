/**
 * The on-disk form of a built search index (pure: bytes in, bytes out; the file side is
 * `src/search/files/index-cache.ts`). Layout, little-endian:
 *   8 bytes magic `VRAGIDX\0` | u32 format version | u32 JSON length | JSON metadata | zero padding to 8 |
 *   raw typed-array sections at the 8-aligned offsets the JSON lists.
 * The JSON holds the config, the cache key, the tenant layout, vocabularies and chunk texts; the sections hold
 * postings, impacts, the embedding matrix and its int8 copy (codes and row stats, `quantize.ts`). Decoding reads
 * each section once, straight into the SharedArrayBuffer (or shared WASM memory) the loaded index keeps, so a
 * loaded index can be shared with workers like a built one and a 1M x 384 matrix is never held twice.
 */
import { hashJson, sha256 } from '../shared/util/hash.ts'
import type { Bm25Parts } from './bm25.ts'
import { SearchError } from './errors.ts'
import type { ResolvedSearchConfig } from './index.ts'
import { type SearchIndexSnapshot, searchSnapshotVersion } from './snapshot.ts'
import type { IndexableChunk } from './tenant-layout.ts'
import { codeStride } from './quantize.ts'
import { allocateMatrix, sharedFloat64 } from './vector.ts'
import type { VectorParts } from './vector-parts.ts'

/** Version of the file format; any change to the layout or to the meaning of a part bumps it. */
export const searchIndexFormatVersion = 2

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

type ArrayName =
  | 'rowStart'
  | 'termStart'
  | 'postingStart'
  | 'postingRows'
  | 'postingTfs'
  | 'termIdf'
  | 'termMaxImpact'
  | 'docNorm'
  | 'avgDocLength'
  | 'matrix'
  | 'codes'
  | 'rowStats'
type ArrayType = 'i32' | 'f64' | 'f32' | 'i8' | 'u16'
type Section = { name: ArrayName; type: ArrayType; offset: number; length: number }

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
  sections: Section[]
}

const bytesPer: Record<ArrayType, number> = { i32: 4, f64: 8, f32: 4, i8: 1, u16: 2 }

function littleEndian(): boolean {
  return new Uint8Array(new Uint16Array([1]).buffer)[0] === 1
}

const bytesOf = (array: ArrayBufferView): Uint8Array => new Uint8Array(array.buffer, array.byteOffset, array.byteLength)

/**
 * Encodes a snapshot with its cache key as a list of byte runs to write in order: the header, then each section
 * (views over the index's own arrays, not copies) with its zero padding. A 1M x 384 index is written without a
 * second 2 GB buffer.
 */
export function encodeSearchIndexParts(snapshot: SearchIndexSnapshot, key: string): Uint8Array[] {
  if (!littleEndian())
    throw new SearchError('VITEST_RAG_SEARCH_INDEX_FORMAT', 'the index file format is little-endian only')
  const { bm25, vector } = snapshot
  const arrays: Array<[ArrayName, ArrayType, Int32Array | Float64Array | Float32Array | Int8Array | Uint16Array]> = [
    ['rowStart', 'i32', bm25.layout.rowStart],
    ['termStart', 'i32', bm25.termStart],
    ['postingStart', 'i32', bm25.postingStart],
    ['postingRows', 'i32', bm25.postingRows],
    ['postingTfs', bm25.postingTfs instanceof Uint16Array ? 'u16' : 'i32', bm25.postingTfs],
    ['termIdf', 'f64', bm25.termIdf],
    ['termMaxImpact', 'f64', bm25.termMaxImpact],
    ['docNorm', 'f64', bm25.docNorm],
    ['avgDocLength', 'f64', bm25.avgDocLength],
  ]
  if (vector) arrays.push(['matrix', 'f32', vector.matrix])
  if (vector?.quantized)
    arrays.push(['codes', 'i8', vector.quantized.codes], ['rowStats', 'f64', vector.quantized.rowStats])
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
  const header = new Uint8Array(Math.ceil((16 + json.length) / 8) * 8)
  const view = new DataView(header.buffer)
  header.set(new TextEncoder().encode(magic), 0)
  view.setUint32(8, searchIndexFormatVersion, true)
  view.setUint32(12, json.length, true)
  header.set(json, 16)
  const parts: Uint8Array[] = [header]
  for (const [, , array] of arrays) {
    parts.push(bytesOf(array))
    const pad = Math.ceil(array.byteLength / 8) * 8 - array.byteLength
    if (pad > 0) parts.push(new Uint8Array(pad))
  }
  return parts
}

/** Encodes a snapshot with its cache key into one buffer ({@link encodeSearchIndexParts} concatenated). */
export function encodeSearchIndex(snapshot: SearchIndexSnapshot, key: string): Uint8Array {
  const parts = encodeSearchIndexParts(snapshot, key)
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/**
 * Random access to the bytes of an index file: `read` fills all of `target` from byte `position` (the file
 * module reads straight from disk into the index's final arrays; {@link bytesSource} reads from memory).
 */
export interface IndexByteSource {
  /** Total bytes. */
  readonly length: number
  read(target: Uint8Array, position: number): void
}

/** An {@link IndexByteSource} over bytes already in memory. */
export function bytesSource(bytes: Uint8Array): IndexByteSource {
  return {
    length: bytes.length,
    read: (target, position) => target.set(bytes.subarray(position, position + target.length)),
  }
}

function formatError(message: string): SearchError {
  return new SearchError('VITEST_RAG_SEARCH_INDEX_FORMAT', `search index file ${message}; it will be rebuilt`)
}

/**
 * Decodes a file made by {@link encodeSearchIndex}. Throws `SearchError` `VITEST_RAG_SEARCH_INDEX_FORMAT` on a
 * wrong magic, another format version, a key other than `expectedKey`, or a truncated or corrupt file.
 */
export function decodeSearchIndex(bytes: Uint8Array, expectedKey: string): SearchIndexSnapshot {
  return decodeSearchIndexFrom(bytesSource(bytes), expectedKey)
}

function readMetadata(source: IndexByteSource, expectedKey: string): { metadata: Metadata; headerLength: number } {
  if (source.length < 16) throw formatError('has no index header')
  const head = new Uint8Array(16)
  source.read(head, 0)
  if (new TextDecoder().decode(head.subarray(0, 8)) !== magic) throw formatError('has no index header')
  const view = new DataView(head.buffer)
  const version = view.getUint32(8, true)
  if (version !== searchIndexFormatVersion)
    throw formatError(`has format version ${version}, this build reads ${searchIndexFormatVersion}`)
  const jsonLength = view.getUint32(12, true)
  if (16 + jsonLength > source.length) throw formatError('is truncated')
  const json = new Uint8Array(jsonLength)
  source.read(json, 16)
  let metadata: Metadata
  try {
    metadata = JSON.parse(new TextDecoder().decode(json)) as Metadata
  } catch {
    throw formatError('has corrupt metadata')
  }
  if (metadata.key !== expectedKey)
    throw formatError(`belongs to key ${metadata.key.slice(0, 12)}, not ${expectedKey.slice(0, 12)}`)
  return { metadata, headerLength: Math.ceil((16 + jsonLength) / 8) * 8 }
}

/**
 * Decodes an index from `source`, reading each section once, straight into the array the loaded index keeps:
 * SharedArrayBuffers, and the matrix (with its int8 codes) in a shared WASM memory, so it can be shared with
 * workers like a built one. Errors as {@link decodeSearchIndex}.
 */
export function decodeSearchIndexFrom(source: IndexByteSource, expectedKey: string): SearchIndexSnapshot {
  const { metadata, headerLength } = readMetadata(source, expectedKey)
  const find = (name: ArrayName): Section | undefined => metadata.sections.find((s) => s.name === name)
  const read = <T extends ArrayBufferView & { length: number }>(name: ArrayName, make: (length: number) => T): T => {
    const section = find(name)
    if (!section) throw formatError(`lacks the ${name} section`)
    const start = headerLength + section.offset
    if (start + section.length * bytesPer[section.type] > source.length) throw formatError('is truncated')
    const target = make(section.length)
    source.read(bytesOf(target), start)
    return target
  }
  const sharedI32 = (n: number) => new Int32Array(new SharedArrayBuffer(Math.max(1, n) * 4), 0, n)
  const sharedU16 = (n: number) => new Uint16Array(new SharedArrayBuffer(Math.max(2, n * 2)), 0, n)
  const layout = { tenantIds: metadata.tenantIds, chunkIds: metadata.chunkIds, rowStart: read('rowStart', sharedI32) }
  const bm25: Bm25Parts = {
    params: metadata.bm25Params,
    layout,
    terms: metadata.terms,
    termStart: read('termStart', sharedI32),
    postingStart: read('postingStart', sharedI32),
    postingRows: read('postingRows', sharedI32),
    postingTfs: find('postingTfs')?.type === 'u16' ? read('postingTfs', sharedU16) : read('postingTfs', sharedI32),
    termIdf: read('termIdf', sharedFloat64),
    termMaxImpact: read('termMaxImpact', sharedFloat64),
    docNorm: read('docNorm', sharedFloat64),
    avgDocLength: read('avgDocLength', sharedFloat64),
  }
  return {
    version: searchSnapshotVersion,
    config: metadata.config,
    bm25,
    vector: readVector(metadata, layout, find, read),
    texts: metadata.texts,
    embedderId: metadata.embedderId,
  }
}

// The matrix and, when the file has them and this runtime can use them, its int8 codes and row stats.
function readVector(
  metadata: Metadata,
  layout: VectorParts['layout'],
  find: (name: ArrayName) => Section | undefined,
  read: <T extends ArrayBufferView & { length: number }>(name: ArrayName, make: (length: number) => T) => T,
): VectorParts | undefined {
  const d = metadata.dimensions
  if (d === undefined) return undefined
  const codeSection = find('codes')
  const allocated = allocateMatrix(find('matrix')?.length ?? 0, 'wasm', codeSection?.length ?? 0)
  const matrix = read('matrix', () => allocated.matrix)
  const parts: VectorParts = {
    layout,
    dimensions: d,
    matrix,
    ...(allocated.memory ? { memory: allocated.memory } : {}),
  }
  const codes = allocated.codes
  if (!codeSection || !codes) return parts
  read('codes', () => codes)
  const rowStats = read('rowStats', sharedFloat64)
  return { ...parts, quantized: { stride: codeStride(d), codes, rowStats } }
}
