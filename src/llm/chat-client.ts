/**
 * The chat client: cache lookup (every provider of the chain, in order), replay-miss error, then a chain
 * call with spend guard and retries, then a cache write. `chatJson` asks for JSON, validates it with zod and
 * re-asks once with the validation error; a second failure is returned as `{ ok: false }` (a failed judgement,
 * not a score).
 */
import type OpenAI from 'openai'
import { z } from 'zod'
import { chatCacheKey, chatKeyMaterial, type ChatKeyMaterial } from './cache-key.ts'
import type { ResponseCache } from './cache.ts'
import { callChain, type AttemptOutcome, type ChainContext } from './chain.ts'
import { CacheReplayMissError } from './errors.ts'
import { estimatePromptTokens } from './pricing.ts'
import type { Provider } from './providers.ts'
import { MalformedResponseError } from './retry.ts'
import { defaultWorstCaseOutputTokens, worstCaseCost } from './spend.ts'
import type { StatsByProvider } from './stats.ts'
import type { ChatClient, ChatRequest, ChatResult, JsonChatResult, ModelRole } from './types.ts'
import { LlmError } from './errors.ts'
import { prettifyIssuesOneLine } from '../shared/problems/zod-problems.ts'

/** What a chat cache entry's body holds. */
export interface ChatCacheBody {
  request: ChatKeyMaterial
  response: {
    text: string
    provider: string
    model: string
    usage: { inputTokens: number; outputTokens: number }
    costUsd: number
    latencyMs: number
  }
}

/** The OpenAI request body for `request` on `provider` (the upstream pin becomes OpenRouter's `provider`). */
export function toRequestBody(provider: Provider, request: ChatRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: provider.model,
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
  }
  if (request.temperature !== undefined) body.temperature = request.temperature
  if (request.maxTokens !== undefined) body[provider.maxTokensParam ?? 'max_tokens'] = request.maxTokens
  if (request.seed !== undefined) body.seed = request.seed
  if (request.tools !== undefined) body.tools = request.tools
  const format = request.responseFormat
  if (format?.type === 'json_object') body.response_format = { type: 'json_object' }
  if (format?.type === 'json_schema') {
    body.response_format = {
      type: 'json_schema',
      json_schema: { name: format.name, schema: format.schema, strict: true },
    }
  }
  if (provider.upstream) {
    body.provider = { order: provider.upstream.order, allow_fallbacks: provider.upstream.allowFallbacks }
  }
  return body
}

/** Total characters of a request's messages (for the worst-case prompt estimate). */
export function promptChars(request: ChatRequest): number {
  return request.messages.reduce((sum, m) => sum + m.content.length, 0)
}

/** A short, key-free description of a request for error messages. */
export function summarizeRequest(role: string, model: string, request: ChatRequest): string {
  const last = request.messages.at(-1)?.content ?? ''
  const snippet = last.length > 80 ? `${last.slice(0, 80)}...` : last
  const template = request.template ? ` template ${request.template.id}@${request.template.version},` : ''
  const caseId = request.caseId ? ` case ${JSON.stringify(request.caseId)},` : ''
  return `${role} ${model},${template}${caseId} trial ${request.trial ?? 0}, ${request.messages.length} messages, last: ${JSON.stringify(snippet)}`
}

async function attemptChat(sdk: OpenAI, provider: Provider, request: ChatRequest): Promise<AttemptOutcome<string>> {
  const body = toRequestBody(provider, request)
  const data = (await sdk.chat.completions.create(body as never)) as unknown as {
    choices?: Array<{ message?: { content?: string | null; tool_calls?: unknown[] } }>
    usage?: { prompt_tokens?: number; completion_tokens?: number }
  }
  const choice = Array.isArray(data?.choices) ? data.choices[0] : undefined
  if (choice === undefined) throw new MalformedResponseError(`provider "${provider.name}" answered without choices`)
  const content = choice.message?.content
  if (
    typeof content !== 'string' &&
    !(Array.isArray(choice.message?.tool_calls) && choice.message.tool_calls.length > 0)
  ) {
    throw new MalformedResponseError(`provider "${provider.name}" answered without message content`)
  }
  const text = typeof content === 'string' ? content : ''
  // A provider that omits usage is billed by the chars/4 estimate rather than as free.
  const inputTokens = data.usage?.prompt_tokens ?? estimatePromptTokens(promptChars(request))
  const outputTokens = data.usage?.completion_tokens ?? estimatePromptTokens(text.length)
  return { value: text, usage: { inputTokens, outputTokens } }
}

/** Strips a Markdown code fence around a JSON reply, if any. */
function unfence(text: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text)
  return match?.[1] ?? text
}

/** {@link ChatClient} over a provider chain, with cache, spend guard, retries and fallback. */
export class ProviderChatClient implements ChatClient {
  readonly role: ModelRole
  readonly model: string
  /** The providers in the order they are tried. */
  readonly chain: readonly Provider[]
  private readonly context: ChainContext
  private readonly cache: ResponseCache
  /** Identical requests in flight, by cache key: a concurrent duplicate waits for the first instead of paying again. */
  private readonly inFlight = new Map<string, Promise<ChatResult>>()

  constructor(role: ModelRole, context: ChainContext, cache: ResponseCache) {
    const first = context.chain[0]
    if (first === undefined) throw new LlmError('VITEST_RAG_EMPTY_CHAIN', `the ${role} chain is empty`)
    this.role = role
    this.model = first.model
    this.chain = context.chain
    this.context = context
    this.cache = cache
  }

