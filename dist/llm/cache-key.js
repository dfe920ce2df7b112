import { hashJson } from "../util/hash.js";
/** Bumped when the key's inputs change shape, so old entries become misses instead of wrong hits. */
export const cacheKeyVersion = 1;
/** Builds the key material for `request` sent to `provider` (`attempt`: chatJson re-ask index, default 0). */
export function chatKeyMaterial(provider, request, attempt = 0) {
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
    };
}
/** Hex sha256 chat cache key (64 chars). */
export function chatCacheKey(provider, request, attempt = 0) {
    return hashJson(chatKeyMaterial(provider, request, attempt));
}
/**
 * Embedding cache key: one per text, by content + model (+ requested dimensions). Not by provider: the same
 * model id returns the same vectors whoever serves it.
 */
export function embeddingCacheKey(model, text, dimensions) {
    return hashJson({ v: cacheKeyVersion, kind: 'embedding', model, dimensions: dimensions ?? null, text });
}
//# sourceMappingURL=cache-key.js.map