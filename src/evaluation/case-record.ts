/**
 * The per-case record: everything one golden case's test hands to the reporter (through Vitest's
 * `task.meta.rag`), and the unit the scorecard aggregates and the baseline stores. JSON-serialisable.
 */
import type { CaseType, DynamismSchema, PopularitySchema, QuestionType } from '../cases/schema.ts'
import type { EvalMode } from '../system/adapter/types.ts'
import type { ErrorClass } from '../grading/metrics/error-class.ts'
import type { z } from 'zod'
import type { ResolvedVia, RetrievalLevel } from '../system/sources/types.ts'
import type { HardCheckResult } from '../grading/checks/hard-checks.ts'
import type { RecordedJudgement } from '../grading/judge/types.ts'

// The record's parts are owned by the stages that produce them; re-exported so the record reads as one contract.
export type { HardCheckName, HardCheckResult } from '../grading/checks/hard-checks.ts'
export type { RecordedJudgement } from '../grading/judge/types.ts'

/** Version of the {@link CaseRecord} shape; bump on an incompatible change. */
export const CASE_RECORD_VERSION = 1

/** The error class of a case; defined beside its classifier in `src/grading/metrics/error-class.ts`. */
export type { ErrorClass } from '../grading/metrics/error-class.ts'

/** A retrieved item as recorded: rank order is array order. */
export interface RecordedHit {
  /** The harness chunk id it resolved to (its first chunk), or the system's reference when it did not resolve. */
  chunkId: string
  score: number
  /** The tenant the corpus says it belongs to; the system's label when it did not resolve. */
  tenantId: string
  /** Harness document id, when resolved. */
  docId?: string
  /** How the system's reference resolved (`unresolved`: it names nothing in the corpus). */
  via?: ResolvedVia | 'unresolved'
}

/** How a case's source references resolved: a reference that names nothing is a per-case problem. */
export interface RecordedSources {
  /** References the system named (retrieved items and shown sources). */
  references: number
  /** References that resolved to nothing (each occurrence counts). */
  unresolvedCount: number
  /** Distinct descriptions of the references that resolved to nothing. */
  unresolved: string[]
  /** Resolved references per way of resolving. */
  via: Partial<Record<ResolvedVia, number>>
  /** References that fit documents of more than one tenant (never credited; not counted as unresolved). Absent: 0. */
  ambiguous?: number
  /** References whose tie between tenants the system's own label settled (`tenancy: 'label'`). Absent: 0. */
  labelTieBreaks?: number
  /** Evidence that disagreed (fields naming different documents) and ambiguous references, up to 10. Absent: none. */
  problems?: string[]
}

/** An expected chunk with its relevance grade (0-3). */
export interface RecordedExpected {
  chunkId: string
  grade: number
}

/** Everything the reporter needs about one case. */
export interface CaseRecord {
  version: typeof CASE_RECORD_VERSION
  caseId: string
  caseType: CaseType
  tenantId: string
  /** Golden file (relative to the project root) and 1-based line of the case. */
  file: string
  line: number
  facets: {
    answerable: boolean
    questionType: QuestionType
    popularity: z.infer<typeof PopularitySchema>
    dynamism: z.infer<typeof DynamismSchema>
  }
  mode: EvalMode
  /** sha256 of the case's canonical JSON: a baseline entry from a changed case is not paired. */
  caseHash: string
  hard: HardCheckResult[]
  retrieval: {
    retrieved: RecordedHit[]
    expected: RecordedExpected[]
    /** False for cases that must abstain: their retrieval is unscored and counted as such. */
    scored: boolean
    /** Metric name (`recall@5`, `mrr`, `ndcg@10`, ...) to value in [0, 1]. */
    metrics: Record<string, number>
    /**
     * With a pooled qrels file: how many judged chunks took their grade from each source (`provenance` = the
     * golden file, `llm`, `heuristic`, `human`). Absent when the run scored golden grades only.
     */
    gradeSources?: Partial<Record<'human' | 'provenance' | 'llm' | 'heuristic', number>>
    /** The level the metrics were computed at (chunk, document or span): the level the system returned. */
    level?: RetrievalLevel
    /**
     * The ids scored, in rank order, at that level (chunk ids, document ids; `unresolved:<rank>` for misses).
     * Absent when they are the retrieved chunk ids (`retrieved[i].chunkId`).
     */
    ranked?: string[]
    /** The qrels at that level (documents at the best grade of their expected chunks). Absent when they are `expected`. */
    judged?: RecordedExpected[]
  }
  /** How the sources the system named resolved against the corpus. */
  sources?: RecordedSources
  answer?: {
    text: string
    abstained: boolean
    confidence?: number
    citedMarkers: number[]
  }
  judge?: RecordedJudgement
  /** Answer metric name (`faithfulness`, `citation_accuracy`, `answer_relevance`, `crag_truthfulness`,
   * `should_contain`, and the gaming signals `copy_ratio` and `length_ratio`) to value. */
  answerMetrics: Record<string, number>
  errorClass?: ErrorClass
  usage: {
    calls: number
    cachedCalls: number
    retries: number
    costUsd: number
    savedUsd: number
  }
  latencyMs: number
  /** Set when the case errored before producing results (it scores zero, never leaves the average). */
  error?: string
  /** True when `error` came from the system under test (it threw, failed over HTTP, or returned a malformed output). */
  systemFailed?: true
  /** The golden case's `tags` (e.g. `build-testset`'s question-type strata); the scorecard groups by each. Absent: none. */
  tags?: string[]
  /** True for a synthetic (model-written) case: the scorecard reports these apart from human-written ones. */
  synthetic?: boolean
  /**
   * The case's cluster for the paired test (`caseCluster`: the golden `cluster`, else the document of its
   * best-graded expected chunk); absent: a cluster of its own.
   */
  cluster?: string
}
