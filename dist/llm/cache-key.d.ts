/**
 * Cache keys (pure). A chat key is sha256 over the canonical JSON of everything that can change the answer:
 * provider name, base URL, model, upstream pin, every request parameter (temperature, max tokens, seed,
 * response format, tools), the full message list, the prompt template id and version, and the trial index.
 * The API key is never an input (it cannot change the answer, and must never reach a file).
 */
import type { ChatRequest } from './types.js';
import type { Provider } from './providers.js';
/** Bumped when the key's inputs change shape, so old entries become misses instead of wrong hits. */
export declare const cacheKeyVersion = 1;
/** The exact material hashed into a chat cache key (also stored in the entry for debugging). */
export interface ChatKeyMaterial {
    v: number;
    kind: 'chat';
    provider: string;
    baseURL: string;
    model: string;
    upstream: Provider['upstream'] | null;
    temperature: number | null;
    maxTokens: number | null;
    seed: number | null;
    responseFormat: ChatRequest['responseFormat'] | null;
    tools: unknown[] | null;
    messages: ChatRequest['messages'];
    template: {
        id: string;
        version: string;
    } | null;
    trial: number;
    /** Repair attempt of `chatJson` (0 = first ask), so a re-ask is not answered by the rejected reply. */
    attempt: number;
}
/** Builds the key material for `request` sent to `provider` (`attempt`: chatJson re-ask index, default 0). */
export declare function chatKeyMaterial(provider: Pick<Provider, 'name' | 'baseURL' | 'model' | 'upstream'>, request: ChatRequest, attempt?: number): ChatKeyMaterial;
/** Hex sha256 chat cache key (64 chars). */
export declare function chatCacheKey(provider: Pick<Provider, 'name' | 'baseURL' | 'model' | 'upstream'>, request: ChatRequest, attempt?: number): string;
/**
 * Embedding cache key: one per text, by content + model (+ requested dimensions). Not by provider: the same
 * model id returns the same vectors whoever serves it.
 */
export declare function embeddingCacheKey(model: string, text: string, dimensions: number | undefined): string;
