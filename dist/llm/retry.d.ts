import { z } from 'zod';
/** Why an attempt is retried. */
export type RetryCause = 'rate_limit' | 'server' | 'timeout' | 'network' | 'malformed';
/** All causes, for zero-filled counters. */
export declare const retryCauses: readonly RetryCause[];
/** Retry policy. */
export declare const RetryOptionsSchema: z.ZodObject<{
    maxRetries: z.ZodOptional<z.ZodNumber>;
    baseDelayMs: z.ZodOptional<z.ZodNumber>;
    maxDelayMs: z.ZodOptional<z.ZodNumber>;
    maxRetryAfterMs: z.ZodOptional<z.ZodNumber>;
    seed: z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
/** See {@link RetryOptionsSchema}. */
export type RetryOptions = z.infer<typeof RetryOptionsSchema>;
/** Defaults for {@link RetryOptions}. */
export declare const defaultRetryOptions: {
    readonly maxRetries: 4;
    readonly baseDelayMs: 500;
    readonly maxDelayMs: 20000;
    readonly maxRetryAfterMs: 120000;
};
/** A 200 response whose body is unusable (no choices, no message content, wrong vector count). */
export declare class MalformedResponseError extends Error {
    readonly code = "VITEST_RAG_MALFORMED_RESPONSE";
}
/** A failed attempt, classified. `cause` null: not retryable. */
export interface ClassifiedFailure {
    cause: RetryCause | null;
    /** Server-requested wait, when it sent one. */
    retryAfterMs?: number;
    status?: number;
}
/** Reads `retry-after-ms`, else `Retry-After` (seconds or HTTP date), as ms from `now`. */
export declare function parseRetryAfter(headers: Headers | undefined, now?: number): number | undefined;
/** Classifies an error thrown by the SDK (or by our response checks). */
export declare function classifyFailure(error: unknown): ClassifiedFailure;
/** A uniform [0, 1) generator: mulberry32 when seeded (reproducible jitter), else `Math.random`. */
export declare function createRandom(seed?: number): () => number;
/**
 * The wait before retry number `attempt` (0-based): the server's Retry-After when given (capped at
 * maxRetryAfterMs), else full jitter random() * min(maxDelayMs, baseDelayMs * 2^attempt).
 * Example: base 500, attempt 2, random 0.5 -> 0.5 * min(20000, 2000) = 1000 ms.
 */
export declare function retryDelayMs(attempt: number, failure: ClassifiedFailure, options: Required<Omit<RetryOptions, 'seed'>>, random: () => number): number;
/** Thrown when one provider's retries are used up; the chain falls back to its next provider on this. */
export declare class RetriesExhaustedError extends Error {
    readonly code = "VITEST_RAG_RETRIES_EXHAUSTED";
    readonly lastCause: RetryCause;
    constructor(message: string, lastCause: RetryCause);
}
/** What {@link withRetries} reports for each retry. */
export type RetryListener = (cause: RetryCause, attempt: number, delayMs: number) => void;
/**
 * Runs `attempt` until it succeeds, fails non-retryably (rethrown as is), or exhausts `maxRetries`
 * ({@link RetriesExhaustedError}). `describe` turns an error into safe (redacted) text.
 */
export declare function withRetries<T>(run: (attempt: number) => Promise<T>, options: Required<Omit<RetryOptions, 'seed'>>, random: () => number, onRetry: RetryListener, describe: (error: unknown) => string): Promise<T>;
