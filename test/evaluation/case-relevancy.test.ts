/**
 * RAGAS response relevancy end to end in one process: the `responseRelevancy: 'model'` option builds the scorer
 * from the run's model clients (the real openai SDK against a local 127.0.0.1 server serving chat completions and
 * embeddings), and `evaluateCase` puts `response_relevancy` among the case's answer metrics. The server's vectors
 * are picked by hand so the cosine arithmetic can be checked in the comments.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resolveConfig } from '../../src/config/resolve.ts'
import { prepareCorpus } from '../../src/corpus/prepare-corpus.ts'
import { parseGoldenText } from '../../src/cases/parse-golden.ts'
import { prepareCase } from '../../src/cases/prepared-case.ts'
import { resolveLocators } from '../../src/cases/resolve-locators.ts'
import type { RagRuntime } from '../../src/evaluation/create-runtime.ts'
import { evaluateCase } from '../../src/evaluation/evaluate-case.ts'
import { chooseResponseRelevancy } from '../../src/evaluation/runtime-grading.ts'
import { createModelClients, resetProviderLimiters } from '../../src/llm/index.ts'
import { functionAdapter } from '../../src/system/adapter/function-adapter.ts'
import { startOpenAiServer, type OpenAiTestServer, type RecordedRequest } from '../helpers/openai-server.ts'
import { repoRoot } from '../helpers/run-vitest.ts'

const query = 'How much does the Swarm plan cost?'
const committed = 'The Swarm plan costs $399 per month and includes 20 projects.'
const evasive = 'It depends on many things; I am not sure what the Swarm plan costs.'
const generated = ['What does the Swarm plan cost per month?', 'How many projects does the Swarm plan include?']
const third = 'Which plan includes 20 projects?'
// Hand-picked vectors: the question is (1, 0, 0); the generated questions are at cosine 1, 0.6 and 0 from it.
// cos(q, (2, 0, 0)) = 2 / (1 * 2) = 1; cos(q, (0.6, 0.8, 0)) = 0.6 / (1 * 1) = 0.6; cos(q, (0, 0, 3)) = 0.
const vectors: Record<string, number[]> = {
  [query]: [1, 0, 0],
  [generated[0]!]: [2, 0, 0],
  [generated[1]!]: [0.6, 0.8, 0],
  [third]: [0, 0, 3],
}

function reply(request: RecordedRequest) {
  if (request.path.endsWith('/embeddings'))
    return { embeddings: (request.body.input as string[]).map((t) => vectors[t] ?? [0, 1, 0]) }
  const prompt = (request.body.messages as Array<{ content: string }>).map((m) => m.content).join('\n')
  const noncommittal = prompt.includes('I am not sure')
  return { text: JSON.stringify({ questions: [...generated, third], noncommittal }) }
}

const line = JSON.stringify({
  case_id: 'RR-1',
  case_type: 'normal',
  tenant_id: 'brassmoth',
  query,
  expected_sources: [{ locator: { kind: 'doc', slug: 'billing/plans', heading: 'Plan overview' }, grade: 3 }],
  reference_answer: 'The Swarm plan costs $399 per month.',
  answerable: true,
  question_type: 'simple',
  popularity: 'head',
  dynamism: 'slow',
})

describe("responseRelevancy: 'model'", () => {
  let server: OpenAiTestServer
  let dir: string
  beforeAll(async () => {
    server = await startOpenAiServer(reply)
    dir = mkdtempSync(join(tmpdir(), 'vitest-rag-relevancy-'))
    resetProviderLimiters()
  })
  afterAll(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  async function runtimeAnswering(answer: string, abstained = false) {
    const local = (model: string) => ({ name: 'local', baseURL: server.baseURL, apiKeyEnv: 'TEST_LLM_KEY', model })
    const config = resolveConfig(
      {
        responseRelevancy: 'model',
        models: {
          judge: { chain: [local('gpt-4o-mini')] },
          embedder: { chain: [local('text-embedding-3-small')] },
          retry: { maxRetries: 0 },
        },
      },
      repoRoot,
      {},
    )
    const models = createModelClients(config.models, { cacheDir: dir, env: { TEST_LLM_KEY: 'sk-test' } })
    const prepared = await prepareCorpus(config.corpus, config.chunker)
    const runtime: RagRuntime = {
      config,
      prepared,
      adapter: functionAdapter(async () => ({ retrieved: [], answer, abstained })),
      responseRelevancy: await chooseResponseRelevancy(config, models),
      models,
      async close() {},
    }
    const { c, line: at } = { c: parseGoldenText(line, 'golden/rr.golden.jsonl').cases[0]!.case, line: 1 }
    const moduleCase = prepareCase(c, at, resolveLocators([c], prepared.corpus.documents, prepared.chunks))
    return (await evaluateCase(runtime, moduleCase, 'golden/rr.golden.jsonl')).record
  }

  test('scores the mean cosine between the question and the 3 questions generated from the answer', async () => {
    const record = await runtimeAnswering(committed)
    // (1 + 0.6 + 0) / 3 = 0.5333... (to 6 places: the client holds vectors as Float32, 0.6 and 0.8 inexact)
    expect(record.answerMetrics.response_relevancy).toBeCloseTo(1.6 / 3, 6)
    const chat = server.requests.filter((r) => r.path.endsWith('/chat/completions'))
    expect(chat).toHaveLength(1)
    // The answer goes in fenced as data; the original question is not shown to the question writer.
    expect(chat[0]!.body.messages[1].content).toBe(`<answer>\n${committed}\n</answer>`)
    expect(JSON.stringify(chat[0]!.body.messages)).not.toContain(query)
    const embeddings = server.requests.filter((r) => r.path.endsWith('/embeddings'))
    expect(embeddings.map((r) => r.body.input)).toEqual([[query, ...generated, third]])
  })

  test('a noncommittal answer scores 0 without buying embeddings; an abstention is not scored', async () => {
    server.requests.length = 0
    expect((await runtimeAnswering(evasive)).answerMetrics.response_relevancy).toBe(0)
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/chat/completions'])
    server.requests.length = 0
    const declined = await runtimeAnswering("I don't know: the knowledge base does not answer this.", true)
    expect(declined.answerMetrics.response_relevancy).toBeUndefined()
    expect(server.requests).toHaveLength(0)
  })
})

test("responseRelevancy 'model' without an embedding model is refused with the fix; off or in retrieval mode there is no scorer", async () => {
  const local = { name: 'local', baseURL: 'http://127.0.0.1:9/v1', apiKeyEnv: 'TEST_LLM_KEY', model: 'gpt-4o-mini' }
  const config = resolveConfig({ responseRelevancy: 'model', models: { judge: { chain: [local] } } }, repoRoot, {})
  const models = createModelClients(config.models, { cacheDir: tmpdir(), env: {} })
  await expect(chooseResponseRelevancy(config, models)).rejects.toThrow(
    "vitest-rag: responseRelevancy 'model' needs models.embedder (a provider chain) in the ragEval options; set responseRelevancy: 'off' to run without it",
  )
  expect(await chooseResponseRelevancy(resolveConfig({ models: config.models }, repoRoot, {}), models)).toBeUndefined()
  const retrieval = resolveConfig({ mode: 'retrieval', responseRelevancy: 'model' }, repoRoot, {})
  expect(await chooseResponseRelevancy(retrieval, undefined)).toBeUndefined()
})
