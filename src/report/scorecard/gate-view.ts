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

/** What a view needs of the gate: the verdict, its lines (failures first) and the comparisons it made. */
export interface GateView {
  pass: boolean
  lines: GateLine[]
  comparisons: GateComparisonRow[]
}
