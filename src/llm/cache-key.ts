/**
 * Cache keys (pure). A chat key is sha256 over the canonical JSON of everything that can change the answer:
 * provider name, base URL, model, upstream pin, every request parameter (temperature, max tokens, seed,
 * response format, tools), the full message list, the prompt template id and version, and the trial index.
 * The API key is never an input (it cannot change the answer, and must never reach a file).
 */
import type { ChatRequest } from './types.ts'
import type { Provider } from './providers.ts'
import { hashJson } from '../shared/util/hash.ts'

/** Bumped when the key's inputs change shape, so old entries become misses instead of wrong hits. */
export const cacheKeyVersion = 1

/** The exact material hashed into a chat cache key (also stored in the entry for debugging). */
export interface ChatKeyMaterial {
  v: number
  kind: 'chat'
  provider: string
  baseURL: string
  model: string
  upstream: Provider['upstream'] | null
  temperature: number | null
  maxTokens: number | null
  seed: number | null
  responseFormat: ChatRequest['responseFormat'] | null
  tools: unknown[] | null
  messages: ChatRequest['messages']
  template: { id: string; version: string } | null
  trial: number
  /** Repair attempt of `chatJson` (0 = first ask), so a re-ask is not answered by the rejected reply. */
  attempt: number
}

/** Builds the key material for `request` sent to `provider` (`attempt`: chatJson re-ask index, default 0). */
export function chatKeyMaterial(
  provider: Pick<Provider, 'name' | 'baseURL' | 'model' | 'upstream'>,
  request: ChatRequest,
  attempt = 0,
): ChatKeyMaterial {
  return {
    v: cacheKeyVersion,
    kind: 'chat',
    provider: provider.name,
    baseURL: provider.baseURL,
    model: provider.model,
    upstream: provider.upstream ?? null,
    temperature: request.temperature ?? null,
    maxTokens: request.maxTokens ?? null,
    seed: request.seed ?? null,
    responseFormat: request.responseFormat ?? null,
    tools: request.tools ?? null,
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    template: request.template ? { id: request.template.id, version: request.template.version } : null,
    trial: request.trial ?? 0,
    attempt,
  }
}

/** Hex sha256 chat cache key (64 chars). */
export function chatCacheKey(
  provider: Pick<Provider, 'name' | 'baseURL' | 'model' | 'upstream'>,
  request: ChatRequest,
  attempt = 0,
): string {
  return hashJson(chatKeyMaterial(provider, request, attempt))
}

/**
 * Embedding cache key: one per text, by content + model (+ requested dimensions). Not by provider: the same
 * model id returns the same vectors whoever serves it.
 */
export function embeddingCacheKey(model: string, text: string, dimensions: number | undefined): string {
  return hashJson({ v: cacheKeyVersion, kind: 'embedding', model, dimensions: dimensions ?? null, text })
}
