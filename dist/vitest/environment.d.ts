/**
 * The `rag` test environment: a Node environment that hands each test file a lazily built runtime (corpus,
 * chunks, search index, worker pool, model clients, adapter, judge). Nothing is built until the first case
 * runs, so `vitest list` stays cheap; teardown closes pools and clients.
 */
import type { Environment } from 'vitest/environments';
import type { RagEvalConfig } from '../config/schema.js';
import { type RagRuntime } from '../runtime/create-runtime.js';
/** What the environment puts on `globalThis.__VITEST_RAG__`. */
export interface RagRuntimeHandle {
    config: RagEvalConfig;
    getRuntime(): Promise<RagRuntime>;
}
/** The global the golden runtime reads. */
export declare const RUNTIME_GLOBAL = "__VITEST_RAG__";
declare const environment: Environment;
export default environment;
