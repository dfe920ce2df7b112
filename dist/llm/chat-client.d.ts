import { z } from 'zod';
import { type ChatKeyMaterial } from './cache-key.js';
import type { ResponseCache } from './cache.js';
import { type ChainContext } from './chain.js';
import type { Provider } from './providers.js';
import type { StatsByProvider } from './stats.js';
import type { ChatClient, ChatRequest, ChatResult, JsonChatResult, ModelRole } from './types.js';
/** What a chat cache entry's body holds. */
export interface ChatCacheBody {
    request: ChatKeyMaterial;
    response: {
        text: string;
        provider: string;
        model: string;
        usage: {
            inputTokens: number;
            outputTokens: number;
        };
        costUsd: number;
        latencyMs: number;
    };
}
/** The OpenAI request body for `request` on `provider` (the upstream pin becomes OpenRouter's `provider`). */
export declare function toRequestBody(provider: Provider, request: ChatRequest): Record<string, unknown>;
/** Total characters of a request's messages (for the worst-case prompt estimate). */
export declare function promptChars(request: ChatRequest): number;
/** A short, key-free description of a request for error messages. */
export declare function summarizeRequest(role: string, model: string, request: ChatRequest): string;
/** {@link ChatClient} over a provider chain, with cache, spend guard, retries and fallback. */
export declare class ProviderChatClient implements ChatClient {
    readonly role: ModelRole;
    readonly model: string;
    /** The providers in the order they are tried. */
    readonly chain: readonly Provider[];
    private readonly context;
    private readonly cache;
    /** Identical requests in flight, by cache key: a concurrent duplicate waits for the first instead of paying again. */
    private readonly inFlight;
    constructor(role: ModelRole, context: ChainContext, cache: ResponseCache);
    /** Per-provider counters of this client. */
    stats(): StatsByProvider;
    chat(request: ChatRequest): Promise<ChatResult>;
    chatJson<T>(request: ChatRequest, schema: z.ZodType<T>): Promise<JsonChatResult<T>>;
    private chatAttempt;
    private lookupOrCall;
}
/** Parses a JSON reply (fences allowed) and validates it; the error is a one-line description. */
export declare function parseJsonReply<T>(text: string, schema: z.ZodType<T>): {
    ok: true;
    value: T;
} | {
    ok: false;
    error: string;
};
