import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { parseGoldenText } from '../../../src/cases/parse-golden.ts'
import { resolveLocators } from '../../../src/cases/resolve-locators.ts'
import { resetProviderLimiters } from '../../../src/llm/index.ts'
import { prepareCorpus } from '../../../src/corpus/prepare-corpus.ts'
import { startOpenAiServer, type OpenAiTestServer } from '../../helpers/openai-server.ts'
import { cli } from './cli.ts'

const kb = resolve(import.meta.dirname, '../../fixtures/kb-mini')
const dir = mkdtempSync(join(tmpdir(), 'vitest-rag-synth-'))
let server: OpenAiTestServer
beforeAll(async () => {
  // Answers by content: the question names the passage's title, the answer is the passage's first words.
  server = await startOpenAiServer((request) => {
    const user = String(request.body?.messages?.[1]?.content ?? '')
    const title = /<passage title="([^"]*)">/.exec(user)?.[1] ?? '?'
    const passage = /<passage[^>]*>\n([\s\S]*?)\n<\/passage>/.exec(user)?.[1] ?? ''
    return {
      text: JSON.stringify({
        question: `What should I know about ${title}?`,
        answer: passage.split(/\s+/).slice(0, 4).join(' '),
      }),
    }
  })
  vi.stubEnv('SYNTH_TEST_KEY', 'sk-synth-test')
  const models = {
    generator: { chain: [{ name: 'loop', baseURL: server.baseURL, apiKeyEnv: 'SYNTH_TEST_KEY', model: 'gen-x' }] },
    prices: { 'gen-x': { inputPerMillion: 1, outputPerMillion: 2 } },
    cacheDir: 'cache',
  }
  writeFileSync(join(dir, 'models.json'), JSON.stringify(models))
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

test('synthesize writes synthetic cases that resolve, and a second run makes zero paid calls (loopback server)', async () => {
  const args = [
    'synthesize',
    '--kb',
    kb,
    '--models',
    'models.json',
    '--out',
    'synthetic.golden.jsonl',
    '--count',
    '3',
    '--min-chars',
    '80',
    '--force',
  ]
  resetProviderLimiters()
  const first = await cli(dir, args)
  expect(first.code).toBe(0)
  // the worst case, printed before the first call: 3 chunks x (the ask + one re-ask), no cache hit assumed
  expect(first.stderr).toMatch(
    /^vitest-rag synthesize: estimated worst-case cost: \$0\.\d{4} over 6 model calls \(gen-x: 6\) \(no spend limit set\)\n$/,
  )
  expect(first.stdout.split('\n')[0]).toMatch(
    /^vitest-rag synthesize: 3 synthetic cases from 3 sampled chunks; 3 model calls \(0 from the cache\), \$0\.\d{4} spent$/,
  )
  expect(server.requests).toHaveLength(3) // one call per sampled chunk

  const text = readFileSync(join(dir, 'synthetic.golden.jsonl'), 'utf8')
  const parsed = parseGoldenText(text, 'synthetic.golden.jsonl')
  expect(parsed.problems).toEqual([])
  expect(
    parsed.cases.map((c) => [c.case.synthetic, c.case.case_type, c.case.query.startsWith('What should I know about ')]),
  ).toEqual([
    [true, 'normal', true],
    [true, 'normal', true],
    [true, 'normal', true],
  ])
  const prepared = await prepareCorpus({ kind: 'kb', root: kb }, 'structural')
  const resolved = resolveLocators(
    parsed.cases.map((c) => c.case),
    prepared.corpus.documents,
    prepared.chunks,
  )
  expect(resolved.problems).toEqual([])
  // each case expects exactly the chunk it was written from (its span is that chunk's offsets)
  expect(parsed.cases.map((c) => resolved.expected.get(c.case.case_id)?.length)).toEqual([1, 1, 1])

  resetProviderLimiters()
  const second = await cli(dir, args)
  expect(second.stdout.split('\n')[0]).toBe(
    'vitest-rag synthesize: 3 synthetic cases from 3 sampled chunks; 3 model calls (3 from the cache), $0.0000 spent',
  )
  expect(server.requests).toHaveLength(3) // zero repeated paid calls
  expect(readFileSync(join(dir, 'synthetic.golden.jsonl'), 'utf8')).toBe(text)
})

test('synthesize refuses a models config without a generator, naming the fix', async () => {
  writeFileSync(
    join(dir, 'judge-only.json'),
    JSON.stringify({
      judge: { chain: [{ name: 'loop', baseURL: server.baseURL, apiKeyEnv: 'SYNTH_TEST_KEY', model: 'gen-x' }] },
      prices: { 'gen-x': { inputPerMillion: 1, outputPerMillion: 2 } },
    }),
  )
  const run = await cli(dir, ['synthesize', '--kb', kb, '--models', 'judge-only.json', '--out', 'x.golden.jsonl'])
  expect([run.code, run.stderr.split('\n')[0]]).toEqual([
    2,
    'vitest-rag synthesize: the models config has no generator chain; synthesize asks the generator',
  ])
})

