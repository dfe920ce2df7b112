/**
 * Averaging per-case metrics into a run's means, so that a run cannot look better by losing cases:
 * failed cases score zero and stay in the average; unscored cases (refusals, abstentions) are counted.
 */

/** One case's contribution to an average. */
export interface MetricRow {
  /** Metric name -> value; absent for a case that failed before it produced metrics. */
  metrics: Record<string, number> | undefined
  /** False for cases whose metrics do not apply (must-abstain cases): counted in `unscored`, not averaged. */
  scored: boolean
  /** True when the case errored: it scores 0 on every metric and stays in the average. */
  failed?: boolean
}

/** The averages of a set of rows. */
export interface MetricAggregate {
  /** Metric name -> mean over the scored rows that have it, failed rows as 0. Names: every name any scored row has. */
  mean: Record<string, number>
  /** Metric name -> how many rows entered its mean (rows that have it, plus failed rows). */
  counts: Record<string, number>
  /** Scored rows averaged (failed scored rows included). */
  n: number
  /** Rows with `scored: false`, reported as a count (never silently dropped). */
  unscored: number
  /** Rows with `failed: true` (scored or not). */
  failed: number
}

/**
 * Means of per-case metrics. Rules, in order:
 * - `scored: false` -> counted in `unscored`, left out of every mean (also when it failed; it is then counted
 *   in `failed` too);
 * - `failed: true` -> 0 on EVERY metric name seen in the other rows, whatever metrics it carries;
 * - a scored, non-failed row without a metric -> left out of THAT metric's mean: the metric does not apply to
 *   it (e.g. `should_contain` on a case with no literals). A failure is never a free pass: failed rows score 0
 *   on every metric whatever they carry.
 * Example: rows {recall@5: 1}, {recall@5: 0.5}, failed -> mean recall@5 = (1 + 0.5 + 0) / 3 = 0.5, n = 3.
 * Example: rows {mrr: 1, should_contain: 0.5}, {mrr: 0} -> mrr (1 + 0) / 2 = 0.5, should_contain 0.5 / 1 = 0.5.
 * No scored rows -> `mean` is `{}` and `n` is 0.
 */
export function aggregateMetrics(rows: readonly MetricRow[]): MetricAggregate {
  // One pass over the rows: each metric's values in a column (names in first-seen order), failed rows counted.
  const columns = new Map<string, number[]>()
  let unscored = 0
  let failed = 0
  let scored = 0
  let failedScored = 0
  for (const row of rows) {
    if (row.failed) failed++
    if (!row.scored) {
      unscored++
      continue
    }
    scored++
    if (row.failed) failedScored++
    const metrics = row.metrics ?? {}
    for (const name of Object.keys(metrics)) {
      let column = columns.get(name)
      if (!column) columns.set(name, (column = []))
      const value = metrics[name]
      if (!row.failed && value !== undefined) column.push(value)
    }
  }
  const mean: Record<string, number> = {}
  const counts: Record<string, number> = {}
  for (const [name, column] of columns) {
    // A failed row is 0 on every metric; sorted before summing so the mean is bit-identical whatever order the
    // cases ran in (a typed array sorts numerically, without a comparator call per pair).
    const values = new Float64Array(column.length + failedScored)
    values.set(column)
    values.sort()
    let sum = 0
    for (const value of values) sum += value
    mean[name] = sum / values.length
    counts[name] = values.length
  }
  return { mean, counts, n: scored, unscored, failed }
}

/**
 * {@link aggregateMetrics} per group, e.g. per case type or per facet value. Groups appear in first-seen
 * order. Example: `aggregateMetricsBy(records, (r) => r.caseType)` -> { normal: {...}, stale_conflict: {...} }.
 */
export function aggregateMetricsBy<Row extends MetricRow>(
  rows: readonly Row[],
  groupOf: (row: Row) => string,
): Record<string, MetricAggregate> {
  const groups = new Map<string, Row[]>()
  for (const row of rows) {
    const key = groupOf(row)
    const list = groups.get(key) ?? []
    list.push(row)
    groups.set(key, list)
  }
  const out: Record<string, MetricAggregate> = {}
  for (const [key, list] of groups) out[key] = aggregateMetrics(list)
  return out
}
