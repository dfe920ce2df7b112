import { describe, expect, test } from 'vitest'
import type { EmbeddingClient } from '../../src/llm/types.ts'
import { embedderFromClient } from '../../src/llm/embedder.ts'
import { createHashEmbedder, fnv1a, hashEmbed } from '../../src/search/embedder-hash.ts'

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0)

describe('embedders', () => {
  test('FNV-1a matches its published test vectors', () => {
    expect(fnv1a('')).toBe(0x811c9dc5)
    expect(fnv1a('a')).toBe(0xe40c292c)
    expect(fnv1a('foobar')).toBe(0xbf9cf968)
  })

  test('the hash embedder is deterministic, unit length, and closer for texts that share words', () => {
    const a = hashEmbed('download invoices from billing', 128)
    expect(hashEmbed('download invoices from billing', 128)).toEqual(a)
    expect(cosine(a, a)).toBeCloseTo(1, 5)
    const near = hashEmbed('billing invoice download', 128)
    const far = hashEmbed('rocket launch sequence', 128)
    expect(cosine(a, near)).toBeGreaterThan(cosine(a, far))
    expect(createHashEmbedder(128).id).toBe('hash-ngram-v1:128:iss')
  })

  test('the client adapter passes vectors through and refuses a wrong dimension', async () => {
    const client = (dims: number): EmbeddingClient => ({
      model: 'm',
      dimensions: 3,
      embed: async (texts) => ({ vectors: texts.map(() => new Float32Array(dims)), cached: 0, costUsd: 0 }),
    })
    const ok = embedderFromClient(client(3))
    expect(ok.id).toBe('client:m:3')
    expect(await ok.embed(['x', 'y'])).toHaveLength(2)
    await expect(embedderFromClient(client(2)).embed(['x'])).rejects.toThrow(/2-dimensional embedding, expected 3/)
  })
})
