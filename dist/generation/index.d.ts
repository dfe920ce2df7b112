/**
 * The reference RAG pipeline's public surface: the adapter factory, its parts (rewrite, gate, prompt,
 * extractive generator) for tuning and reuse, and the answer-text detectors the harness and judge share.
 */
export { createReferencePipeline, defaultPipelineOptions, usageOf } from './pipeline.ts';
export type { ReferenceOutput, ReferencePipeline, ReferencePipelineOptions, Retriever } from './pipeline.ts';
export { createIndexRetriever } from './retriever.ts';
export { collectGateEvidence, defaultGateConfig, evaluateGate } from './gate.ts';
export type { GateConfig, GateDecision, GateEvidence, GateReason } from './gate.ts';
export { refersBack, rewriteDeterministic, rewriteQuery } from './rewrite.ts';
export type { RewriteResult } from './rewrite.ts';
export { defaultExtractiveConfig, generateExtractive } from './extractive.ts';
export type { ExtractiveAnswer, ExtractiveConfig, ExtractiveSource } from './extractive.ts';
export { ABSTENTION_TEXT, isAbstention } from './abstention.ts';
export { compareRecency, findValueMentions, statesDisagreement } from './conflict.ts';
export { buildAnswerRequest, formatSources, parsePromptTemplate, renderTemplate, templateKey, toMessages } from './prompt.ts';
export type { PromptSource, PromptTemplate } from './prompt.ts';
export { defaultPromptsDir, loadPromptTemplate } from './load-prompt.ts';
export { buildTermStats, weighQuery } from './term-stats.ts';
export type { TermStats, WeightedQuery } from './term-stats.ts';
export { GenerationError } from './errors.ts';
export type { GenerationErrorCode } from './errors.ts';
//# sourceMappingURL=index.d.ts.map