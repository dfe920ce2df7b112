/**
 * The reference RAG pipeline, as a {@link RagAdapter}: rewrite the query (multi-turn), retrieve within the
 * case's tenant, gate on the evidence, then answer from the top sources with `[n]` citations, through a
 * generator model when one is configured and with the deterministic extractive generator otherwise.
 *
 * `retrieval` mode stops after retrieval and generates nothing; it runs the same query rewrite as `system`
 * mode, so one arm gives one recall in both modes.
 */
import { defaultPipelineOptions } from './pipeline-defaults.ts'
import type { CaseUsage, RagAdapter, RetrievedChunk, SystemInput, SystemOutput } from '../adapter/types.ts'
import type { Chunk } from '../../corpus/types.ts'
import type { ChatClient, ChatResult } from '../../llm/types.ts'
import { isAbstention } from '../../shared/text/abstention.ts'
import { ABSTENTION_TEXT } from './abstention.ts'
import { GenerationError } from './errors.ts'
import { defaultExtractiveConfig, type ExtractiveConfig } from './extractive.ts'
import {
  collectGateEvidence,
  defaultEvidenceGateConfig,
  evaluateEvidenceGate,
  type EvidenceGateConfig,
  type EvidenceGateDecision,
} from './evidence-gate.ts'
import { BUNDLED_PROMPTS_DIR, loadPromptTemplate } from '../../llm/prompts/load.ts'
import type { PromptTemplate } from '../../llm/prompts/template.ts'
import { answerExtractively, answerWithModel, chooseShown, toShownSources, type Hit } from './answer.ts'
import { rewriteQuery } from './rewrite.ts'
import { buildTermStats, weighQuery, type TermStats } from './term-stats.ts'
import { join } from 'node:path'

/**
 * The retrieval the pipeline is given: the top `k` chunks of `tenantId` for `query`, best first, with the
 * retriever's own scores (any scale: the gate does not read them).
 */
export type Retriever = (query: string, tenantId: string, k: number) => Promise<Array<{ chunk: Chunk; score: number }>>

/** Options of {@link createReferencePipeline}. */
export interface ReferencePipelineOptions {
  retriever: Retriever
  /** Shown in reports. Default `reference` (`reference-extractive` without a generator). */
  name?: string
  /** The generator model; absent -> the extractive generator. */
  generator?: ChatClient
  /** The rewriter model; absent -> the deterministic rewrite. */
  rewriter?: ChatClient
  /**
   * The corpus chunks, to weight query terms by their per-tenant rarity (else `termStats`, else every term
   * weighs 1). Pass them: without idf weights the gate misses more must-abstain questions (on the sample
   * set 24/28 abstentions instead of 28/28), because a term the tenant never uses no longer dominates.
   */
  chunks?: Iterable<Chunk>
  termStats?: TermStats
  /** Retrieval depth (the `retrieved` list). Default 10. */
  k?: number
  /** How many top chunks are shown to the generator as `[1]..[n]`. Default 3. */
  maxSources?: number
  gate?: Partial<EvidenceGateConfig>
  extractive?: Partial<ExtractiveConfig>
  /** Folder of `answer.md` and `rewrite.md`. Default the bundled `evals/prompts/`. */
  promptsDir?: string
  /** Or the templates themselves (win over `promptsDir`). */
  templates?: { answer?: PromptTemplate; rewrite?: PromptTemplate }
  /** Output token cap of the answer call. Default 400. */
  maxTokens?: number
}

export { defaultPipelineOptions } from './pipeline-defaults.ts'

/** What {@link createReferencePipeline}'s `run` adds beyond the adapter contract (for debugging and tuning). */
export interface ReferenceOutput extends SystemOutput {
  gate: EvidenceGateDecision
  /** The extractive answer's best sentence score in [0, 1] (offline path only; 0 when it declined). */
  support?: number
  rewriteMethod: 'model' | 'deterministic' | 'none'
}

/** The reference pipeline: a {@link RagAdapter} whose output also carries the gate decision. */
export interface ReferencePipeline extends RagAdapter {
  run(input: SystemInput): Promise<ReferenceOutput>
}

/** The pipeline's settings with every default filled and the templates read (once, at build time). */
interface PipelineSettings {
  k: number
  maxSources: number
  gateConfig: EvidenceGateConfig
  extractiveConfig: ExtractiveConfig
  termStats: TermStats | undefined
  answerTemplate: PromptTemplate | undefined
  rewriteTemplate: PromptTemplate | undefined
}

