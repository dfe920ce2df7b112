/**
 * The reference RAG pipeline's public surface: the adapter factory, its parts (rewrite, gate, prompt,
 * extractive generator) for tuning and reuse, and the answer-text detectors the harness and judge share.
 */
export { createReferencePipeline, defaultPipelineOptions, usageOf } from './pipeline.js';
export type { ReferenceOutput, ReferencePipeline, ReferencePipelineOptions, Retriever } from './pipeline.js';
export { createIndexRetriever } from './retriever.js';
export { collectGateEvidence, defaultGateConfig, evaluateGate } from './gate.js';
export type { GateConfig, GateDecision, GateEvidence, GateReason } from './gate.js';
export { refersBack, rewriteDeterministic, rewriteQuery } from './rewrite.js';
export type { RewriteResult } from './rewrite.js';
export { defaultExtractiveConfig, generateExtractive } from './extractive.js';
export type { ExtractiveAnswer, ExtractiveConfig, ExtractiveSource } from './extractive.js';
export { ABSTENTION_TEXT, isAbstention } from './abstention.js';
export { compareRecency, findValueMentions, statesDisagreement } from './conflict.js';
export { buildAnswerRequest, formatSources, parsePromptTemplate, renderTemplate, templateKey, toMessages } from './prompt.js';
export type { PromptSource, PromptTemplate } from './prompt.js';
export { defaultPromptsDir, loadPromptTemplate } from './load-prompt.js';
export { buildTermStats, weighQuery } from './term-stats.js';
export type { TermStats, WeightedQuery } from './term-stats.js';
export { GenerationError } from './errors.js';
export type { GenerationErrorCode } from './errors.js';
