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
  const names: string[] = []
  const seen = new Set<string>()
  let unscored = 0
  let failed = 0
  const scoredRows: MetricRow[] = []
  for (const row of rows) {
    if (row.failed) failed++
    if (!row.scored) {
      unscored++
      continue
    }
    scoredRows.push(row)
    for (const name of Object.keys(row.metrics ?? {})) {
      if (!seen.has(name)) {
        seen.add(name)
        names.push(name)
      }
    }
  }
  const mean: Record<string, number> = {}
  const counts: Record<string, number> = {}
  const buffer = new Float64Array(scoredRows.length)
  for (const name of names) {
    let count = 0
    for (const row of scoredRows) {
      const value = row.failed ? 0 : row.metrics?.[name]
      if (value !== undefined) buffer[count++] = value
    }
    // Summed in sorted order so the mean is bit-identical whatever order the cases ran in (a typed array
    // sorts numerically, without a comparator call per pair).
    const values = buffer.subarray(0, count).sort()
    let sum = 0
    for (const value of values) sum += value
    mean[name] = sum / count
    counts[name] = count
  }
  return { mean, counts, n: scoredRows.length, unscored, failed }
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
