import { describe, expect, test } from 'vitest'
import {
  JudgeIsGeneratorError,
  MissingApiKeyError,
  ModelConfigError,
  createModelClients,
  resolveJudgeChain,
} from '../../src/llm/index.ts'
import { ProviderLimiter, providerLimiter, strictest } from '../../src/llm/limiter.ts'
import { primaryJudgeModel } from '../../src/llm/providers.ts'
import type { OpenAiTestServer } from '../helpers/openai-server.ts'
import { keyEnv, localProvider, testEnv, useServerFixture } from './support.ts'

let server: OpenAiTestServer
let dir: string
useServerFixture(
  (s) => (server = s),
  (d) => (dir = d),
)

const small = (url: string) => localProvider(url, { name: 'small', model: 'gpt-4o-mini' })
const large = (url: string) => localProvider(url, { name: 'large', model: 'gpt-4o' })

describe('judge chain', () => {
  test("the judge's default chain is the generator's reversed, without the generator's own model", () => {
    const mid = localProvider('http://127.0.0.1:1/v1', { name: 'mid', model: 'gpt-4.1-mini' })
    const resolved = resolveJudgeChain([small(server.baseURL), mid, large(server.baseURL)], undefined)
    // reversed: large, mid, small; small serves gpt-4o-mini, the graded model, so it is dropped
    expect(resolved.chain.map((p) => p.name)).toEqual(['large', 'mid'])
    expect(resolved).toMatchObject({ derived: true, dropped: ['small'] })
  })

  test("primaryJudgeModel is the resolved chain's first model, undefined without a judge", () => {
    const generator = { chain: [small(server.baseURL), large(server.baseURL)] }
    // derived: reversed [large, small], small (gpt-4o-mini, the graded model) dropped -> gpt-4o first
    expect(primaryJudgeModel({ generator, judge: {} })).toBe('gpt-4o')
    // explicit chain: its own first entry
    expect(primaryJudgeModel({ judge: { chain: [small(server.baseURL)] } })).toBe('gpt-4o-mini')
    expect(primaryJudgeModel({ generator })).toBeUndefined()
    expect(() => primaryJudgeModel({ generator: { chain: [small(server.baseURL)] }, judge: {} })).toThrow(
      JudgeIsGeneratorError,
    )
  })

  test('createModelClients builds the judge on the reversed chain, answering with the other model', async () => {
    const clients = createModelClients(
      { generator: { chain: [small(server.baseURL), large(server.baseURL)] }, judge: {} },
      { cacheDir: dir, env: testEnv },
    )
    expect(clients.generator!.model).toBe('gpt-4o-mini')
    expect(clients.judge!.model).toBe('gpt-4o')
    await clients.judge!.chat({ messages: [{ role: 'user', content: 'grade' }], maxTokens: 5 })
    expect(server.requests[0]!.body.model).toBe('gpt-4o')
  })

  test('a judge that resolves to the generator model is refused', () => {
    const build = () =>
      createModelClients({ generator: { chain: [small(server.baseURL)] }, judge: {} }, { cacheDir: dir, env: testEnv })
    expect(build).toThrow(JudgeIsGeneratorError)
    expect(build).toThrow(/the judge resolves to "gpt-4o-mini", the generator's model/)
  })

  test('an explicit judge chain containing the generator model is refused', () => {
    expect(() =>
      createModelClients(
        {
          generator: { chain: [small(server.baseURL)] },
          judge: { chain: [large(server.baseURL), small(server.baseURL)] },
        },
        { cacheDir: dir, env: testEnv },
      ),
    ).toThrow(JudgeIsGeneratorError)
  })

  test('allowSameModel: true accepts a judge on the generator model, and the clients carry it to the judge', () => {
    const clients = createModelClients(
      { generator: { chain: [small(server.baseURL)] }, judge: { allowSameModel: true } },
      { cacheDir: dir, env: testEnv },
    )
    expect(clients.judge!.model).toBe('gpt-4o-mini')
    // calibrate builds its model judge from this, not from a second read of the models file.
    expect(clients.judgeChain?.allowSameModel).toBe(true)
    const strict = createModelClients(
      { generator: { chain: [small(server.baseURL)] }, judge: { chain: [large(server.baseURL)] } },
      { cacheDir: dir, env: testEnv },
    )
    expect(strict.judgeChain?.allowSameModel).toBe(false)
  })
})

describe('providers as data', () => {
  test('the upstream pin is sent as the OpenRouter provider body field', async () => {
    const pinned = localProvider(server.baseURL, {
      upstream: { order: ['deepinfra', 'together'], allowFallbacks: false },
    })
    const clients = createModelClients({ generator: { chain: [pinned] } }, { cacheDir: dir, env: testEnv })
    await clients.generator!.chat({ messages: [{ role: 'user', content: 'q' }], maxTokens: 5, temperature: 0, seed: 3 })
    expect(server.requests[0]!.body).toMatchObject({
      model: 'gpt-4o-mini',
      max_tokens: 5,
      temperature: 0,
      seed: 3,
      provider: { order: ['deepinfra', 'together'], allow_fallbacks: false },
    })
  })

  test('maxTokensParam renames the max-tokens body field for reasoning models', async () => {
    const provider = localProvider(server.baseURL, { maxTokensParam: 'max_completion_tokens' })
    const clients = createModelClients({ generator: { chain: [provider] } }, { cacheDir: dir, env: testEnv })
    await clients.generator!.chat({ messages: [{ role: 'user', content: 'q' }], maxTokens: 7 })
    expect(server.requests[0]!.body.max_completion_tokens).toBe(7)
    expect(server.requests[0]!.body.max_tokens).toBeUndefined()
  })

  test('extra headers are sent, and the key goes only in Authorization', async () => {
    const clients = createModelClients(
      { generator: { chain: [localProvider(server.baseURL, { headers: { 'X-Title': 'vitest-rag' } })] } },
      { cacheDir: dir, env: testEnv },
    )
    await clients.generator!.chat({ messages: [{ role: 'user', content: 'q' }], maxTokens: 5 })
    expect(server.requests[0]!.headers['x-title']).toBe('vitest-rag')
  })

  test('a missing key env var fails with its name and no request', async () => {
    const clients = createModelClients(
      { generator: { chain: [localProvider(server.baseURL)] } },
      { cacheDir: dir, env: {} },
    )
    await expect(clients.generator!.chat({ messages: [{ role: 'user', content: 'q' }] })).rejects.toThrow(
      MissingApiKeyError,
    )
    await expect(clients.generator!.chat({ messages: [{ role: 'user', content: 'q' }] })).rejects.toThrow(
      new RegExp(keyEnv),
    )
    expect(server.requests).toHaveLength(0)
  })

  test('a config with a key instead of an env var name is rejected', () => {
    const bad = { generator: { chain: [{ ...localProvider(server.baseURL), apiKeyEnv: 'sk-abc-123' }] } }
    expect(() => createModelClients(bad, { cacheDir: dir })).toThrow(ModelConfigError)
    expect(() => createModelClients(bad, { cacheDir: dir })).toThrow(/apiKeyEnv/)
  })
})

describe('per-provider limits', () => {
  test('never more than `concurrency` requests to one provider are in flight, across clients', async () => {
    let inFlight = 0
    let peak = 0
    server.setScript(async () => {
      inFlight += 1
      peak = Math.max(peak, inFlight)
      // hold each request until a second one is in flight (or 1 s passes), so a third could only overlap if let through
      const until = Date.now() + 1000
      while (inFlight < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 5))
      await new Promise((r) => setTimeout(r, 20))
      inFlight -= 1
      return { text: 'ok' }
    })
    const provider = localProvider(server.baseURL, { concurrency: 2 })
    const options = { cacheDir: dir, cacheMode: 'off' as const, env: testEnv }
    const a = createModelClients({ generator: { chain: [provider] } }, options).generator!
    const b = createModelClients({ generator: { chain: [provider] } }, options).generator!
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? a : b).chat({ messages: [{ role: 'user', content: `q${i}` }], maxTokens: 5 }),
      ),
    )
    expect(server.requests).toHaveLength(6)
    expect(peak).toBe(2)
  })

  test('two registrations of one provider name share one limiter with the strictest limits', () => {
    const a = providerLimiter('shared', { concurrency: 4, requestsPerMinute: undefined })
    const b = providerLimiter('shared', { concurrency: 8, requestsPerMinute: 30 })
    expect(b).toBe(a)
    expect(a.limits).toEqual({ concurrency: 4, requestsPerMinute: 30 })
    expect(strictest({ concurrency: 2, requestsPerMinute: 60 }, { concurrency: 3, requestsPerMinute: 10 })).toEqual({
      concurrency: 2,
      requestsPerMinute: 10,
    })
  })

  test('the requests-per-minute window delays the request past the limit until the window rolls', async () => {
    // 2 requests per (shortened) 150 ms window: the third starts no earlier than 150 ms after the first
    const limiter = new ProviderLimiter({ concurrency: 10, requestsPerMinute: 2, windowMs: 150 })
    const started: number[] = []
    const run = () => limiter.run(async () => started.push(performance.now()))
    await Promise.all([run(), run(), run()])
    expect(started).toHaveLength(3)
    expect(started[2]! - started[0]!).toBeGreaterThanOrEqual(145)
    expect(started[1]! - started[0]!).toBeLessThan(50)
  })
})
