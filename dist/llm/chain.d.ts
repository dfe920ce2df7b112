/**
 * One call through a provider chain: per provider, check the API key, reserve the worst-case spend, then
 * attempt through the process-wide limiter with our retries; on exhausted retries fall back to the next
 * provider (counted); on a non-retryable failure stop. Shared by the chat and embedding clients.
 */
import OpenAI from 'openai';
import { LlmError } from './errors.js';
import { type PriceTable } from './pricing.js';
import { type Provider } from './providers.js';
import { type RetryOptions } from './retry.js';
import type { SpendLedger } from './spend.js';
import type { StatsRecorder } from './stats.js';
/** Environment variables, read by name at call time (never copied into any object). */
export type Env = Record<string, string | undefined>;
/** Everything a chain call needs; built once per client. */
export interface ChainContext {
    role: string;
    chain: readonly Provider[];
    ledger: SpendLedger;
    prices: PriceTable;
    /** Reads an env var by name at call time; a function so no serialised object ever holds a key. */
    readEnv: (name: string) => string | undefined;
    retry: Required<Omit<RetryOptions, 'seed'>>;
    random: () => number;
    recorder: StatsRecorder;
}
/** What one attempt returns: the parsed value and the billed usage. */
export interface AttemptOutcome<T> {
    value: T;
    usage: {
        inputTokens: number;
        outputTokens: number;
    };
}
/** A successful chain call. */
export interface ChainOutcome<T> extends AttemptOutcome<T> {
    provider: Provider;
    costUsd: number;
    retries: number;
    latencyMs: number;
}
/** A safe, redacted one-line description of an SDK error. */
export declare function describeError(error: unknown, secrets: readonly (string | undefined)[]): string;
/** An upstream failure that is not retried (400, 401, 404, ...), redacted. */
export declare class ProviderRequestError extends LlmError {
    readonly status: number | undefined;
    constructor(provider: string, detail: string, status: number | undefined);
}
/**
 * Calls `attempt` on the chain's providers in order. `worstCaseUsd(provider)` is reserved before the first
 * attempt on each provider; the real cost replaces it after. Throws {@link SpendLimitError},
 * {@link MissingApiKeyError}, {@link ProviderRequestError} or {@link ProviderChainError}.
 */
export declare function callChain<T>(context: ChainContext, what: string, worstCaseUsd: (provider: Provider) => number, attempt: (sdk: OpenAI, provider: Provider) => Promise<AttemptOutcome<T>>): Promise<ChainOutcome<T>>;
