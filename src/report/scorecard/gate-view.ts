/**
 * The gate's outcome as the views print it. The gate hands this over as data (`gateView` in
 * `src/report/gate/gate-messages.ts`), so the renderers here never import the gate, which stands a floor above.
 */

/**
 * The verdict of one metric comparison:
 * - `improvement`: rose, confirmed by the paired test; `no_detectable_change`: rose, but the test does not confirm it;
 * - `unchanged`: equal within 1e-9; `within_tolerance`: dropped by at most the allowed drop;
 * - `not_significant`: dropped by more, but the paired test did not confirm it (passes);
 * - `regression`: dropped by more, confirmed (or significance not required, or too few pairs to test): fails;
 * - `missing`: the baseline has the metric and this run does not: fails closed.
 */
export type ComparisonVerdict =
  | 'improvement'
  | 'no_detectable_change'
  | 'unchanged'
  | 'within_tolerance'
  | 'not_significant'
  | 'regression'
  | 'missing'

/** One printable line of the gate outcome. */
export interface GateLine {
  /** `failure` lines fail the gate; `note` lines are warnings and information. */
  kind: 'failure' | 'note'
  text: string
}

/** One gated metric in one group as a table row. */
export interface GateComparisonRow {
  metric: string
  /** `overall` or a case type. */
  group: string
  baseline: number
  /** NaN when `missing`. */
  current: number
  /** `(current - baseline) / |baseline|`; +Infinity when the baseline is 0 and the current is not. */
  relativeChange: number
  /** The paired test's p-value as printed (`0.031`, `2.0e-4`), `''` when no test ran. */
  pValue: string
  verdict: ComparisonVerdict
  /**
   * The smallest relative drop (a rise, for a lower-is-better metric) the gate can confirm in this group at
   * 80% power, after the family correction, in [0, +inf); absent when not computed.
   */
  confirmableDrop?: number
}

/** One paired case whose hard check flipped or gated metric fell: what, and what changed in its top k and its answer. */
export interface CaseDiffRow {
  caseId: string
  /** Each gated metric that fell on this case, baseline and current value. */
  fell: Array<{ metric: string; baseline: number; current: number }>
  /** Hard checks that fail now and did not when the baseline was taken; absent when none flipped. */
  flipped?: string[]
  /** Ids of the baseline's top k no longer in it, with their baseline ranks (1-based); absent without a kept ranking. */
  left?: Array<{ id: string; rank: number }>
  /** Ids new to the top k, with their current ranks (1-based); absent without a kept ranking. */
  entered?: Array<{ id: string; rank: number }>
  /** Whether the answer text changed (by digest); absent when either run has no answer. */
  answerChanged?: boolean
}

/** What a view needs of the gate: the verdict, its lines (failures first) and the comparisons it made. */
export interface GateView {
  pass: boolean
  lines: GateLine[]
  comparisons: GateComparisonRow[]
  /** The cases whose gated metrics fell, largest fall first (absent when nothing was compared or nothing fell). */
  caseDiffs?: CaseDiffRow[]
  /** How many more fell than `caseDiffs` lists. */
  moreCaseDiffs?: number
}
