import { z } from 'zod';
import { chatCacheKey, chatKeyMaterial } from "./cache-key.js";
import { callChain } from "./chain.js";
import { CacheReplayMissError } from "./errors.js";
import { estimatePromptTokens } from "./pricing.js";
import { MalformedResponseError } from "./retry.js";
import { defaultWorstCaseOutputTokens, worstCaseCost } from "./spend.js";
/** The OpenAI request body for `request` on `provider` (the upstream pin becomes OpenRouter's `provider`). */
export function toRequestBody(provider, request) {
    const body = {
        model: provider.model,
        messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    };
    if (request.temperature !== undefined)
        body.temperature = request.temperature;
    if (request.maxTokens !== undefined)
        body[provider.maxTokensParam ?? 'max_tokens'] = request.maxTokens;
    if (request.seed !== undefined)
        body.seed = request.seed;
    if (request.tools !== undefined)
        body.tools = request.tools;
    const format = request.responseFormat;
    if (format?.type === 'json_object')
        body.response_format = { type: 'json_object' };
    if (format?.type === 'json_schema') {
        body.response_format = { type: 'json_schema', json_schema: { name: format.name, schema: format.schema, strict: true } };
    }
    if (provider.upstream) {
        body.provider = { order: provider.upstream.order, allow_fallbacks: provider.upstream.allowFallbacks };
    }
    return body;
}
/** Total characters of a request's messages (for the worst-case prompt estimate). */
export function promptChars(request) {
    return request.messages.reduce((sum, m) => sum + m.content.length, 0);
}
/** A short, key-free description of a request for error messages. */
export function summarizeRequest(role, model, request) {
    const last = request.messages.at(-1)?.content ?? '';
    const snippet = last.length > 80 ? `${last.slice(0, 80)}...` : last;
    const template = request.template ? ` template ${request.template.id}@${request.template.version},` : '';
    const caseId = request.caseId ? ` case ${JSON.stringify(request.caseId)},` : '';
    return `${role} ${model},${template}${caseId} trial ${request.trial ?? 0}, ${request.messages.length} messages, last: ${JSON.stringify(snippet)}`;
}
async function attemptChat(sdk, provider, request) {
    const body = toRequestBody(provider, request);
    const data = (await sdk.chat.completions.create(body));
    const choice = Array.isArray(data?.choices) ? data.choices[0] : undefined;
    if (choice === undefined)
        throw new MalformedResponseError(`provider "${provider.name}" answered without choices`);
    const content = choice.message?.content;
    if (typeof content !== 'string' && !(Array.isArray(choice.message?.tool_calls) && choice.message.tool_calls.length > 0)) {
        throw new MalformedResponseError(`provider "${provider.name}" answered without message content`);
    }
    const text = typeof content === 'string' ? content : '';
    // A provider that omits usage is billed by the chars/4 estimate rather than as free.
    const inputTokens = data.usage?.prompt_tokens ?? estimatePromptTokens(promptChars(request));
    const outputTokens = data.usage?.completion_tokens ?? estimatePromptTokens(text.length);
    return { value: text, usage: { inputTokens, outputTokens } };
}
/** Strips a Markdown code fence around a JSON reply, if any. */
function unfence(text) {
    const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
    return match?.[1] ?? text;
}
/** {@link ChatClient} over a provider chain, with cache, spend guard, retries and fallback. */
export class ProviderChatClient {
    role;
    model;
    /** The providers in the order they are tried. */
    chain;
    context;
    cache;
    /** Identical requests in flight, by cache key: a concurrent duplicate waits for the first instead of paying again. */
    inFlight = new Map();
    constructor(role, context, cache) {
        const first = context.chain[0];
        if (first === undefined)
            throw new Error(`vitest-rag: the ${role} chain is empty`);
        this.role = role;
        this.model = first.model;
        this.chain = context.chain;
        this.context = context;
        this.cache = cache;
    }
    /** Per-provider counters of this client. */
    stats() {
        return this.context.recorder.snapshot();
    }
    chat(request) {
        return this.chatAttempt(request, 0);
    }
    async chatJson(request, schema) {
        const asked = { ...request, responseFormat: request.responseFormat ?? { type: 'json_object' } };
        const first = await this.chatAttempt(asked, 0);
        const parsed = parseJsonReply(first.text, schema);
        if (parsed.ok)
            return { ok: true, value: parsed.value, result: first };
        const repair = {
            ...asked,
            messages: [
                ...asked.messages,
                { role: 'assistant', content: first.text },
                { role: 'user', content: `Your reply was not valid: ${parsed.error}. Reply again with only the corrected JSON.` },
            ],
        };
        const second = await this.chatAttempt(repair, 1);
        const reparsed = parseJsonReply(second.text, schema);
        if (reparsed.ok)
            return { ok: true, value: reparsed.value, result: second };
        return { ok: false, error: `unparseable reply after one retry: ${reparsed.error}`, result: second };
    }
    async chatAttempt(request, attempt) {
        const primaryKey = chatCacheKey(this.chain[0], request, attempt);
        const pending = this.inFlight.get(primaryKey);
        if (pending !== undefined) {
            const shared = await pending;
            const stats = this.context.recorder.of(shared.provider);
            stats.cached += 1;
            stats.savedUsd += shared.originalCostUsd;
            this.context.ledger.recordSaved(shared.originalCostUsd);
            return { ...shared, cached: true, costUsd: 0, latencyMs: 0, retries: 0 };
        }
        const call = this.lookupOrCall(request, attempt);
        this.inFlight.set(primaryKey, call);
        try {
            return await call;
        }
        finally {
            this.inFlight.delete(primaryKey);
        }
    }
    async lookupOrCall(request, attempt) {
        const keys = this.chain.map((provider) => ({ provider, key: chatCacheKey(provider, request, attempt) }));
        if (this.cache.readsEnabled) {
            for (const { provider, key } of keys) {
                const hit = await this.cache.read(key);
                if (hit === undefined)
                    continue;
                const stats = this.context.recorder.of(provider.name);
                stats.cached += 1;
                stats.savedUsd += hit.response.costUsd;
                this.context.ledger.recordSaved(hit.response.costUsd);
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
                };
            }
            if (this.cache.mode === 'replay') {
                const first = keys[0];
                throw new CacheReplayMissError(first.key, this.cache.pathFor(first.key), summarizeRequest(this.role, this.model, request));
            }
        }
        const chars = promptChars(request);
        const maxTokens = request.maxTokens ?? defaultWorstCaseOutputTokens;
        const outcome = await callChain(this.context, `a ${this.role} call${request.caseId ? ` for case ${JSON.stringify(request.caseId)}` : ''}`, (provider) => worstCaseCost(provider.model, chars, maxTokens, this.context.prices), (sdk, provider) => attemptChat(sdk, provider, request));
        const key = keys.find((k) => k.provider === outcome.provider).key;
        const body = {
            request: chatKeyMaterial(outcome.provider, request, attempt),
            response: {
                text: outcome.value,
                provider: outcome.provider.name,
                model: outcome.provider.model,
                usage: outcome.usage,
                costUsd: outcome.costUsd,
                latencyMs: outcome.latencyMs,
            },
        };
        await this.cache.write(key, 'chat', body);
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
        };
    }
}
/** Parses a JSON reply (fences allowed) and validates it; the error is a one-line description. */
export function parseJsonReply(text, schema) {
    let json;
    try {
        json = JSON.parse(unfence(text));
    }
    catch (error) {
        return { ok: false, error: `not JSON (${error.message})` };
    }
    const result = schema.safeParse(json);
    if (result.success)
        return { ok: true, value: result.data };
    return { ok: false, error: z.prettifyError(result.error).replace(/\s*\n\s*/g, '; ') };
}
//# sourceMappingURL=chat-client.js.map