test('synthesize refuses a run whose worst-case estimate exceeds the spend limit, before any call', async () => {
  resetProviderLimiters()
  const before = server.requests.length
  // A fresh cache: nothing can be answered for free.
  const models = JSON.parse(readFileSync(join(dir, 'models.json'), 'utf8')) as Record<string, unknown>
  writeFileSync(join(dir, 'models-fresh.json'), JSON.stringify({ ...models, cacheDir: 'cache-fresh' }))
  const args = ['synthesize', '--kb', kb, '--models', 'models-fresh.json', '--out', 'capped.golden.jsonl']
  const run = await cli(dir, [...args, '--count', '3', '--min-chars', '80', '--spend-limit', '0.0000001'])
  expect([run.code, run.stdout]).toEqual([1, ''])
  expect(run.stderr).toMatch(
    /^vitest-rag synthesize: estimated worst-case cost: \$0\.\d{4} over 6 model calls \(gen-x: 6\) \(limit \$1e-7\)\nvitest-rag synthesize: refused before any model call: the run's worst-case estimate is \$0\.\d{6} for 6 calls, over the \$0\.000000 spend limit; raise the limit, run fewer cases, or lower maxTokens\.\n$/,
  )
  expect(server.requests.length).toBe(before) // refused before the network
  // --dry-run prints the same estimate and stops, calling nothing and writing nothing
  const dry = await cli(dir, [...args, '--count', '3', '--min-chars', '80', '--dry-run'])
  expect([dry.code, dry.stdout]).toEqual([0, ''])
  expect(dry.stderr).toMatch(
    /over 6 model calls \(gen-x: 6\) \(no spend limit set\)\n.*dry run: stopped before any model call\n$/,
  )
  expect(server.requests.length).toBe(before)
  expect(existsSync(join(dir, 'capped.golden.jsonl'))).toBe(false)
})

test('synthesize writes a question that shares no content word with its document as a draft, and says which', async () => {
  // A generator that ignores its passage: every question is German, the sample corpus English.
  const foreign = await startOpenAiServer(() => ({
    text: JSON.stringify({ question: 'Wie viele Plätze gibt es?', answer: 'fünfzig' }),
  }))
  try {
    const models = {
      generator: { chain: [{ name: 'de', baseURL: foreign.baseURL, apiKeyEnv: 'SYNTH_TEST_KEY', model: 'gen-x' }] },
      prices: { 'gen-x': { inputPerMillion: 1, outputPerMillion: 2 } },
      cacheDir: 'cache-foreign',
    }
    writeFileSync(join(dir, 'models-foreign.json'), JSON.stringify(models))
    resetProviderLimiters()
    const out = 'foreign.golden.jsonl'
    const args = ['--count', '2', '--min-chars', '80', '--force']
    const run = await cli(dir, ['synthesize', '--kb', kb, '--models', 'models-foreign.json', '--out', out, ...args])
    expect(run.code).toBe(0)
    const cases = parseGoldenText(readFileSync(join(dir, out), 'utf8'), out).cases.map((c) => c.case)
    expect(cases.map((c) => [c.status, c.tags])).toEqual([
      ['draft', ['vocabulary:no-shared-word']],
      ['draft', ['vocabulary:no-shared-word']],
    ])
    expect(run.stdout).toContain(
      `  2 of 2 questions share no content word with their document (written as drafts: they run only once a reviewer sets "status": "active"): ${cases.map((c) => c.case_id).join(', ')}; check the questions' language and vocabulary against the corpus\n`,
    )
  } finally {
    await foreign.close()
  }
})

test("without --kb or --models it uses the project's corpus and models option (loopback server)", async () => {
  resetProviderLimiters()
  const models = JSON.parse(readFileSync(join(dir, 'models.json'), 'utf8')) as Record<string, unknown>
  // The project's ragEval options (JSON options file): its corpus and its models, sharing the cache above.
  writeFileSync(join(dir, 'rag.json'), JSON.stringify({ corpus: { kind: 'kb', root: kb }, models }))
  const args = ['synthesize', '--config', 'rag.json', '--out', 'own.golden.jsonl', '--count', '2', '--min-chars', '80']
  const run = await cli(dir, args)
  expect(run.code, run.stderr).toBe(0)
  expect(run.stderr).toMatch(/^vitest-rag synthesize: options file rag.json: corpus .*kb-mini \(kb\), golden /)
  expect(run.stdout).toMatch(/^vitest-rag synthesize: 2 synthetic cases from 2 sampled chunks; 2 model calls/)
  // A project without models: the error names both fixes.
  writeFileSync(join(dir, 'bare.json'), JSON.stringify({ corpus: { kind: 'kb', root: kb } }))
  const bare = await cli(dir, ['synthesize', '--config', 'bare.json', '--out', 'bare.golden.jsonl'])
  expect([bare.code, bare.stderr.split('\n')[1]]).toEqual([
    2,
    'vitest-rag synthesize: project "evals" configures no models; add a models option to its ragEval() (see docs/providers.md) or pass --models FILE',
  ])
})
