/**
 * The model client's contract: what generation, the judge, query rewriting and embeddings see.
 * The implementation (cache, spend guard, retries, provider chains) lives beside this file.
 */
import type { z } from 'zod'

/** One chat message. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/** Which chain a client serves: the judge's chain is the generator's reversed. */
export type ModelRole = 'generator' | 'judge' | 'rewriter' | 'embedder'

/** A chat request. Every field here enters the cache key (plus provider, base URL, model, upstream pin). */
export interface ChatRequest {
  messages: ChatMessage[]
  temperature?: number
  maxTokens?: number
  seed?: number
  /** `json_object` or a JSON schema the provider should follow. */
  responseFormat?: { type: 'json_object' } | { type: 'json_schema'; name: string; schema: Record<string, unknown> }
  /** Tool definitions, passed through as the OpenAI API takes them. */
  tools?: unknown[]
  /** Prompt template id and version: a template edit is a cache miss. */
  template?: { id: string; version: string }
  /** Repetition index for repeated trials, so repeats are not cache hits. Default 0. */
  trial?: number
  /** The golden case this call serves (for checkpoints, spend reports and error messages). */
  caseId?: string
}

/** The outcome of one chat call. */
export interface ChatResult {
  text: string
  /** True when answered from the cache: excluded from latency and token statistics. */
  cached: boolean
  provider: string
  model: string
  usage: { inputTokens: number; outputTokens: number }
  /** What the call cost now (0 when cached). */
  costUsd: number
  /** What the call cost when it was first made (reported as "saved" when cached). */
  originalCostUsd: number
  latencyMs: number
  /** Retries this call needed (429, 5xx, timeouts, malformed responses). */
  retries: number
}

/** A structured (zod-validated) call's outcome: a failed parse after one retry is data, not a throw. */
export type JsonChatResult<T> =
  { ok: true; value: T; result: ChatResult } | { ok: false; error: string; result?: ChatResult }

/** A chat model behind one provider chain. */
export interface ChatClient {
  readonly role: ModelRole
  /** The model that answers (the first provider's model in the chain). */
  readonly model: string
  chat(request: ChatRequest): Promise<ChatResult>
  /** Asks for JSON, validates it with `schema`; an unparseable answer is retried once, then `ok: false`. */
  chatJson<T>(request: ChatRequest, schema: z.ZodType<T>): Promise<JsonChatResult<T>>
}

/** An embedding model behind one provider chain; vectors are cached by content and model. */
export interface EmbeddingClient {
  readonly model: string
  readonly dimensions: number | undefined
  embed(texts: string[]): Promise<{ vectors: Float32Array[]; cached: number; costUsd: number }>
}
