/**
 * The on-disk form of a built search index (pure: bytes in, bytes out; the file side is
 * `load-index-cache.ts`). Layout, little-endian:
 *   8 bytes magic `VRAGIDX\0` | u32 format version | u32 JSON length | JSON metadata | zero padding to 8 |
 *   raw typed-array sections at the 8-aligned offsets the JSON lists.
 * The JSON holds the config, the cache key, the tenant layout, vocabularies and chunk texts; the sections hold
 * postings, impacts and the embedding matrix. Decoding copies sections into SharedArrayBuffers (and the matrix
 * into a shared WASM memory) so a loaded index can be shared with workers like a built one.
 */
import { hashJson, sha256 } from "../util/hash.js";
import { SearchError } from "./errors.js";
import { searchSnapshotVersion } from "./snapshot.js";
import { allocateMatrix } from "./vector.js";
/** Version of the file format; any change to the layout or to the meaning of a part bumps it. */
export const searchIndexFormatVersion = 1;
const magic = 'VRAGIDX\0';
/** sha256 over every chunk's id, tenant and text, in the given order. */
export function fingerprintChunks(chunks) {
    return sha256(chunks.map((c) => `${c.id}\u0000${c.tenantId}\u0000${c.text}`).join('\u0001'));
}
/** The cache key: a hash of the key parts and the format versions. */
export function searchIndexCacheKey(parts) {
    return hashJson({ format: searchIndexFormatVersion, snapshot: searchSnapshotVersion, ...parts });
}
const bytesPer = { i32: 4, f64: 8, f32: 4 };
function littleEndian() {
    return new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
}
/** Encodes a snapshot with its cache key. */
export function encodeSearchIndex(snapshot, key) {
    if (!littleEndian())
        throw new SearchError('VITEST_RAG_SEARCH_INDEX_FORMAT', 'vitest-rag: the index file format is little-endian only');
    const { bm25, vector } = snapshot;
    const arrays = [
        ['rowStart', 'i32', bm25.layout.rowStart],
        ['termStart', 'i32', bm25.termStart],
        ['postingStart', 'i32', bm25.postingStart],
        ['postingRows', 'i32', bm25.postingRows],
        ['postingImpacts', 'f64', bm25.postingImpacts],
        ['avgDocLength', 'f64', bm25.avgDocLength],
    ];
    if (vector)
        arrays.push(['matrix', 'f32', vector.matrix]);
    let offset = 0;
    const sections = arrays.map(([name, type, array]) => {
        const section = { name, type, offset, length: array.length };
        offset += Math.ceil(array.byteLength / 8) * 8;
        return section;
    });
    const metadata = {
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
    };
    const json = new TextEncoder().encode(JSON.stringify(metadata));
    const headerLength = Math.ceil((16 + json.length) / 8) * 8;
    const out = new Uint8Array(headerLength + offset);
    const view = new DataView(out.buffer);
    out.set(new TextEncoder().encode(magic), 0);
    view.setUint32(8, searchIndexFormatVersion, true);
    view.setUint32(12, json.length, true);
    out.set(json, 16);
    arrays.forEach(([, , array], i) => out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), headerLength + sections[i].offset));
    return out;
}
function formatError(message) {
    return new SearchError('VITEST_RAG_SEARCH_INDEX_FORMAT', `vitest-rag: search index file ${message}; it will be rebuilt`);
}
/**
 * Decodes a file made by {@link encodeSearchIndex}. Throws `SearchError` `VITEST_RAG_SEARCH_INDEX_FORMAT` on a
 * wrong magic, another format version, a key other than `expectedKey`, or a truncated or corrupt file.
 */
export function decodeSearchIndex(bytes, expectedKey) {
    if (bytes.length < 16 || new TextDecoder().decode(bytes.subarray(0, 8)) !== magic)
        throw formatError('has no index header');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const version = view.getUint32(8, true);
    if (version !== searchIndexFormatVersion)
        throw formatError(`has format version ${version}, this build reads ${searchIndexFormatVersion}`);
    const jsonLength = view.getUint32(12, true);
    if (16 + jsonLength > bytes.length)
        throw formatError('is truncated');
    let metadata;
    try {
        metadata = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + jsonLength)));
    }
    catch {
        throw formatError('has corrupt metadata');
    }
    if (metadata.key !== expectedKey)
        throw formatError(`belongs to key ${metadata.key.slice(0, 12)}, not ${expectedKey.slice(0, 12)}`);
    const headerLength = Math.ceil((16 + jsonLength) / 8) * 8;
    const read = (name, make) => {
        const section = metadata.sections.find((s) => s.name === name);
        if (!section)
            throw formatError(`lacks the ${name} section`);
        const start = headerLength + section.offset;
        const byteLength = section.length * bytesPer[section.type];
        if (start + byteLength > bytes.length)
            throw formatError('is truncated');
        const target = make(section.length);
        // Copy bytes (the source may be unaligned inside a Node Buffer).
        new Uint8Array(target.buffer, target.byteOffset, byteLength).set(bytes.subarray(start, start + byteLength));
        return target;
    };
    const sharedI32 = (n) => new Int32Array(new SharedArrayBuffer(Math.max(1, n) * 4), 0, n);
    const sharedF64 = (n) => new Float64Array(new SharedArrayBuffer(Math.max(1, n) * 8), 0, n);
    const layout = { tenantIds: metadata.tenantIds, chunkIds: metadata.chunkIds, rowStart: read('rowStart', sharedI32) };
    const bm25 = {
        params: metadata.bm25Params,
        layout,
        terms: metadata.terms,
        termStart: read('termStart', sharedI32),
        postingStart: read('postingStart', sharedI32),
        postingRows: read('postingRows', sharedI32),
        postingImpacts: read('postingImpacts', sharedF64),
        avgDocLength: read('avgDocLength', sharedF64),
    };
    let vector;
    if (metadata.dimensions !== undefined) {
        let memory;
        const matrix = read('matrix', (n) => {
            const allocated = allocateMatrix(n);
            memory = allocated.memory;
            return allocated.matrix;
        });
        vector = { layout, dimensions: metadata.dimensions, matrix, ...(memory ? { memory } : {}) };
    }
    return { version: searchSnapshotVersion, config: metadata.config, bm25, vector, texts: metadata.texts, embedderId: metadata.embedderId };
}
//# sourceMappingURL=persist.js.map