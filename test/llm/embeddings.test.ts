import { expect, test } from 'vitest'
import { CacheReplayMissError, createModelClients, embeddingCacheKey } from '../../src/llm/index.ts'
import type { OpenAiTestServer } from '../helpers/openai-server.ts'
import { fastRetry, localProvider, testEnv, useServerFixture } from './support.ts'

let server: OpenAiTestServer
let dir: string
useServerFixture(
  (s) => (server = s),
  (d) => (dir = d),
)

const small = (url: string) => localProvider(url, { name: 'emb', model: 'text-embedding-3-small' })

function embedder(
  options: {
    mode?: 'read-write' | 'replay'
    chain?: ReturnType<typeof localProvider>[]
    batchSize?: number
    dimensions?: number
  } = {},
) {
  return createModelClients(
    {
      embedder: {
        chain: options.chain ?? [small(server.baseURL)],
        ...(options.batchSize ? { batchSize: options.batchSize } : {}),
        ...(options.dimensions ? { dimensions: options.dimensions } : {}),
      },
      retry: fastRetry,
    },
    { cacheDir: dir, cacheMode: options.mode ?? 'read-write', env: testEnv },
  )
}

test('misses are sent in batches of batchSize and cost is billed by the reported tokens', async () => {
  server.setScript(() => ({ usage: { prompt_tokens: 1_000_000, completion_tokens: 0 } }))
  const clients = embedder({ batchSize: 2 })
  const result = await clients.embedder!.embed(['a', 'b', 'c', 'd', 'e'])
  expect(server.requests.map((r) => r.body.input)).toEqual([['a', 'b'], ['c', 'd'], ['e']])
  // 3 batches * 1M tokens * $0.02 per million = $0.06
  expect(result.costUsd).toBeCloseTo(0.06, 12)
  expect(result.vectors).toHaveLength(5)
})

test('a malformed embeddings response (no data) is retried', async () => {
  server.setScript([{ malformed: 'no-choices' }, {}])
  const clients = embedder()
  const result = await clients.embedder!.embed(['x'])
  expect(result.vectors).toHaveLength(1)
  expect(clients.stats().emb!.retries.malformed).toBe(1)
})

test('a wrong number of vectors is malformed, not silently misaligned', async () => {
  server.setScript([{ embeddings: [[1, 2]] }, {}])
  const clients = embedder()
  await clients.embedder!.embed(['x', 'y'])
  expect(clients.stats().emb!.retries.malformed).toBe(1)
  expect(server.requests).toHaveLength(2)
})

test('replay mode names the missing embedding entry', async () => {
  const clients = embedder({ mode: 'replay' })
  const key = embeddingCacheKey('text-embedding-3-small', 'unseen text', undefined)
  const error = await clients.embedder!.embed(['unseen text']).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(CacheReplayMissError)
  expect((error as Error).message).toContain(clients.cache.pathFor(key))
  expect(server.requests).toHaveLength(0)
})

test('requested dimensions are sent and enter the cache key', async () => {
  const clients = embedder({ dimensions: 4 })
  const result = await clients.embedder!.embed(['x'])
  expect(server.requests[0]!.body.dimensions).toBe(4)
  expect(result.vectors[0]!.length).toBe(4)
  expect(clients.embedder!.dimensions).toBe(4)
})

test("a fallback model's vectors are cached under that model, never as the primary's", async () => {
  const primary = small(server.baseURL)
  const backup = localProvider(server.baseURL, { name: 'emb-large', model: 'text-embedding-3-large' })
  server.setScript((request) => (request.body.model === 'text-embedding-3-small' ? { status: 503 } : {}))
  await embedder({ chain: [primary, backup] }).embedder!.embed(['x'])
  server.setScript(undefined)
  server.requests.length = 0
  const again = await embedder({ chain: [primary, backup] }).embedder!.embed(['x'])
  // the primary is healthy now and the cache holds only a text-embedding-3-large vector: a real call
  expect(again.cached).toBe(0)
  expect(server.requests.map((r) => r.body.model)).toEqual(['text-embedding-3-small'])
})
