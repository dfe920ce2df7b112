import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { createHashEmbedder } from '../../src/search/embedder-hash.ts'
import { buildSearchIndex } from '../../src/search/index.ts'
import { loadOrBuildSearchIndex } from '../../src/search/files/index-cache.ts'
import { readSearchIndexFile, writeSearchIndexFile } from '../../src/search/files/index-file.ts'
import { decodeSearchIndex, encodeSearchIndex } from '../../src/search/persist.ts'
import { wasmKernelModule } from '../../src/search/vector-kernel-wasm.ts'
import { searchIndexFromSnapshot, snapshotSearchIndex } from '../../src/search/snapshot.ts'
import { searchArms } from '../../src/search/types.ts'

const chunks = [
  { id: 'a/1', tenantId: 'a', text: 'Invoices can be downloaded as PDF from the billing page' },
  { id: 'a/2', tenantId: 'a', text: 'Error ERR-4012: card declined' },
  { id: 'b/1', tenantId: 'b', text: 'Rocket launch checklist and invoices' },
]

describe('search index persistence', () => {
  test('an encoded and decoded index answers every arm exactly like the original', async () => {
    const embedder = createHashEmbedder(32)
    const index = await buildSearchIndex(chunks, { arm: 'hybrid' }, embedder)
    const loaded = searchIndexFromSnapshot(
      decodeSearchIndex(encodeSearchIndex(snapshotSearchIndex(index), 'k1'), 'k1'),
      { embedder },
    )
    for (const arm of searchArms) {
      for (const tenantId of ['a', 'b']) {
        expect(loaded.search('invoices ERR-4012', { tenantId, k: 3, arm })).toEqual(
          index.search('invoices ERR-4012', { tenantId, k: 3, arm }),
        )
      }
    }
  })

  test('a file with another key, another version or cut short is refused', async () => {
    const index = await buildSearchIndex(chunks, { arm: 'bm25' })
    const bytes = encodeSearchIndex(snapshotSearchIndex(index), 'k1')
    expect(() => decodeSearchIndex(bytes, 'k2')).toThrow(/belongs to key/)
    const otherVersion = bytes.slice()
    otherVersion[8] = 99
    expect(() => decodeSearchIndex(otherVersion, 'k1')).toThrow(/format version 99/)
    expect(() => decodeSearchIndex(bytes.subarray(0, bytes.length - 16), 'k1')).toThrow(/truncated/)
    expect(() => decodeSearchIndex(new Uint8Array(4), 'k1')).toThrow(/no index header/)
  })

  test('loadOrBuildSearchIndex builds once, then loads; a corrupt file is rebuilt with a warning', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'vitest-rag-index-'))
    const options = {
      cacheDir,
      chunks,
      corpusFingerprint: 'fp',
      chunker: 'fixed:800/100',
      config: { arm: 'hybrid' as const },
    }
    const first = await loadOrBuildSearchIndex(options)
    expect(first.fromCache).toBe(false)
    const second = await loadOrBuildSearchIndex(options)
    expect(second.fromCache).toBe(true)
    expect(second.index.search('invoices', { tenantId: 'a', k: 2 })).toEqual(
      first.index.search('invoices', { tenantId: 'a', k: 2 }),
    )
    writeFileSync(first.path, 'garbage')
    const warnings: string[] = []
    const third = await loadOrBuildSearchIndex({ ...options, warn: (m) => warnings.push(m) })
    expect(third.fromCache).toBe(false)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/no index header; it will be rebuilt/)
    // A different analyzer is a different key: a second file appears.
    await loadOrBuildSearchIndex({
      ...options,
      config: { arm: 'hybrid', analyzer: { identifiers: false, stopWords: false, stemmer: 'none' } },
    })
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.vragidx'))).toHaveLength(2)
  })

  test.skipIf(!wasmKernelModule())(
    'a file read section by section lands in one shared WASM memory with its int8 copy and answers bit-identically',
    async () => {
      const embedder = createHashEmbedder(64)
      const many = Array.from({ length: 300 }, (_, i) => ({
        id: `d${String(i).padStart(3, '0')}`,
        tenantId: i % 2 ? 'a' : 'b',
        text: `invoice ${i % 17} card ${i % 5} pdf ${i}`,
      }))
      const index = await buildSearchIndex(many, { arm: 'vector' }, embedder)
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'vitest-rag-index-')), 'x.vragidx')
      await writeSearchIndexFile(file, snapshotSearchIndex(index), 'k1')
      expect(readSearchIndexFile(`${file}.absent`, 'k1')).toBeUndefined()
      const snapshot = readSearchIndexFile(file, 'k1')!
      const vector = snapshot.vector!
      // Matrix and codes share the memory: the codes start right after the 300 x 64 floats (76,800 bytes).
      expect(vector.matrix.buffer).toBe(vector.quantized!.codes.buffer)
      expect(vector.quantized!.codes.byteOffset).toBe(300 * 64 * 4)
      expect([...vector.quantized!.codes]).toEqual([...index.internals.vector!.parts.quantized!.codes])
      const loaded = searchIndexFromSnapshot(snapshot, { embedder })
      expect(loaded.internals.vector!.kernelName).toBe('wasm-int8-bounded')
      for (const query of ['invoice 3 card 1', 'pdf 299', 'nothing like it']) {
        expect(loaded.search(query, { tenantId: 'a', k: 5 })).toEqual(index.search(query, { tenantId: 'a', k: 5 }))
      }
      writeFileSync(file, encodeSearchIndex(snapshotSearchIndex(index), 'k1').subarray(0, 5000))
      expect(() => readSearchIndexFile(file, 'k1')).toThrow(/truncated/)
    },
  )
})
