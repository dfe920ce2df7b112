/**
 * The scorecard: the one versioned JSON document a run produces. Everything the reporter prints (Markdown,
 * console) and everything the gate and the baseline use is read from it; nothing is computed while printing.
 */
import type { RecallAlarm } from './recall-alarm.ts'
import type { CaseType } from '../../cases/schema.ts'
import type { EvalMode } from '../../system/adapter/types.ts'
import type { ErrorClass, HardCheckName } from '../../evaluation/case-record.ts'
import type { RetrievalConventions } from '../../grading/metrics/conventions.ts'
import type { OriginSplit } from './origins.ts'
import type { GroupedMetrics, MetricGroup } from './grouped-metrics.ts'
import type { GradeSourceSection } from './grade-sources.ts'
import type { SourcesSection } from './source-summary.ts'
import type { RetrievalLevel } from '../../system/sources/types.ts'
import type { RiskCoveragePoint } from '../../grading/metrics/abstention.ts'
import type { ProviderUsage } from '../../evaluation/provider-usage.ts'
import type { UsageSection } from './usage.ts'

// The group means are defined where they are computed (`grouped-metrics.ts`); the scorecard's readers find them here too.
export type { GroupedMetrics, MetricGroup } from './grouped-metrics.ts'

/**
 * Version of the {@link Scorecard} shape. Bump on an incompatible change; `parseScorecard` refuses any other
 * version with a message saying to re-run the evals.
 */
export const SCORECARD_VERSION = 1

/** Top-ranked ids each case keeps in scorecard and baseline: the recall@5 cutoff (a chunk id is ~45 characters). */
export const TOP_K_KEPT = 5

/** One golden file that fed the run. */
export interface GoldenFileInfo {
  /** Path relative to the project root. */
  file: string
  /** sha256 of the file's canonical cases. */
  hash: string
  /** Number of cases in the file. */
  cases: number
}

/** Agreement of a judge with human labels for one criterion (from `vitest-rag calibrate`). */
export interface CalibrationFigure {
  /** Fraction of labelled items where judge and human agree, in [0, 1]. */
  accuracy: number
  /** Cohen's kappa, in [-1, 1]. */
  kappa: number
  /** Number of labelled items. */
  n: number
  /** Judge version and rows it was measured on: "heuristic-6 on HaluEval QA (...), reporting half (seed 25, ...)". */
  measuredOn?: string
  /** Faithfulness: ROC AUC of the judge's score against the human label on those rows. */
  rocAuc?: number
  /** Faithfulness: ROC AUC of unigram precision (the baseline to beat) on the same rows. */
  unigramRocAuc?: number
  /** False when the judge does not beat the baseline: its figures are a lexical smoke test, not evidence. */
  beatsBaseline?: boolean
}

/** What the run knows besides its case records. */
export interface ScorecardContext {
  harnessVersion: string
  goldenSetHash: string
  goldenFiles: GoldenFileInfo[]
  corpusFingerprint: string
  /** The resolved config with secrets already removed. */
  configSnapshot: unknown
  models: { generator?: string; judge?: string; embedder?: string }
  mode: EvalMode
  /** ISO timestamps. */
  startedAt: string
  finishedAt: string
  /** How many cases the golden set holds; fewer records than this is a partial run (the gate fails closed). */
  expectedCases?: number
  /** Model calls per provider, summed over the run's workers (absent for offline runs). */
  providers?: Record<string, ProviderUsage>
  /** Judge calibration per criterion (`faithfulness`, `citation_accuracy`, `answer_relevance`, `crag`). */
  calibration?: Record<string, CalibrationFigure>
  /** How the cases were chosen, when not the whole golden set. */
  selection?: RunSelection
  /** The run was interrupted. */
  interrupted?: boolean
  /** Errors Vitest caught outside any test. */
  unhandledErrors?: number
  /** Failures of the run outside any case; copied to `run.failures` (see {@link RunSection}). */
  runFailures?: string[]
}

