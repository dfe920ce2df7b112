/**
 * The pipeline's model path through the real model client (`createModelClients`) against the local
 * OpenAI-compatible test server: what the prompt holds, the template version in the cache key, usage.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BUNDLED_PROMPTS_DIR, loadBundledPrompt } from '../../../src/llm/prompts/load.ts'
import { createReferencePipeline } from '../../../src/system/reference/pipeline.ts'
import { parsePromptTemplate } from '../../../src/llm/prompts/template.ts'
import { rewriteQuery } from '../../../src/system/reference/rewrite.ts'
import { createModelClients, resetProviderLimiters } from '../../../src/llm/index.ts'
import { startOpenAiServer, type OpenAiTestServer, type RecordedRequest } from '../../helpers/openai-server.ts'
import { localProvider, tempDir, testEnv } from '../../llm/support.ts'
import { bm25Retriever, tinyChunks } from './tiny-corpus.ts'

const REWRITE_REPLY = 'How many seats does the Team plan include?'
const ANSWER_REPLY =
  'The Team plan includes 5 seats [1]. Note: older documentation [2] says 3 seats; the newer source [1] supersedes it.'

let server: OpenAiTestServer
let answerReply = ANSWER_REPLY
const chatRequests = (): RecordedRequest[] => server.requests.filter((r) => r.path.endsWith('/chat/completions'))
const lastUserMessage = (r: RecordedRequest): string =>
  (r.body.messages as Array<{ role: string; content: string }>).at(-1)!.content

beforeAll(async () => {
  server = await startOpenAiServer((request) => {
    const last = lastUserMessage(request)
    return { text: last.includes('Last message:') ? REWRITE_REPLY : answerReply }
  })
})
afterAll(async () => {
  await server.close()
  resetProviderLimiters()
})

async function pipelineWithModel(cacheDir: string, templates?: { answer: ReturnType<typeof parsePromptTemplate> }) {
  const clients = createModelClients(
    { generator: { chain: [localProvider(server.baseURL)] } },
    { cacheDir, env: testEnv },
  )
  return createReferencePipeline({
    retriever: await bm25Retriever(),
    chunks: tinyChunks,
    generator: clients.generator!,
    rewriter: clients.generator!,
    ...(templates ? { templates } : {}),
  })
}

const followUp = {
  caseId: 'GC-M1',
  query: 'And on the Team plan?',
  tenantId: 'acme',
  history: [{ role: 'user' as const, content: 'How many seats does a plan include?' }],
  mode: 'system' as const,
}

describe('the reference pipeline with a generator and a rewriter model', () => {
  test('rewrites through the model, then prompts with the numbered, fenced sources and the conflict rule', async () => {
    const before = chatRequests().length
    const pipeline = await pipelineWithModel(tempDir('vitest-rag-gen-'))
    expect(pipeline.name).toBe('reference-gpt-4o-mini')
    const out = await pipeline.run(followUp)
    const [rewrite, answer] = chatRequests().slice(before)
    expect(chatRequests().length - before).toBe(2)

    expect(lastUserMessage(rewrite!)).toContain('User: How many seats does a plan include?')
    expect(lastUserMessage(rewrite!)).toContain('Last message: And on the Team plan?')
    expect(out.rewrittenQuery).toBe(REWRITE_REPLY)
    expect(out.rewriteMethod).toBe('model')

    const messages = answer!.body.messages as Array<{ role: string; content: string }>
    expect(messages[0]!.role).toBe('system')
    expect(messages[0]!.content).toContain('when sources disagree, follow the NEWER source')
    const prompt = lastUserMessage(answer!)
    expect(prompt).toContain(`Question: ${REWRITE_REPLY}`)
    // every shown source is in the prompt under its marker, fenced, with its date/version when it has one
    expect(out.sources!.length).toBeGreaterThanOrEqual(2)
    for (const s of out.sources!) {
      expect(prompt).toContain(`<source id="${s.marker}"`)
      expect(prompt).toContain(s.text!)
    }
    expect(prompt).toMatch(/<source id="\d" title="Team plan seat limit raised" date="2025-03-02" version="4.2.0">/)
    expect(answer!.body.temperature).toBe(0)

    expect(out).toMatchObject({ answer: ANSWER_REPLY, abstained: false })
    expect(out.usage).toMatchObject({ calls: 2, cachedCalls: 0 })
    expect(out.usage!.inputTokens).toBeGreaterThan(0)
    expect(out.usage!.costUsd).toBeGreaterThan(0)
  })

  test('a repeated run is answered from the cache and reports the saved cost', async () => {
    const dir = tempDir('vitest-rag-gen-')
    await (await pipelineWithModel(dir)).run(followUp)
    const before = chatRequests().length
    const again = await (await pipelineWithModel(dir)).run(followUp)
    expect(chatRequests().length).toBe(before)
    expect(again.usage).toMatchObject({ calls: 2, cachedCalls: 2, costUsd: 0 })
    expect(again.usage!.savedUsd).toBeGreaterThan(0)
    expect(again.answer).toBe(ANSWER_REPLY)
  })

  test('the template version is in the cache key: a version bump alone is a cache miss', async () => {
    const dir = tempDir('vitest-rag-gen-')
    const source = readFileSync(join(BUNDLED_PROMPTS_DIR, 'answer.md'), 'utf8')
    const v1 = parsePromptTemplate(source, 'answer.md')
    const v2 = parsePromptTemplate(source.replace(/^version: .*$/m, 'version: 1-bumped'), 'answer.md')
    const input = { ...followUp, history: [], query: 'How many seats does the Team plan include?' }
    await (await pipelineWithModel(dir, { answer: v1 })).run(input)
    const first = chatRequests().at(-1)!
    const cached = chatRequests().length
    await (await pipelineWithModel(dir, { answer: v1 })).run(input)
    expect(chatRequests().length).toBe(cached)
    await (await pipelineWithModel(dir, { answer: v2 })).run(input)
    expect(chatRequests().length).toBe(cached + 1)
    // the provider saw the very same messages: only the template key changed
    expect(chatRequests().at(-1)!.body.messages).toEqual(first.body.messages)
  })

  test('a model reply that declines is recorded as an abstention', async () => {
    answerReply = 'I cannot answer this based on the provided sources.'
    try {
      const out = await (
        await pipelineWithModel(tempDir('vitest-rag-gen-'))
      ).run({ ...followUp, history: [], query: 'Which identity providers are supported for SSO?' })
      expect(out).toMatchObject({ abstained: true, answer: 'I cannot answer this based on the provided sources.' })
    } finally {
      answerReply = ANSWER_REPLY
    }
  })

  test('when the gate abstains the generator is not called', async () => {
    const before = chatRequests().length
    const out = await (
      await pipelineWithModel(tempDir('vitest-rag-gen-'))
    ).run({ ...followUp, history: [], query: 'What does the Nebula plan include?' })
    expect(chatRequests().length).toBe(before)
    expect(out).toMatchObject({ abstained: true, sources: [], usage: { calls: 0 } })
  })
})

describe('the rewriter model', () => {
  test('a labelled or quoted reply is cleaned, and a declining reply falls back to the deterministic rule', async () => {
    const template = loadBundledPrompt('rewrite.md')
    const local = await startOpenAiServer([
      { text: 'Query: "How long are audit logs kept?"' },
      { text: "I can't answer that from the available sources." },
    ])
    try {
      const clients = createModelClients(
        { generator: { chain: [localProvider(local.baseURL)] } },
        { cacheDir: tempDir('vitest-rag-gen-'), env: testEnv },
      )
      const history = [{ role: 'user' as const, content: 'How long are audit logs kept?' }]
      await expect(
        rewriteQuery('And for deleted projects?', history, { rewriter: clients.generator!, template }),
      ).resolves.toMatchObject({
        query: 'How long are audit logs kept?',
        method: 'model',
      })
      await expect(
        rewriteQuery('Can that be extended?', history, { rewriter: clients.generator!, template }),
      ).resolves.toMatchObject({
        query: 'Can that be extended? audit logs kept',
        method: 'deterministic',
      })
    } finally {
      await local.close()
    }
  })
})
