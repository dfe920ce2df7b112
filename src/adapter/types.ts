/**
 * The adapter boundary: the one contract between the harness and a system under test.
 *
 * `query + tenant + history in -> answer text, cited sources, retrieved chunks out`. The bundled reference
 * pipeline is one adapter; a user's own chatbot (a TS function or an HTTP endpoint) is another.
 */
import type { Turn } from '../cases/schema.ts'
import type { SourceReference } from '../sources/types.ts'

export type { SourceReference }

/** `retrieval` runs only the retriever (no generation, no model cost); `system` runs the full pipeline. */
export type EvalMode = 'retrieval' | 'system'

/** What the harness sends the system for one golden case. */
export interface SystemInput {
  caseId: string
  query: string
  tenantId: string
  history: Turn[]
  mode: EvalMode
  /** Repetition index for repeated trials (enters model cache keys). Default 0. */
  trial?: number
}

/**
 * One retrieved item as the system ranked it (rank 1 first): any {@link SourceReference} the system knows (a
 * harness chunk id, a document id, URL, path, locator or the passage text). The harness resolves it against its
 * own corpus; `tenantId` is only the system's label, checked against the corpus's truth.
 */
export interface RetrievedChunk extends SourceReference {
  /** The tenant the system believes the item belongs to (checked, never trusted). */
  tenantId?: string
  /** The system's score (any scale; only reported). */
  score?: number
}

/** A source shown to the generator under the marker `[marker]`: any {@link SourceReference}, resolved like a retrieved item. */
export interface ShownSource extends SourceReference {
  marker: number
  /** The tenant the system believes the source belongs to (checked, never trusted). */
  tenantId?: string
  /** The text the generator saw (for citation and faithfulness checks, and a reference of last resort). */
  text?: string
  /** ISO date or version of the source, when known (conflict rule). */
  date?: string
  version?: string
}

/** Token and cost accounting for the model calls one case made. */
export interface CaseUsage {
  calls: number
  cachedCalls: number
  retries: number
  inputTokens: number
  outputTokens: number
  costUsd: number
  /** Original cost of calls answered from the cache. */
  savedUsd: number
}

/** What the system returns for one case. */
export interface SystemOutput {
  /** Ranked retrieval results, best first. Required in both modes. */
  retrieved: RetrievedChunk[]
  /** The answer text (system mode). */
  answer?: string
  /** The sources shown to the generator, with their markers (system mode). */
  sources?: ShownSource[]
  /** Whether the system declined to answer. */
  abstained?: boolean
  /** The system's confidence in its answer, in [0, 1] (for risk-coverage). */
  confidence?: number
  /** The standalone query actually used for retrieval (multi-turn rewriting). */
  rewrittenQuery?: string
  usage?: CaseUsage
}

/** A system under test. */
export interface RagAdapter {
  /** Shown in reports. */
  name: string
  run(input: SystemInput): Promise<SystemOutput>
  /** Releases pools, sockets and clients. */
  close?(): Promise<void>
}
