import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import {
  CacheReplayMissError,
  ResponseCache,
  chatCacheKey,
  createModelClients,
  type CacheMode,
} from '../../src/llm/index.ts'
import type { OpenAiTestServer } from '../helpers/openai-server.ts'
import { localProvider, testEnv, useServerFixture } from './support.ts'

let server: OpenAiTestServer
let dir: string
useServerFixture(
  (s) => (server = s),
  (d) => (dir = d),
)

const ask = {
  messages: [{ role: 'user' as const, content: 'What is recall@k?' }],
  maxTokens: 50,
  template: { id: 'answer', version: '1' },
}

function generator(mode: CacheMode, warnings: string[] = []) {
  return createModelClients(
    { generator: { chain: [localProvider(server.baseURL)] } },
    { cacheDir: dir, cacheMode: mode, env: testEnv, warn: (m) => warnings.push(m) },
  )
}

test('a miss calls the server and writes an entry; the same request then hits without a request', async () => {
  server.setScript([
    { text: 'the share of relevant chunks in the top k', usage: { prompt_tokens: 1000, completion_tokens: 500 } },
  ])
  const clients = generator('read-write')
  const miss = await clients.generator!.chat(ask)
  const hit = await clients.generator!.chat(ask)
  expect(server.requests).toHaveLength(1)
  expect(miss).toMatchObject({ cached: false, text: 'the share of relevant chunks in the top k' })
  // gpt-4o-mini at $0.15 / $0.60 per million: 1000 * 0.15e-6 + 500 * 0.6e-6 = 0.00015 + 0.0003 = 0.00045
  expect(miss.costUsd).toBeCloseTo(0.00045, 12)
  expect(hit).toMatchObject({ cached: true, costUsd: 0, latencyMs: 0, text: miss.text })
  expect(hit.originalCostUsd).toBeCloseTo(0.00045, 12)
  const stats = clients.stats().local!
  expect(stats).toMatchObject({ calls: 1, cached: 1, inputTokens: 1000, outputTokens: 500 })
  expect(stats.savedUsd).toBeCloseTo(0.00045, 12)
  expect(clients.ledger.snapshot().spentUsd).toBeCloseTo(0.00045, 12)
  const key = chatCacheKey(localProvider(server.baseURL), ask)
  expect(existsSync(clients.cache.pathFor(key))).toBe(true)
  expect(clients.cache.pathFor(key)).toBe(`${dir}/${key.slice(0, 2)}/${key}.json`)
})

test('a different trial index is a miss, so repeated trials really call the model', async () => {
  const clients = generator('read-write')
  await clients.generator!.chat(ask)
  await clients.generator!.chat({ ...ask, trial: 1 })
  expect(server.requests).toHaveLength(2)
})

test('replay mode throws CacheReplayMissError naming the key, the file it looked for and the request', async () => {
  const clients = generator('replay')
  const key = chatCacheKey(localProvider(server.baseURL), ask)
  const error = await clients.generator!.chat({ ...ask, caseId: 'case-7' }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(CacheReplayMissError)
  const miss = error as CacheReplayMissError
  expect(miss.code).toBe('VITEST_RAG_CACHE_REPLAY_MISS')
  expect(miss.key).toBe(key)
  expect(miss.message).toContain(key)
  expect(miss.message).toContain(`${dir}/${key.slice(0, 2)}/${key}.json`)
  expect(miss.message).toContain('case "case-7"')
  expect(miss.message).toContain('answer@1')
  expect(server.requests).toHaveLength(0)
})

test('replay mode answers from entries recorded earlier without any request', async () => {
  await generator('read-write').generator!.chat(ask)
  server.requests.length = 0
  const replayed = await generator('replay').generator!.chat(ask)
  expect(replayed.cached).toBe(true)
  expect(server.requests).toHaveLength(0)
})

test('record mode always calls and overwrites; off mode neither reads nor writes', async () => {
  server.setScript([{ text: 'first' }, { text: 'second' }, { text: 'third' }])
  await generator('read-write').generator!.chat(ask)
  const recorded = await generator('record').generator!.chat(ask)
  expect(recorded).toMatchObject({ cached: false, text: 'second' })
  const off = await generator('off').generator!.chat(ask)
  expect(off).toMatchObject({ cached: false, text: 'third' })
  const reread = await generator('read-write').generator!.chat(ask)
  expect(reread).toMatchObject({ cached: true, text: 'second' })
  expect(server.requests).toHaveLength(3)
})

test('a truncated entry is warned about and treated as a miss, then rewritten', async () => {
  const clients = generator('read-write')
  await clients.generator!.chat(ask)
  const path = clients.cache.pathFor(chatCacheKey(localProvider(server.baseURL), ask))
  const full = readFileSync(path, 'utf8')
  writeFileSync(path, full.slice(0, Math.floor(full.length / 2)))
  const warnings: string[] = []
  const again = await generator('read-write', warnings).generator!.chat(ask)
  expect(again.cached).toBe(false)
  expect(warnings).toHaveLength(1)
  expect(warnings[0]).toContain(path)
  expect(warnings[0]).toContain('not valid JSON')
  expect(readFileSync(path, 'utf8')).not.toBe(full.slice(0, Math.floor(full.length / 2)))
  expect(server.requests).toHaveLength(2)
})

test('an entry whose body was edited fails its checksum and is a miss', async () => {
  const clients = generator('read-write')
  await clients.generator!.chat(ask)
  const path = clients.cache.pathFor(chatCacheKey(localProvider(server.baseURL), ask))
  writeFileSync(path, readFileSync(path, 'utf8').replace('"text":"ok"', '"text":"tampered"'))
  const warnings: string[] = []
  const cache = new ResponseCache({ dir, mode: 'read-write', warn: (m) => warnings.push(m) })
  expect(await cache.read(chatCacheKey(localProvider(server.baseURL), ask))).toBeUndefined()
  expect(warnings[0]).toContain('checksum mismatch')
})

test('embeddings are cached one entry per text: a second call with one new text sends only that text', async () => {
  const clients = createModelClients(
    { embedder: { chain: [localProvider(server.baseURL, { model: 'text-embedding-3-small' })] } },
    { cacheDir: dir, env: testEnv },
  )
  const first = await clients.embedder!.embed(['alpha', 'beta'])
  const second = await clients.embedder!.embed(['beta', 'gamma', 'alpha'])
  expect(first.cached).toBe(0)
  expect(second.cached).toBe(2)
  expect(server.requests.map((r) => r.body.input)).toEqual([['alpha', 'beta'], ['gamma']])
  expect(Array.from(second.vectors[2]!)).toEqual(Array.from(first.vectors[0]!))
  expect(second.vectors.map((v) => v.length)).toEqual([8, 8, 8])
})

test('concurrent identical requests make one call; the duplicates are served as cached', async () => {
  server.setScript(() => ({ text: 'shared', delayMs: 30 }))
  const clients = generator('read-write')
  const results = await Promise.all([1, 2, 3].map(() => clients.generator!.chat(ask)))
  expect(server.requests).toHaveLength(1)
  expect(results.map((r) => r.cached)).toEqual([false, true, true])
  expect(results.map((r) => r.text)).toEqual(['shared', 'shared', 'shared'])
  expect(clients.stats().local).toMatchObject({ calls: 1, cached: 2 })
})