/** Counts for one hard assertion over the run; a check that did not apply to a case is not counted. */
export interface HardCheckSummary {
  name: HardCheckName
  ran: number
  passed: number
  /** Failures that fail the run (known failures not included). */
  failed: number
  /** Failures of this check the golden set marks as known (`known_failures`); absent when none. */
  known?: number
}

/** One failed hard assertion, pointing at the golden case. */
export interface HardFailure {
  caseId: string
  file: string
  line: number
  check: HardCheckName
  message: string
}

/** A hard check the golden case marks as known failing (`known_failures`), with the mark's reason. */
export interface KnownFailure extends HardFailure {
  reason: string
}

/**
 * Hard assertions (zero tolerance), shown first everywhere. `ran = passed + failed + known`: a failure of a
 * check marked known failing counts in `known`, never in `failed`.
 */
export interface HardSection {
  ran: number
  passed: number
  failed: number
  checks: HardCheckSummary[]
  failures: HardFailure[]
  /** Expected failures (marked `known_failures` in the golden set); absent when none. */
  known?: number
  knownFailures?: KnownFailure[]
  /** Marked checks that passed: the mark should be removed, and the run fails until it is (as `test.fails`). */
  markedPassing?: KnownFailure[]
}

/** Judge kind of a run: `mixed` when records disagree (judge metrics are then never gated), `none` unjudged. */
export type RunJudgeKind = 'heuristic' | 'model' | 'mixed' | 'none'

/** Answer metrics, with who judged them and how many cases were judged. */
export interface AnswerSection extends GroupedMetrics {
  judgeKind: RunJudgeKind
  judgeModel?: string
  /** Cases whose judge verdict was used (judge present and not failed). */
  judged: number
  /** Cases that could be judged: every system-mode case. */
  scorable: number
  /** `judged / scorable`, in [0, 1]; 0 when nothing was scorable. */
  coverage: number
  /** Cases whose judge verdict could not be parsed (not a score; they lower coverage). */
  judgeFailed: number
  /**
   * System-mode cases with an answer that is not an abstention. Faithfulness, citation accuracy and answer
   * relevance are means over these cases only ("faithful because silent" is not a score).
   */
  answered?: number
  /** `answered / scorable`, in [0, 1]: how much of the golden set the system answered at all. */
  answerCoverage?: number
  /** Per judge metric: the calibration figure, or `uncalibrated`. */
  calibration: Record<string, CalibrationFigure | 'uncalibrated'>
}

/** Abstention quality against the must-abstain cases, and selective prediction over confidences. */
export interface AbstentionSection {
  /** Cases with an answer (system mode). */
  answered: number
  /** Of those, cases that must abstain (out_of_scope, cross_tenant). */
  mustAbstain: number
  /** Cases where the system abstained. */
  abstained: number
  /** Abstentions on must-abstain cases. */
  correctAbstentions: number
  /** Correct abstentions / all abstentions, in [0, 1]; `null` (not applicable) when the system never abstained. */
  precision: number | null
  /** Correct abstentions / must-abstain cases, in [0, 1]; `null` (not applicable) when no case must abstain. */
  recall: number | null
  /** Harmonic mean of precision and recall, in [0, 1]; `null` when either is not applicable. */
  f1: number | null
  /** Cases with a confidence and an error class (the pairs of the curve). */
  withConfidence: number
  riskCoverage: RiskCoveragePoint[]
  /** Area under the risk-coverage curve, in [0, 1]; lower is better. Absent without confidences. */
  aurc?: number
}

/** Which half of the pipeline an error class points at. */
export type FixHalf = 'retrieval' | 'generation'

/** Error class counts. */
export interface ErrorClassSection {
  /** Cases that carried an error class. */
  classified: number
  overall: Partial<Record<ErrorClass, number>>
  byCaseType: Partial<Record<CaseType, Partial<Record<ErrorClass, number>>>>
  /** Non-correct cases per half to fix. */
  fix: Record<FixHalf, number>
}

