import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { embeddingDimensions, PROBE_FILE, readProbedDimensions } from '../../src/llm/probe.ts'

const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-probe-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function countingEmbedder(model: string, size: number, dimensions?: number) {
  const calls: string[][] = []
  return {
    calls,
    model,
    dimensions,
    embed: async (texts: string[]) => (calls.push(texts), { vectors: texts.map(() => new Float32Array(size)) }),
  }
}

describe('the embedding dimension probe', () => {
  test('is paid once per run: the first caller probes and records, every later worker reads the record', async () => {
    const setup = countingEmbedder('emb-a', 384)
    const workers = [countingEmbedder('emb-a', 384), countingEmbedder('emb-a', 384)]
    expect(await embeddingDimensions(setup, dir)).toBe(384)
    for (const w of workers) expect(await embeddingDimensions(w, dir)).toBe(384)
    expect([setup.calls.length, ...workers.map((w) => w.calls.length)]).toEqual([1, 0, 0])
    expect(JSON.parse(readFileSync(join(dir, PROBE_FILE), 'utf8'))).toEqual({ 'emb-a': 384 })
  })

  test('configured dimensions need no probe; another model gets its own record', async () => {
    const configured = countingEmbedder('emb-b', 8, 256)
    expect(await embeddingDimensions(configured, dir)).toBe(256)
    expect(configured.calls).toEqual([])
    const other = countingEmbedder('emb-c', 1536)
    expect(await embeddingDimensions(other, dir)).toBe(1536)
    expect([readProbedDimensions(dir, 'emb-a'), readProbedDimensions(dir, 'emb-c')]).toEqual([384, 1536])
  })
})
