import { describe, expect, test } from 'vitest'
import { ProviderChainError, createModelClients } from '../../src/llm/index.ts'
import { createRandom, parseRetryAfter, retryDelayMs } from '../../src/llm/retry.ts'
import type { OpenAiTestServer } from '../helpers/openai-server.ts'
import { fastRetry, localProvider, sentinelKey, testEnv, useServerFixture } from './support.ts'

let server: OpenAiTestServer
let dir: string
useServerFixture(
  (s) => (server = s),
  (d) => (dir = d),
)

const ask = { messages: [{ role: 'user' as const, content: 'Summarise the policy.' }], maxTokens: 20 }

function generator(overrides: { timeoutMs?: number; retry?: object; chain?: ReturnType<typeof localProvider>[] } = {}) {
  const chain = overrides.chain ?? [
    localProvider(server.baseURL, overrides.timeoutMs ? { timeoutMs: overrides.timeoutMs } : {}),
  ]
  return createModelClients(
    { generator: { chain }, retry: { ...fastRetry, ...(overrides.retry ?? {}) } },
    { cacheDir: dir, cacheMode: 'off', env: testEnv },
  )
}

describe('retries against injected failures', () => {
  test('a 429 then a 500 are retried, and counted by cause', async () => {
    server.setScript([{ status: 429 }, { status: 500 }, { text: 'done' }])
    const clients = generator()
    const result = await clients.generator!.chat(ask)
    expect(result).toMatchObject({ text: 'done', retries: 2 })
    expect(server.requests).toHaveLength(3)
    const stats = clients.stats().local!
    expect(stats.retries).toEqual({ rate_limit: 1, server: 1, timeout: 0, network: 0, malformed: 0 })
    expect(stats.calls).toBe(1)
  })

  test('a request that outlives the timeout is retried as a timeout', async () => {
    server.setScript([{ delayMs: 400 }, { text: 'fast now' }])
    const clients = generator({ timeoutMs: 100 })
    const result = await clients.generator!.chat(ask)
    expect(result.text).toBe('fast now')
    expect(clients.stats().local!.retries.timeout).toBe(1)
    expect(server.requests).toHaveLength(2)
  })

  test('a non-JSON body and a body without choices are retried as malformed', async () => {
    server.setScript([{ malformed: 'non-json' }, { malformed: 'no-choices' }, { text: 'whole' }])
    const clients = generator()
    const result = await clients.generator!.chat(ask)
    expect(result.text).toBe('whole')
    expect(clients.stats().local!.retries.malformed).toBe(2)
  })

  test('Retry-After in seconds is honoured: the retry waits at least that long', async () => {
    server.setScript([{ status: 429, retryAfter: '1' }, { text: 'after the wait' }])
    const clients = generator()
    await clients.generator!.chat(ask)
    const [first, second] = server.requests
    // backoff alone would be at most 2 ms (baseDelayMs 2); the header asks for 1 s
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(990)
  })

  test('retry-after-ms is honoured over the jittered backoff', async () => {
    server.setScript([{ status: 503, retryAfterMs: 250 }, { text: 'ok' }])
    const clients = generator()
    await clients.generator!.chat(ask)
    const [first, second] = server.requests
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(240)
  })

  test('a 400 is not retried and the error names the provider and status', async () => {
    server.setScript([{ status: 400 }])
    const clients = generator()
    await expect(clients.generator!.chat(ask)).rejects.toThrow(/provider "local" refused the request \(400\)/)
    expect(server.requests).toHaveLength(1)
  })

  test('exhausted retries fall back to the next provider, and the fallback is counted', async () => {
    const primary = localProvider(server.baseURL, { name: 'primary' })
    const backup = localProvider(server.baseURL, { name: 'backup', model: 'gpt-4.1-mini' })
    server.setScript((request) => (request.body.model === 'gpt-4o-mini' ? { status: 429 } : { text: 'from backup' }))
    const clients = generator({ chain: [primary, backup], retry: { maxRetries: 2 } })
    const result = await clients.generator!.chat(ask)
    expect(result).toMatchObject({ text: 'from backup', provider: 'backup', model: 'gpt-4.1-mini' })
    const stats = clients.stats()
    // 1 attempt + 2 retries on the primary, then 1 on the backup
    expect(server.requests).toHaveLength(4)
    expect(stats.primary).toMatchObject({ fallbacks: 1, failures: 1, calls: 0 })
    expect(stats.primary!.retries.rate_limit).toBe(2)
    expect(stats.backup).toMatchObject({ fallbacks: 0, calls: 1 })
  })

  test('when every provider is exhausted the chain error lists them all', async () => {
    server.setScript(() => ({ status: 500 }))
    const clients = generator({ retry: { maxRetries: 1 } })
    const error = await clients.generator!.chat(ask).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderChainError)
    expect((error as Error).message).toMatch(/local: 1 retries exhausted \(last: server 500/)
    expect(server.requests).toHaveLength(2)
    expect(clients.ledger.snapshot()).toMatchObject({ spentUsd: 0, reservedUsd: 0 })
  })

  test('the SDK does not retry on its own: one scripted 500 with maxRetries 0 is exactly one request', async () => {
    server.setScript([{ status: 500 }])
    const clients = generator({ retry: { maxRetries: 0 } })
    await expect(clients.generator!.chat(ask)).rejects.toThrow(ProviderChainError)
    expect(server.requests).toHaveLength(1)
  })

  test('an upstream error echoing the key is redacted in the thrown message', async () => {
    const clients = generator()
    // as OpenAI does: "Incorrect API key provided: sk-..."
    server.setScript((request) => ({
      status: 401,
      errorMessage: `Incorrect API key provided: ${String(request.headers.authorization).replace('Bearer ', '')}`,
    }))
    const error = (await clients.generator!.chat(ask).catch((e: unknown) => e)) as Error
    expect(error.message).toContain('401')
    expect(error.message).toContain('Incorrect API key provided: [redacted]')
    expect(error.message).not.toContain(sentinelKey)
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${sentinelKey}`)
  })
})

describe('retry timing helpers', () => {
  test('Retry-After parses seconds, HTTP dates and retry-after-ms', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter(new Headers({ 'retry-after': '3' }), now)).toBe(3000)
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now)).toBe(5000)
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '120', 'retry-after': '9' }), now)).toBe(120)
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined()
    expect(parseRetryAfter(new Headers(), now)).toBeUndefined()
  })

  test('full jitter stays within base * 2^attempt, capped, and is reproducible with a seed', () => {
    const options = { maxRetries: 5, baseDelayMs: 100, maxDelayMs: 300, maxRetryAfterMs: 1000 }
    const a = createRandom(42)
    const b = createRandom(42)
    const delays = [0, 1, 2, 3].map((n) => retryDelayMs(n, { cause: 'server' }, options, a))
    expect(delays).toEqual([0, 1, 2, 3].map((n) => retryDelayMs(n, { cause: 'server' }, options, b)))
    // caps: 100, 200, min(300, 400) = 300, min(300, 800) = 300
    ;[100, 200, 300, 300].forEach((cap, i) => {
      expect(delays[i]).toBeGreaterThanOrEqual(0)
      expect(delays[i]).toBeLessThan(cap)
    })
    expect(retryDelayMs(0, { cause: 'rate_limit', retryAfterMs: 5000 }, options, a)).toBe(1000)
  })
})