function resolveSettings(options: ReferencePipelineOptions): PipelineSettings {
  const k = options.k ?? defaultPipelineOptions.k
  const maxSources = options.maxSources ?? defaultPipelineOptions.maxSources
  if (!Number.isInteger(k) || k < 1)
    throw new GenerationError('VITEST_RAG_PIPELINE_OPTION_INVALID', `k must be a positive integer, got ${String(k)}`)
  if (!Number.isInteger(maxSources) || maxSources < 1) {
    throw new GenerationError(
      'VITEST_RAG_PIPELINE_OPTION_INVALID',
      `maxSources must be a positive integer, got ${String(maxSources)}`,
    )
  }
  const promptsDir = options.promptsDir ?? BUNDLED_PROMPTS_DIR
  return {
    k,
    maxSources,
    gateConfig: { ...defaultEvidenceGateConfig, ...options.gate },
    extractiveConfig: { ...defaultExtractiveConfig, ...options.extractive },
    termStats: options.termStats ?? (options.chunks !== undefined ? buildTermStats(options.chunks) : undefined),
    answerTemplate:
      options.generator === undefined
        ? undefined
        : (options.templates?.answer ?? loadPromptTemplate(join(promptsDir, 'answer.md'), 'answer.md')),
    rewriteTemplate:
      options.rewriter === undefined
        ? undefined
        : (options.templates?.rewrite ?? loadPromptTemplate(join(promptsDir, 'rewrite.md'), 'rewrite.md')),
  }
}

/** Step 1: the query to retrieve with (the same rewrite in every mode, so retrieval mode measures what system mode retrieves). */
function rewriteFor(input: SystemInput, options: ReferencePipelineOptions, template: PromptTemplate | undefined) {
  return rewriteQuery(input.query, input.history, {
    ...(options.rewriter !== undefined ? { rewriter: options.rewriter } : {}),
    ...(template !== undefined ? { template } : {}),
    caseId: input.caseId,
    ...(input.trial !== undefined ? { trial: input.trial } : {}),
  })
}

/**
 * Step 2: what the index returned for the case's tenant (`retrieved`, exactly as returned, so an isolation bug
 * in the index reaches the leak assertion) and the hits of that tenant alone: the filter applies after it, to
 * what the gate and the generator see (defence in depth: another tenant's chunk must never reach the prompt).
 */
async function retrieveForTenant(
  retriever: Retriever,
  query: string,
  tenantId: string,
  k: number,
): Promise<{ retrieved: RetrievedChunk[]; hits: Hit[] }> {
  const returned = (await retriever(query, tenantId, k)).slice(0, k)
  const retrieved: RetrievedChunk[] = returned.map((h) => ({
    chunkId: h.chunk.id,
    tenantId: h.chunk.tenantId,
    score: h.score,
    docId: h.chunk.docId,
  }))
  return { retrieved, hits: returned.filter((h) => h.chunk.tenantId === tenantId) }
}

/** Builds the reference pipeline (see the module doc). Templates are read once, here, when a model is configured. */
export function createReferencePipeline(options: ReferencePipelineOptions): ReferencePipeline {
  const settings = resolveSettings(options)
  const { k, maxSources, gateConfig, extractiveConfig, termStats, answerTemplate } = settings
  const name =
    options.name ?? (options.generator === undefined ? 'reference-extractive' : `reference-${options.generator.model}`)

  async function run(input: SystemInput): Promise<ReferenceOutput> {
    const calls: ChatResult[] = []
    const rewrite = await rewriteFor(input, options, settings.rewriteTemplate)
    if ('call' in rewrite && rewrite.call !== undefined) calls.push(rewrite.call)

    const { retrieved, hits } = await retrieveForTenant(options.retriever, rewrite.query, input.tenantId, k)
    const query = weighQuery(rewrite.query, input.tenantId, termStats)
    const evidence = collectGateEvidence(query, hits)
    const gate = evaluateEvidenceGate(evidence, gateConfig)
    const base = { retrieved, rewrittenQuery: rewrite.query, gate, rewriteMethod: rewrite.method }
    if (input.mode === 'retrieval') return { ...base, usage: usageOf(calls) }
    if (gate.abstain) {
      return {
        ...base,
        answer: ABSTENTION_TEXT,
        sources: [],
        abstained: true,
        confidence: gate.confidence,
        usage: usageOf(calls),
      }
    }

    const shown = chooseShown(hits, evidence.hits, maxSources)
    const sources = toShownSources(shown)
    if (options.generator === undefined || answerTemplate === undefined) {
      const { answer, support, confidence } = answerExtractively(query, shown, extractiveConfig, gate.confidence)
      return {
        ...base,
        answer: answer.text,
        sources,
        abstained: answer.abstained,
        confidence,
        support,
        usage: usageOf(calls),
      }
    }
    const maxTokens = options.maxTokens ?? defaultPipelineOptions.maxTokens
    const result = await answerWithModel(options.generator, answerTemplate, input, rewrite.query, shown, maxTokens)
    calls.push(result)
    const answer = result.text.trim()
    return {
      ...base,
      answer,
      sources,
      abstained: isAbstention(answer),
      confidence: gate.confidence,
      usage: usageOf(calls),
    }
  }

  return { name, run }
}

/** Sums the model calls of one case; a cached call costs nothing now and its original cost counts as saved. */
export function usageOf(calls: readonly ChatResult[]): CaseUsage {
  const usage: CaseUsage = {
    calls: 0,
    cachedCalls: 0,
    retries: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    savedUsd: 0,
  }
  for (const c of calls) {
    usage.calls += 1
    usage.retries += c.retries
    if (c.cached) {
      usage.cachedCalls += 1
      usage.savedUsd += c.originalCostUsd
    } else {
      usage.inputTokens += c.usage.inputTokens
      usage.outputTokens += c.usage.outputTokens
      usage.costUsd += c.costUsd
    }
  }
  return usage
}
