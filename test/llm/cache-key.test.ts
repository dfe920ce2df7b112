import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { chatCacheKey, embeddingCacheKey } from '../../src/llm/cache-key.ts'
import type { ChatRequest, Provider } from '../../src/llm/index.ts'

const provider: Provider = {
  name: 'openrouter',
  baseURL: 'http://127.0.0.1:8001/api/v1',
  apiKeyEnv: 'OPENROUTER_API_KEY',
  model: 'qwen/qwen-2.5-7b-instruct',
  upstream: { order: ['deepinfra'], allowFallbacks: false },
}
const request: ChatRequest = {
  messages: [
    { role: 'system', content: 'Answer from the context.' },
    { role: 'user', content: 'What is BM25?' },
  ],
  temperature: 0,
  maxTokens: 200,
  seed: 1,
  responseFormat: { type: 'json_object' },
  tools: [{ type: 'function', function: { name: 'lookup' } }],
  template: { id: 'answer', version: '3' },
  trial: 0,
}
const base = chatCacheKey(provider, request)

describe('every field of the chat cache key changes the key', () => {
  const providerChanges: Array<[string, Partial<Provider>]> = [
    ['provider name', { name: 'openrouter-2' }],
    ['base URL', { baseURL: 'http://127.0.0.1:8002/v1' }],
    ['model', { model: 'qwen/qwen-2.5-72b-instruct' }],
    ['upstream pin', { upstream: { order: ['together'], allowFallbacks: false } }],
  ]
  for (const [field, change] of providerChanges) {
    test(`changing only the ${field} changes the key`, () => {
      expect(chatCacheKey({ ...provider, ...change }, request)).not.toBe(base)
    })
  }
  const requestChanges: Array<[string, Partial<ChatRequest>]> = [
    ['temperature', { temperature: 0.7 }],
    ['max tokens', { maxTokens: 201 }],
    ['seed', { seed: 2 }],
    ['response format', { responseFormat: { type: 'json_schema', name: 'v', schema: { type: 'object' } } }],
    ['tools', { tools: [{ type: 'function', function: { name: 'search' } }] }],
    ['message list', { messages: [...request.messages, { role: 'user', content: 'And TF-IDF?' }] }],
    ['template id', { template: { id: 'answer-strict', version: '3' } }],
    ['template version', { template: { id: 'answer', version: '4' } }],
    ['trial index', { trial: 1 }],
  ]
  for (const [field, change] of requestChanges) {
    test(`changing only the ${field} changes the key`, () => {
      expect(chatCacheKey(provider, { ...request, ...change })).not.toBe(base)
    })
  }
  test('changing one message role (same text) changes the key', () => {
    const messages = request.messages.map((m, i) => (i === 0 ? { ...m, role: 'user' as const } : m))
    expect(chatCacheKey(provider, { ...request, messages })).not.toBe(base)
  })
  test('a chatJson re-ask (attempt 1) has a different key from the first ask', () => {
    expect(chatCacheKey(provider, request, 1)).not.toBe(base)
  })
})

describe('what does not change the chat cache key', () => {
  test('the API key (and its env var name) never enters the key', () => {
    const before = { ...process.env }
    process.env.OPENROUTER_API_KEY = 'sk-one'
    const one = chatCacheKey(provider, request)
    process.env.OPENROUTER_API_KEY = 'sk-two'
    const two = chatCacheKey(provider, request)
    const renamed: Provider = { ...provider, apiKeyEnv: 'OTHER_KEY' }
    const renamedEnv = chatCacheKey(renamed, request)
    process.env = before
    expect(one).toBe(base)
    expect(two).toBe(base)
    expect(renamedEnv).toBe(base)
  })
  test('extra provider headers and the case id do not change the key', () => {
    const withHeaders: Provider = { ...provider, headers: { 'HTTP-Referer': 'x' } }
    expect(chatCacheKey(withHeaders, { ...request, caseId: 'c-1' })).toBe(base)
  })
  test('an unset trial is the same key as trial 0', () => {
    const { trial: _trial, ...withoutTrial } = request
    expect(chatCacheKey(provider, withoutTrial)).toBe(base)
  })
  test('the key is 64 hex chars and stable across calls', () => {
    expect(base).toMatch(/^[0-9a-f]{64}$/)
    expect(chatCacheKey(provider, structuredClone(request))).toBe(base)
  })
})

describe('embedding cache key', () => {
  test('is by content, model and dimensions', () => {
    const key = embeddingCacheKey('text-embedding-3-small', 'hello', undefined)
    expect(embeddingCacheKey('text-embedding-3-small', 'hello', undefined)).toBe(key)
    expect(embeddingCacheKey('text-embedding-3-small', 'hello!', undefined)).not.toBe(key)
    expect(embeddingCacheKey('text-embedding-3-large', 'hello', undefined)).not.toBe(key)
    expect(embeddingCacheKey('text-embedding-3-small', 'hello', 256)).not.toBe(key)
  })
})

describe('cache key invariants', () => {
  test('the key ignores the key order of nested objects (tools, JSON schemas) but not their values', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.integer(), { minKeys: 2, maxKeys: 6 }),
        (props) => {
          const reversed = Object.fromEntries(Object.entries(props).reverse())
          const schemaA = { name: 'v', type: 'json_schema' as const, schema: { properties: props } }
          const schemaB = { schema: { properties: reversed }, type: 'json_schema' as const, name: 'v' }
          const keyA = chatCacheKey(provider, { ...request, responseFormat: schemaA, tools: [props] })
          const keyB = chatCacheKey(provider, { ...request, responseFormat: schemaB, tools: [reversed] })
          const firstKey = Object.keys(props)[0]!
          const changed = chatCacheKey(provider, {
            ...request,
            responseFormat: schemaA,
            tools: [{ ...props, [firstKey]: props[firstKey]! + 1 }],
          })
          return keyA === keyB && changed !== keyA
        },
      ),
    )
  })
})
