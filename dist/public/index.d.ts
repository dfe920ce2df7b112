/**
 * `vitest-rag`: the public surface. Named exports only.
 */
export { ragEval } from '../vitest/plugin.js';
export type { RagEvalOptions, RagEvalConfig, AdapterSpec, CorpusSource } from '../config/schema.js';
export type { RagAdapter, SystemInput, SystemOutput, RetrievedChunk, ShownSource, EvalMode } from '../adapter/types.js';
export { functionAdapter } from '../adapter/function-adapter.js';
export { httpAdapter } from '../adapter/http-adapter.js';
export { GoldenCaseSchema, type GoldenCase, type Locator } from '../cases/schema.js';
export type { CaseRecord, ErrorClass } from '../scorecard/case-record.js';