/** One case's values as they entered the averages, so a later run can pair cases by id. */
export interface CaseSummary {
  caseHash: string
  /** 16 hex digits of sha256 over its resolved expected chunks and grades: other chunks make it an edited case. */
  expectedHash?: string
  /** The first {@link TOP_K_KEPT} ids its retrieval was scored on, in rank order; absent when none was retrieved. */
  topK?: string[]
  /** 16 hex digits of sha256 over the answer text (system mode): whether the answer changed, without keeping it. */
  answerDigest?: string
  caseType: CaseType
  file: string
  line: number
  /** Retrieval metric values; absent when unscored (must-abstain). Errored cases hold 0 for every metric. */
  retrieval?: Record<string, number>
  /** Answer metric values; absent when unjudged. */
  answer?: Record<string, number>
  /** Hard check name to passed. */
  hard: Partial<Record<HardCheckName, boolean>>
  /** The level the retrieval values were computed at. */
  retrievalLevel?: RetrievalLevel
  /** The case's cluster in the gate's paired test (see `CaseRecord.cluster`); absent: a cluster of its own. */
  cluster?: string
  /** References the system named that resolve to nothing in the corpus. */
  unresolvedSources?: string[]
  errorClass?: ErrorClass
  error?: string
  /** Why the case has no answer metrics although it was judged: the judge failed (its reason). */
  unjudged?: string
}

/**
 * How a run's cases were chosen when they were not the whole golden set. Such a run is gated on what it ran,
 * but `baseline accept` refuses it (it would become a baseline of a subset).
 */
export interface RunSelection {
  /** Some cases were not selected: a file filter, `-t`, `.only`, or cases skipped. */
  filtered?: boolean
  /** `sample: N` ran `size` of the golden set's `of` cases. */
  sample?: { size: number; of: number }
  /** One shard of a sharded run (`--shard index/count`), not merged with the others. */
  shard?: { index: number; count: number }
}

/** Run-level facts: how many cases ran and whether the run is complete. */
export interface RunSection {
  cases: number
  /**
   * Clusters the run's cases form (cases sharing a golden `cluster` or, by default, an expected source document
   * count once; a case with neither counts alone): the units the gate's paired test resamples and flips.
   */
  clusters?: number
  expectedCases?: number
  /** True when fewer cases ran than the golden set holds. */
  partial: boolean
  errored: number
  erroredCaseIds: string[]
  /** Present when the run did not cover the whole golden set by design (filter, sample, shard). */
  selection?: RunSelection
  /** True when the run was interrupted (Ctrl-C, bail, timeout): its figures are partial. */
  interrupted?: boolean
  /** Errors Vitest caught outside any test; the run fails closed on them. */
  unhandledErrors?: number
  /**
   * What went wrong in the run outside any case (a golden module that failed to load, an interrupted or
   * stopped run, unhandled errors), one message each. The gate fails closed on each (`run_failed`).
   */
  failures?: string[]
}

/** The scorecard document. */
export interface Scorecard {
  version: typeof SCORECARD_VERSION
  harnessVersion: string
  mode: EvalMode
  startedAt: string
  finishedAt: string
  goldenSetHash: string
  goldenFiles: GoldenFileInfo[]
  corpusFingerprint: string
  models: { generator?: string; judge?: string; embedder?: string }
  configSnapshot: unknown
  run: RunSection
  hard: HardSection
  retrieval: GroupedMetrics
  answer: AnswerSection
  abstention: AbstentionSection
  errorClasses: ErrorClassSection
  usage: UsageSection
  /** How the retrieval figures were computed (precision denominator, nothing-relevant rule, discount, ties). */
  conventions: { retrieval: RetrievalConventions }
  /** How the sources the system named resolved, and the level (chunk, document, span) of the retrieval metrics. */
  sources?: SourcesSection
  /** Case id to its values, in case id order. */
  cases: Record<string, CaseSummary>
  /** Synthetic vs human-written cases and the gap between them; absent when no case is synthetic. */
  origins?: OriginSplit
  /** Recall near zero in every case type: check the questions before the retriever; absent when it did not ring. */
  retrievalAlarm?: RecallAlarm
  /** Where the relevance grades came from (golden, llm, heuristic, human); absent without a pooled qrels file. */
  gradeSources?: GradeSourceSection
}
