/**
 * `vitest-rag`: the public surface. Named exports only.
 */
export { ragEval } from '../vitest/plugin.ts';
export type { RagEvalOptions, RagEvalConfig, AdapterSpec, CorpusSource } from '../config/schema.ts';
export type { RagAdapter, SystemInput, SystemOutput, RetrievedChunk, ShownSource, EvalMode } from '../adapter/types.ts';
export { functionAdapter } from '../adapter/function-adapter.ts';
export { httpAdapter } from '../adapter/http-adapter.ts';
export { GoldenCaseSchema, type GoldenCase, type Locator } from '../cases/schema.ts';
export type { CaseRecord, ErrorClass } from '../scorecard/case-record.ts';
//# sourceMappingURL=index.d.ts.map