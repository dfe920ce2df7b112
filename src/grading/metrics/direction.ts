/**
 * Which way is better, per metric: the one table the gate, its floors and the views read. Most metrics are
 * ratios where higher is better (recall@k, MRR, nDCG, faithfulness, CRAG truthfulness, ...); the few where
 * LOWER is better are listed here, next to their definitions in this folder.
 */

/** Which way a metric improves: `higher` (the default) or `lower`. */
export type MetricDirection = 'higher' | 'lower'

/**
 * The metrics where lower is better; every other metric is higher-is-better.
 * - `noise_sensitivity` (`answer.ts`): share of claims misled by irrelevant context;
 * - `aurc` (`abstention.ts`): area under the risk-coverage curve;
 * - `concept_intrusion_context`, `concept_intrusion_answer` (`concepts.ts`): share of irrelevant concepts pulled in;
 * - `copy_ratio` (`gaming.ts`): share of the answer quoted verbatim from the context (the gate's gaming check reads
 *   a rise as the counterpart of a faithfulness gain worsening; gated on its own, a rise is a regression too).
 *   `length_ratio` has no better way (too short and too long both fail a reader) and stays out of this list: gate
 *   it only through the gaming check.
 */
export const LOWER_IS_BETTER_METRICS: readonly string[] = Object.freeze([
  'noise_sensitivity',
  'aurc',
  'concept_intrusion_context',
  'concept_intrusion_answer',
  'copy_ratio',
])

/** The direction of `metric`. Example: `metricDirection('noise_sensitivity')` -> `lower`; `metricDirection('mrr')` -> `higher`. */
export function metricDirection(metric: string): MetricDirection {
  return LOWER_IS_BETTER_METRICS.includes(metric) ? 'lower' : 'higher'
}

/**
 * A change from `baseline` to `current` turned so that a positive value is always an improvement: the
 * change itself for a higher-is-better metric, its negation for a lower-is-better one.
 * Example: noise_sensitivity 0.10 -> 0.15 is a change of +0.05 and an improvement of -0.05 (a regression).
 */
export function improvementOf(metric: string, change: number): number {
  return metricDirection(metric) === 'lower' ? -change : change
}