  /** Per-provider counters of this client. */
  stats(): StatsByProvider {
    return this.context.recorder.snapshot()
  }

  chat(request: ChatRequest): Promise<ChatResult> {
    return this.chatAttempt(request, 0)
  }

  async chatJson<T>(request: ChatRequest, schema: z.ZodType<T>): Promise<JsonChatResult<T>> {
    const asked: ChatRequest = { ...request, responseFormat: request.responseFormat ?? { type: 'json_object' } }
    const first = await this.chatAttempt(asked, 0)
    const parsed = parseJsonReply(first.text, schema)
    if (parsed.ok) return { ok: true, value: parsed.value, result: first }
    const repair: ChatRequest = {
      ...asked,
      messages: [
        ...asked.messages,
        { role: 'assistant', content: first.text },
        {
          role: 'user',
          content: `Your reply was not valid: ${parsed.error}. Reply again with only the corrected JSON.`,
        },
      ],
    }
    const second = await this.chatAttempt(repair, 1)
    const reparsed = parseJsonReply(second.text, schema)
    if (reparsed.ok) return { ok: true, value: reparsed.value, result: second }
    return { ok: false, error: `unparseable reply after one retry: ${reparsed.error}`, result: second }
  }

  private async chatAttempt(request: ChatRequest, attempt: number): Promise<ChatResult> {
    const primaryKey = chatCacheKey(this.chain[0]!, request, attempt)
    const pending = this.inFlight.get(primaryKey)
    if (pending !== undefined) {
      const shared = await pending
      const stats = this.context.recorder.of(shared.provider)
      stats.cached += 1
      stats.savedUsd += shared.originalCostUsd
      this.context.ledger.recordSaved(shared.originalCostUsd)
      return { ...shared, cached: true, costUsd: 0, latencyMs: 0, retries: 0 }
    }
    const call = this.lookupOrCall(request, attempt)
    this.inFlight.set(primaryKey, call)
    try {
      return await call
    } finally {
      this.inFlight.delete(primaryKey)
    }
  }

  /**
   * Reads the cached reply of the first provider in the chain that has one (a saved call, tallied as such); in
   * replay mode a miss throws. Undefined on a miss, or when cache reads are off.
   */
  private async readCachedChat(
    request: ChatRequest,
    keys: readonly { provider: Provider; key: string }[],
  ): Promise<ChatResult | undefined> {
    if (!this.cache.readsEnabled) return undefined
    for (const { provider, key } of keys) {
      const hit = await this.cache.read<ChatCacheBody>(key)
      if (hit === undefined) continue
      const stats = this.context.recorder.of(provider.name)
      stats.cached += 1
      stats.savedUsd += hit.response.costUsd
      this.context.ledger.recordSaved(hit.response.costUsd)
      return {
        text: hit.response.text,
        cached: true,
        provider: provider.name,
        model: hit.response.model,
        usage: hit.response.usage,
        costUsd: 0,
        originalCostUsd: hit.response.costUsd,
        latencyMs: 0,
        retries: 0,
      }
    }
    if (this.cache.mode === 'replay') {
      const first = keys[0]!
      throw new CacheReplayMissError(
        first.key,
        this.cache.pathFor(first.key),
        summarizeRequest(this.role, this.model, request),
      )
    }
    return undefined
  }

  /** The reply from the cache, or from the provider chain (then written to the cache). */
  private async lookupOrCall(request: ChatRequest, attempt: number): Promise<ChatResult> {
    const keys = this.chain.map((provider) => ({ provider, key: chatCacheKey(provider, request, attempt) }))
    const cached = await this.readCachedChat(request, keys)
    if (cached !== undefined) return cached
    const chars = promptChars(request)
    const maxTokens = request.maxTokens ?? defaultWorstCaseOutputTokens
    const outcome = await callChain(
      this.context,
      `a ${this.role} call${request.caseId ? ` for case ${JSON.stringify(request.caseId)}` : ''}`,
      (provider) => worstCaseCost(provider.model, chars, maxTokens, this.context.prices),
      (sdk, provider) => attemptChat(sdk, provider, request),
    )
    const key = keys.find((k) => k.provider === outcome.provider)!.key
    const body: ChatCacheBody = {
      request: chatKeyMaterial(outcome.provider, request, attempt),
      response: {
        text: outcome.value,
        provider: outcome.provider.name,
        model: outcome.provider.model,
        usage: outcome.usage,
        costUsd: outcome.costUsd,
        latencyMs: outcome.latencyMs,
      },
    }
    await this.cache.write(key, 'chat', body)
    return {
      text: outcome.value,
      cached: false,
      provider: outcome.provider.name,
      model: outcome.provider.model,
      usage: outcome.usage,
      costUsd: outcome.costUsd,
      originalCostUsd: outcome.costUsd,
      latencyMs: outcome.latencyMs,
      retries: outcome.retries,
    }
  }
}

/** Parses a JSON reply (fences allowed) and validates it; the error is a one-line description. */
export function parseJsonReply<T>(
  text: string,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; error: string } {
  let json: unknown
  try {
    json = JSON.parse(unfence(text))
  } catch (error) {
    return { ok: false, error: `not JSON (${(error as Error).message})` }
  }
  const result = schema.safeParse(json)
  if (result.success) return { ok: true, value: result.data }
  return { ok: false, error: prettifyIssuesOneLine(result.error) }
}
