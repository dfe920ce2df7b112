/**
 * One call through a provider chain: per provider, check the API key, reserve the worst-case spend, then
 * attempt through the process-wide limiter with our retries; on exhausted retries fall back to the next
 * provider (counted); on a non-retryable failure stop. Shared by the chat and embedding clients.
 */
import OpenAI from 'openai';
import { LlmError, MissingApiKeyError, ProviderChainError } from "./errors.js";
import { providerLimiter } from "./limiter.js";
import { costOf, priceOf } from "./pricing.js";
import { defaultProviderLimits } from "./providers.js";
import { redactSecrets } from "./redact.js";
import { RetriesExhaustedError, withRetries } from "./retry.js";
/** A safe, redacted one-line description of an SDK error. */
export function describeError(error, secrets) {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return redactSecrets(text, secrets).slice(0, 500);
}
/** An upstream failure that is not retried (400, 401, 404, ...), redacted. */
export class ProviderRequestError extends LlmError {
    status;
    constructor(provider, detail, status) {
        super('VITEST_RAG_PROVIDER_REQUEST', `vitest-rag: provider "${provider}" refused the request (${status ?? 'no status'}): ${detail}. ` +
            'Check the model id, base URL and key for this provider.');
        this.status = status;
    }
}
/**
 * Calls `attempt` on the chain's providers in order. `worstCaseUsd(provider)` is reserved before the first
 * attempt on each provider; the real cost replaces it after. Throws {@link SpendLimitError},
 * {@link MissingApiKeyError}, {@link ProviderRequestError} or {@link ProviderChainError}.
 */
export async function callChain(context, what, worstCaseUsd, attempt) {
    const failures = [];
    for (const [index, provider] of context.chain.entries()) {
        const price = priceOf(provider.model, context.prices);
        const apiKey = context.readEnv(provider.apiKeyEnv);
        if (apiKey === undefined || apiKey === '')
            throw new MissingApiKeyError(provider.name, provider.apiKeyEnv);
        const stats = context.recorder.of(provider.name);
        const reservation = context.ledger.reserve(worstCaseUsd(provider), `${what} on ${provider.name} (${provider.model})`);
        const limiter = providerLimiter(provider.name, {
            concurrency: provider.concurrency ?? defaultProviderLimits.concurrency,
            requestsPerMinute: provider.requestsPerMinute,
        });
        // A fresh SDK client per call: the key lives only in this closure, never on a long-lived object.
        const sdk = new OpenAI({
            apiKey,
            baseURL: provider.baseURL,
            maxRetries: 0,
            timeout: provider.timeoutMs ?? defaultProviderLimits.timeoutMs,
            ...(provider.headers ? { defaultHeaders: provider.headers } : {}),
        });
        const started = performance.now();
        let retries = 0;
        try {
            const outcome = await withRetries(() => limiter.run(() => attempt(sdk, provider)), context.retry, context.random, (cause) => {
                retries += 1;
                stats.retries[cause] += 1;
            }, (error) => describeError(error, [apiKey]));
            const latencyMs = performance.now() - started;
            const costUsd = costOf(outcome.usage, price);
            context.ledger.settle(reservation, costUsd);
            stats.calls += 1;
            stats.inputTokens += outcome.usage.inputTokens;
            stats.outputTokens += outcome.usage.outputTokens;
            stats.latencyMs += latencyMs;
            stats.costUsd += costUsd;
            return { ...outcome, provider, costUsd, retries, latencyMs };
        }
        catch (error) {
            context.ledger.settle(reservation, 0);
            stats.failures += 1;
            if (error instanceof RetriesExhaustedError) {
                failures.push(`${provider.name}: ${error.message}`);
                if (index < context.chain.length - 1)
                    stats.fallbacks += 1;
                continue;
            }
            if (error instanceof LlmError)
                throw error;
            const status = error instanceof OpenAI.APIError ? error.status : undefined;
            throw new ProviderRequestError(provider.name, describeError(error, [apiKey]), status);
        }
    }
    throw new ProviderChainError(context.role, failures);
}
//# sourceMappingURL=chain.js.map