/**
 * What the gate decides, as data: the verdict, the reasons it failed, every metric comparison it made, and
 * the messages to print (reasons first, then warnings and notes).
 */

import type { GroupPower } from './power.ts'
import type { CaseChanges } from './pairing.ts'
import type { CaseDiffRow, ComparisonVerdict } from '../scorecard/gate-view.ts'

/** Why a gate failed. */
export type GateReasonCode =
  /** The run failed outside any case (`run.failures`: a module error, interruption, unhandled errors). */
  | 'run_failed'
  | 'empty_run'
  | 'partial_run'
  | 'errored_cases'
  | 'hard_assertion_failed'
  /** A hard check marked known failing (`known_failures`) passed: remove the mark (as `test.fails` fails on a pass). */
  | 'known_failure_passed'
  | 'metric_regression'
  | 'metric_missing'
  | 'not_comparable'
  /** The comparison itself threw (e.g. an invalid policy): fail closed, with the error's message. */
  | 'gate_error'
  /** A metric's mean is under its absolute floor (`policy.floors`). */
  | 'below_floor'
  /** The configured judge covered too few cases and judge metrics are required (`policy.requireJudge`). */
  | 'judge_coverage'
  /** A gated metric improved while its counterpart worsened beyond tolerance (`policy.onGaming` `fail`; see gaming.ts). */
  | 'gaming'
  /** A baseline that was named (option or `VITEST_RAG_BASELINE`) does not exist. */
  | 'baseline_missing'

/** One reason the gate failed. */
export interface GateReason {
  code: GateReasonCode
  message: string
  metric?: string
  /** `overall` or a case type. */
  group?: string
  caseId?: string
}

/** The outcome of the paired significance test for one comparison. */
export interface SignificanceSummary {
  /** Paired cases (same id and case hash in both runs). */
  n: number
  /** Clusters the paired cases form: the units the bootstrap resamples and the permutation test flips. */
  clusters?: number
  /** Mean of current - baseline over the pairs. */
  meanDiff: number
  ci: [number, number]
  pValue: number
  significant: boolean
}

/** The verdict of one metric comparison (defined with the views that print it). */
export type { ComparisonVerdict } from '../scorecard/gate-view.ts'

/** One gated metric in one group, baseline against current. */
export interface MetricComparison {
  metric: string
  family: 'retrieval' | 'answer'
  /** `overall` or a case type. */
  group: string
  baseline: number
  /** NaN when `missing`. */
  current: number
  /** `(current - baseline) / |baseline|`; +Infinity when the baseline is 0 and the current is not. */
  relativeChange: number
  verdict: ComparisonVerdict
  significance?: SignificanceSummary
  /** Why the verdict, when it is not obvious (e.g. underpowered test). */
  note?: string
}

/** The gate's decision. */
export interface GateResult {
  pass: boolean
  status: 'pass' | 'fail'
  reasons: GateReason[]
  comparisons: MetricComparison[]
  /** Every line to print, reasons first; each names the metric, group, old and new value and change. */
  messages: string[]
  /** Whether a baseline was compared at all (false: no baseline, or not comparable). */
  compared: boolean
  /** Per gated metric and group: its size and the smallest drop the gate can confirm there (when compared). */
  power?: GroupPower[]
  /** How the run's cases paired with the baseline's (new, edited, removed ids); absent without a baseline. */
  cases?: CaseChanges
  /** What changed on each paired case whose gated metric fell (see `diffCases`); absent when none fell. */
  caseDiffs?: CaseDiffRow[]
  /** How many more cases fell than `caseDiffs` lists. */
  moreCaseDiffs?: number
}
