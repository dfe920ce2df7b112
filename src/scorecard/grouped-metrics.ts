/**
 * Per-case metric rows and their means overall, per case type, per tenant and per CRAG facet. The rows are normalised
 * here, once: an errored case holds 0 for every metric the run produced, so the per-case values stored for
 * pairing are exactly what entered the averages.
 */
import { aggregateMetrics } from '../metrics/aggregate.ts'
import type { CaseRecord } from './case-record.ts'
import type { GroupedMetrics, MetricGroup } from './scorecard.ts'

/** One case's metric values for one family (retrieval or answer). */
export interface MetricRow {
  record: CaseRecord
  /** Values as they enter the mean; undefined when the case is unscored. */
  metrics: Record<string, number> | undefined
  scored: boolean
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
): MetricRow[] {
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
export function meanOfRows(rows: readonly MetricRow[]): MetricGroup {
  // A MetricRow is the core's row with its record beside it: passed as it is, not copied per grouping.
  const result = aggregateMetrics(rows)
  return { n: result.n, unscored: result.unscored, failed: result.failed, mean: { ...result.mean } }
}

function groupBy(rows: readonly MetricRow[], key: (record: CaseRecord) => string): Record<string, MetricGroup> {
  const buckets = new Map<string, MetricRow[]>()
  for (const row of rows) {
    const value = key(row.record)
    const bucket = buckets.get(value) ?? []
    bucket.push(row)
    buckets.set(value, bucket)
  }
  const out: Record<string, MetricGroup> = {}
  for (const value of [...buckets.keys()].sort()) out[value] = meanOfRows(buckets.get(value) ?? [])
  return out
}

/** Means overall, per case type, per tenant, and per question type, popularity and dynamism. */
export function groupMetrics(rows: readonly MetricRow[]): GroupedMetrics {
  return {
    overall: meanOfRows(rows),
    byCaseType: groupBy(rows, (r) => r.caseType),
    byTenant: groupBy(rows, (r) => r.tenantId),
    byFacet: {
      questionType: groupBy(rows, (r) => r.facets.questionType),
      popularity: groupBy(rows, (r) => r.facets.popularity),
      dynamism: groupBy(rows, (r) => r.facets.dynamism),
    },
  }
}
