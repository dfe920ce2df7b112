/**
 * `vitest-rag`: the public surface. Named exports only.
 */
export { ragEval } from '../vitest/main/plugin.ts'
export type { RagEvalOptions, RagEvalConfig, AdapterSpec } from '../config/schema.ts'
export type { CorpusSource } from '../corpus/source.ts'
// Everything a user's adapter (docs/adapters.md) names: what it receives, what it returns, and its source map.
export type {
  RagAdapter,
  SystemInput,
  SystemOutput,
  RetrievedChunk,
  ShownSource,
  SourceReference,
  CaseUsage,
  EvalMode,
} from '../system/adapter/types.ts'
export type { SourceMapFn, SourceMapOption } from '../system/sources/source-map.ts'
export { functionAdapter } from '../system/adapter/function-adapter.ts'
export { httpAdapter } from '../system/adapter/http-adapter.ts'
export { GoldenCaseSchema, type GoldenCase, type Locator, type Turn } from '../cases/schema.ts'
export type { CaseRecord, ErrorClass } from '../evaluation/case-record.ts'
