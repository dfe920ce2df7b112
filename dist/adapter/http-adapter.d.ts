/**
 * Evaluates a chatbot behind an HTTP endpoint: POSTs the {@link SystemInput} as JSON, expects a
 * {@link SystemOutput} back. Header values come from environment variables named in config, so tokens never
 * enter the config, a report or a log.
 */
import type { RagAdapter } from './types.js';
/** Options of {@link httpAdapter}. */
export interface HttpAdapterOptions {
    url: string;
    /** Header name to env var NAME. */
    headersFromEnv?: Record<string, string>;
    timeoutMs?: number;
    env?: NodeJS.ProcessEnv;
}
/** An HTTP endpoint failed or answered with a non-2xx status. */
export declare class HttpAdapterError extends Error {
    readonly code = "VITEST_RAG_HTTP_ADAPTER";
}
/** A {@link RagAdapter} that calls `options.url`. */
export declare function httpAdapter(options: HttpAdapterOptions): RagAdapter;
