/**
 * Per-case metric rows and their means overall, per case type, per tenant and per CRAG facet. The rows are normalised
 * here, once: an errored case holds 0 for every metric the run produced, so the per-case values stored for
 * pairing are exactly what entered the averages.
 */
import {
  aggregateMetrics,
  aggregatePartitions,
  metricMatrix,
  type MetricAggregate,
  type MetricRow,
} from '../../grading/metrics/aggregate.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import type { CaseType } from '../../cases/schema.ts'

/**
 * Means of a group of cases. `n` counts the scored cases that entered the mean (failed ones included: they
 * score 0), `unscored` the cases whose metric does not apply (must-abstain retrieval, unjudged answers),
 * `failed` the errored cases among `n`.
 */
export interface MetricGroup {
  n: number
  unscored: number
  failed: number
  /** Metric name to mean value. Ratios in [0, 1]; `crag_truthfulness` in [-1, 1]. */
  mean: Record<string, number>
}

/** Means overall, per case type and per CRAG facet value. */
export interface GroupedMetrics {
  overall: MetricGroup
  byCaseType: Partial<Record<CaseType, MetricGroup>>
  /**
   * Means per tenant (the golden case's `tenant_id`), beside the per-type means: one tenant's regression shows
   * even when the overall mean hides it. Absent in scorecards written before it existed.
   */
  byTenant?: Record<string, MetricGroup>
  /**
   * Means per golden `tag` (e.g. `build-testset`'s question-type strata), in tag order: a case counts in the group
   * of each of its tags, so the groups may overlap and need not add up to the overall `n`. Absent when no case
   * has a tag.
   */
  byTag?: Record<string, MetricGroup>
  byFacet: {
    questionType: Record<string, MetricGroup>
    popularity: Record<string, MetricGroup>
    dynamism: Record<string, MetricGroup>
  }
}

/**
 * One case's {@link MetricRow} for one family (retrieval or answer), with its record: `metrics` are the values
 * as they enter the mean (undefined when the case is unscored) and `failed` is always set.
 */
export interface CaseMetricRow extends MetricRow {
  record: CaseRecord
  failed: boolean
}

/**
 * Builds normalised rows: `pick` returns a case's own values (undefined or empty when it has none) and
 * whether it is scored. A failed (errored) case is scored and holds 0 for every metric name seen in the
 * run, overriding any partial values it had: it scores zero, never leaves the average.
 * A scored case lacking a metric holds no value for it (the metric does not apply, e.g. `should_contain` on a
 * case without literals), and an unscored case holds no values.
 * Example: A has recall@5 = 1, B errored -> B's row is { recall@5: 0 } and the mean is 0.5.
 */
export function buildMetricRows(
  records: readonly CaseRecord[],
  pick: (record: CaseRecord) => { metrics: Record<string, number> | undefined; scored: boolean },
): CaseMetricRow[] {
  const picked = records.map((record) => ({ record, ...pick(record), failed: record.error !== undefined }))
  const names = new Set<string>()
  for (const row of picked) {
    if (row.scored && !row.failed && row.metrics) for (const name of Object.keys(row.metrics)) names.add(name)
  }
  return picked.map((row) => {
    if (row.failed && row.scored) {
      const zeros: Record<string, number> = {}
      for (const name of names) zeros[name] = 0
      return { ...row, metrics: zeros }
    }
    const hasValues = row.metrics !== undefined && Object.keys(row.metrics).length > 0
    if (!row.scored || !hasValues) return { ...row, metrics: undefined, scored: false }
    return { ...row, metrics: row.metrics }
  })
}

/** Mean of the rows, through the metrics core's aggregation. */
export function meanOfRows(rows: readonly CaseMetricRow[]): MetricGroup {
  return metricGroup(aggregateMetrics(rows))
}

function metricGroup(result: MetricAggregate): MetricGroup {
  return { n: result.n, unscored: result.unscored, failed: result.failed, mean: result.mean }
}

/** A partition of the rows by a key: each row's group index, and the keys in sorted order (group i = keys[i]). */
function partition(
  rows: readonly CaseMetricRow[],
  key: (record: CaseRecord) => string,
): { level: Int32Array; keys: string[] } {
  const firstSeen = new Map<string, number>()
  const level = new Int32Array(rows.length)
  for (let i = 0; i < rows.length; i++) {
    const value = key((rows[i] as CaseMetricRow).record)
    let g = firstSeen.get(value)
    if (g === undefined) firstSeen.set(value, (g = firstSeen.size))
    level[i] = g
  }
  // Renumbered so that group g is the g-th key in sorted order.
  const keys = [...firstSeen.keys()].sort()
  const rank = new Int32Array(keys.length)
  keys.forEach((k, sortedIndex) => (rank[firstSeen.get(k) as number] = sortedIndex))
  for (let i = 0; i < level.length; i++) level[i] = rank[level[i] as number] as number
  return { level, keys }
}

/**
 * Means overall, per case type, per tenant, and per question type, popularity and dynamism: the rows read into
 * one matrix, every grouping aggregated in one pass of the metrics core.
 */
export function groupMetrics(rows: readonly CaseMetricRow[]): GroupedMetrics {
  const keys: Array<(record: CaseRecord) => string> = [
    (r) => r.caseType,
    (r) => r.tenantId,
    (r) => r.facets.questionType,
    (r) => r.facets.popularity,
    (r) => r.facets.dynamism,
  ]
  const partitions = keys.map((key) => partition(rows, key))
  const levels = [new Int32Array(rows.length), ...partitions.map((p) => p.level)]
  const results = aggregatePartitions(metricMatrix(rows), levels, [1, ...partitions.map((p) => p.keys.length)])
  const named = (l: number): Record<string, MetricGroup> =>
    Object.fromEntries(partitions[l - 1]!.keys.map((k, g) => [k, metricGroup(results[l]![g]!)]))
  const byTag = groupByTag(rows)
  return {
    overall: metricGroup(results[0]![0]!),
    byCaseType: named(1),
    byTenant: named(2),
    ...(byTag ? { byTag } : {}),
    byFacet: { questionType: named(3), popularity: named(4), dynamism: named(5) },
  }
}

/**
 * Means per tag: each tag's group holds every row whose case lists the tag (a case with two tags is in both).
 * Undefined when no case has a tag. Example: A (tags x, y) recall 1, B (tag x) recall 0, C (no tag) ->
 * x: (1 + 0) / 2 = 0.5 (n = 2), y: 1 (n = 1).
 */
export function groupByTag(rows: readonly CaseMetricRow[]): Record<string, MetricGroup> | undefined {
  const members = new Map<string, CaseMetricRow[]>()
  for (const row of rows)
    for (const tag of new Set(row.record.tags ?? [])) {
      const list = members.get(tag)
      if (list) list.push(row)
      else members.set(tag, [row])
    }
  if (members.size === 0) return undefined
  return Object.fromEntries([...members.keys()].sort().map((tag) => [tag, meanOfRows(members.get(tag)!)]))
}
