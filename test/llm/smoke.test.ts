import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createModelClients, resetProviderLimiters } from '../../src/llm/index.ts'
import { startOpenAiServer, type OpenAiTestServer } from '../helpers/openai-server.ts'

let server: OpenAiTestServer
let dir: string
beforeAll(async () => {
  server = await startOpenAiServer()
  dir = mkdtempSync(join(tmpdir(), 'llm-smoke-'))
  resetProviderLimiters()
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

test('a generator call reaches the local server and the second identical call is a cache hit', async () => {
  const provider = { name: 'local', baseURL: server.baseURL, apiKeyEnv: 'TEST_LLM_KEY', model: 'gpt-4o-mini' }
  const clients = createModelClients(
    { generator: { chain: [provider] } },
    { cacheDir: dir, env: { TEST_LLM_KEY: 'sk-smoke-123456' } },
  )
  server.setScript([{ text: 'hello' }])
  const first = await clients.generator!.chat({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 10 })
  const second = await clients.generator!.chat({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 10 })
  expect(first.text).toBe('hello')
  expect(first.cached).toBe(false)
  expect(second).toMatchObject({ text: 'hello', cached: true, costUsd: 0 })
  expect(server.requests).toHaveLength(1)
  const embed = await createModelClients(
    { embedder: { chain: [{ ...provider, model: 'text-embedding-3-small' }] } },
    { cacheDir: dir, env: { TEST_LLM_KEY: 'sk-smoke-123456' } },
  ).embedder!.embed(['a', 'b'])
  expect(embed.vectors).toHaveLength(2)
  expect(embed.vectors[0]!.length).toBe(8)
})
