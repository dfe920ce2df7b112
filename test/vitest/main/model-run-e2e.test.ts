/**
 * End to end with models: a real Vitest system run whose generator and judge are served by the local
 * OpenAI-compatible test server (through the real openai SDK), then the same run replayed from the cache with
 * the server gone, as CI would, and a check that the API key reached no file the harness wrote.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startOpenAiServer, type OpenAiTestServer } from '../../helpers/openai-server.ts'
import { runVitest, tempDir } from '../../helpers/run-vitest.ts'

const SENTINEL_KEY = 'sk-sentinel-e2e-7f3a9c'

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? allFiles(path) : [path]
  })
}

const verdict = JSON.stringify({
  faithfulness: { score: 1, reason: 'every claim is in source 1' },
  citation_accuracy: { score: 1, reason: '[1] supports the claim' },
  answer_relevance: { score: 1, reason: 'answers the question' },
  crag: { grade: 'perfect', reason: 'matches the reference' },
  claims: [],
})

describe('a system run with a model generator and a model judge', () => {
  let server: OpenAiTestServer
  const out = tempDir()
  const env = () => ({
    FIXTURE_LLM_URL: server.baseURL,
    FIXTURE_LLM_KEY: SENTINEL_KEY,
    FIXTURE_OUT: out,
    FIXTURE_CACHE_DIR: join(out, 'cache'),
    FIXTURE_BASELINE: 'none',
  })

  let throttled = false
  beforeAll(async () => {
    server = await startOpenAiServer((request) => {
      // The very first generator call is rate-limited once: the retry must be counted, per provider.
      if (request.body?.model === 'gen-small' && !throttled) {
        throttled = true
        return { status: 429, retryAfter: '0' }
      }
      if (request.body?.model === 'judge-large') return { text: verdict }
      // The scripted generator answers module questions from source [1] and declines everything else.
      const question = String(request.body?.messages?.at(-1)?.content ?? '')
      const word = /Which settings does the (\w+) module use/.exec(question)?.[1]
      return {
        text: word
          ? `The ${word} module uses core, four and six [1].`
          : "I can't answer that from the available sources.",
      }
    })
  })
  afterAll(() => server.close())

  test('a dry run prints the worst-case cost estimate and makes no request', async () => {
    const run = await runVitest('e2e-model', ['run'], { ...env(), VITEST_RAG_DRY_RUN: '1' })
    expect(run.code, run.output).toBe(0)
    // 10 cases, no history: 10 answer calls on gen-small + 10 verdicts on judge-large + the judge's 10 possible re-asks.
    expect(run.output).toMatch(/estimated worst-case cost of this run: \$\d+\.\d{4} over 30 model calls \(limit \$5\)/)
    expect(run.output).toContain('dry run: 10 case(s) would run')
    expect(server.requests).toHaveLength(0)
  }, 120_000)

  test('a run whose estimate exceeds the spend limit is refused before any request', async () => {
    const run = await runVitest('e2e-model', ['run'], { ...env(), FIXTURE_SPEND_LIMIT: '0.001' })
    expect(run.code).toBe(1)
    expect(run.output).toMatch(/worst-case estimate is \$0\.\d+ for 30 calls, over the \$0\.001000 spend limit/)
    expect(run.output).not.toMatch(/Unhandled Error|No test files found/)
    expect(server.requests).toHaveLength(0)
  }, 120_000)

  test('runs through the model client, judged by the model, with the key sent but never written', async () => {
    const run = await runVitest('e2e-model', ['run'], env())
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain('estimated worst-case cost of this run')
    const scorecard = JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8'))
    expect(scorecard.answer.judgeKind).toBe('model')
    expect(scorecard.answer.judgeModel).toBe('judge-large')
    const chat = server.requests.filter((r) => r.path.endsWith('/chat/completions'))
    expect(chat.some((r) => r.body.model === 'gen-small')).toBe(true)
    expect(chat.some((r) => r.body.model === 'judge-large')).toBe(true)
    // The key went to the provider (that is its job) ...
    expect(chat.every((r) => r.headers.authorization === `Bearer ${SENTINEL_KEY}`)).toBe(true)
    // ... and into no file we wrote: scorecard, gate, markdown, cache entries, checkpoints, spend ledger.
    const written = allFiles(out)
    expect(written.some((f) => f.includes(`${join(out, 'cache')}/`))).toBe(true)
    for (const file of written) expect(readFileSync(file, 'utf8').includes(SENTINEL_KEY), file).toBe(false)
    expect(scorecard.usage.calls).toBeGreaterThan(0)
    // Every call of the run per provider, summed over the workers: the confidence gate abstains on the weather
    // question without calling the generator, so 9 answers (one retried after a 429) and 10 verdicts.
    expect(scorecard.usage.providers['local-gen']).toMatchObject({ calls: 9, retries: { rate_limit: 1 } })
    expect(scorecard.usage.providers['local-judge']).toMatchObject({ calls: 10 })
    // One ledger: the console line and usage.total count the judge's 10 calls too (9 + 10 = 19), not only the
    // generator's answers the system reported.
    expect(scorecard.usage.total).toMatchObject({ calls: 19 })
    expect(run.output).toMatch(/usage: 19 model calls \(0 cached, 0 failed; generator, judge and embedder\)/)
    expect(readFileSync(join(out, 'scorecard.md'), 'utf8')).toMatch(/\| local-gen \| 9 \| 0 \| rate_limit 1 \|/)
  }, 120_000)

  test('replays from the cache with no key and no request reaching the server, as CI does', async () => {
    const before = server.requests.length
    // Same provider config (the base URL is part of the cache key), no API key, replay mode: a miss would fail.
    const replay = await runVitest('e2e-model', ['run'], {
      ...env(),
      FIXTURE_LLM_KEY: undefined,
      FIXTURE_CACHE_MODE: 'replay',
    })
    expect(replay.code, replay.output).toBe(0)
    expect(server.requests.length).toBe(before)
    const scorecard = JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8'))
    expect(scorecard.usage.cachedCalls).toBe(scorecard.usage.calls)
    expect(scorecard.usage.costUsd).toBe(0)
    expect(scorecard.usage.savedUsd).toBeGreaterThan(0)
    expect(replay.output).not.toMatch(/CacheReplayMissError|cache miss/i)
  }, 120_000)

  test('a resumed run reuses every completed case (answer and verdict) and repeats no paid call', async () => {
    const before = server.requests.length
    // With an empty cache, any repeated call would reach the server; the checkpoints must answer instead. (Resume
    // with the cache off is refused at startup: see spine-e2e.)
    const resumed = await runVitest('e2e-model', ['run'], {
      ...env(),
      FIXTURE_CACHE_DIR: join(out, 'empty-cache'),
      VITEST_RAG_RESUME: '1',
    })
    expect(resumed.code, resumed.output).toBe(0)
    expect(server.requests.length).toBe(before)
    const scorecard = JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8'))
    expect(scorecard.answer.judgeKind).toBe('model')
    expect(scorecard.run.cases).toBe(10)
  }, 120_000)
})

describe('a run where every model request fails', () => {
  let server: OpenAiTestServer
  const out = tempDir()
  beforeAll(async () => {
    // Every request is refused with a non-retryable 400: no case gets an answer.
    server = await startOpenAiServer(() => ({ status: 400, errorMessage: 'scripted refusal' }))
  })
  afterAll(() => server.close())

  test("still writes the provider section: every failed call is tallied, whatever the cases' outcome", async () => {
    // One case that calls the generator, so the run holds no case that succeeded (a success saved the stats).
    const run = await runVitest('e2e-model', ['run', '-t', 'E2E-001'], {
      FIXTURE_LLM_URL: server.baseURL,
      FIXTURE_LLM_KEY: SENTINEL_KEY,
      FIXTURE_OUT: out,
      FIXTURE_CACHE_DIR: join(out, 'cache'),
      FIXTURE_BASELINE: 'none',
    })
    expect(run.code).toBe(1)
    const scorecard = JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8'))
    expect([scorecard.run.cases, scorecard.run.errored]).toEqual([1, 1])
    // Before, provider stats were saved only after a case succeeded: this run had no provider section at all.
    expect(scorecard.usage.providers['local-gen'].failures).toBeGreaterThan(0)
    expect(scorecard.usage.total.failures).toBe(
      Object.values(scorecard.usage.providers as Record<string, { failures: number }>).reduce(
        (s, p) => s + p.failures,
        0,
      ),
    )
  }, 120_000)
})
