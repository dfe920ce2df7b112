import type { CaseRecord } from './case-record.js';
import type { GroupedMetrics, MetricGroup } from './scorecard.js';
/** One case's metric values for one family (retrieval or answer). */
export interface MetricRow {
    record: CaseRecord;
    /** Values as they enter the mean; undefined when the case is unscored. */
    metrics: Record<string, number> | undefined;
    scored: boolean;
    failed: boolean;
}
/**
 * Builds normalised rows: `pick` returns a case's own values (undefined or empty when it has none) and
 * whether it is scored. A failed (errored) case is scored and holds 0 for every metric name seen in the
 * run, overriding any partial values it had: it scores zero, never leaves the average.
 * A scored case lacking a metric holds no value for it (the metric does not apply, e.g. `should_contain` on a
 * case without literals), and an unscored case holds no values.
 * Example: A has recall@5 = 1, B errored -> B's row is { recall@5: 0 } and the mean is 0.5.
 */
export declare function buildMetricRows(records: readonly CaseRecord[], pick: (record: CaseRecord) => {
    metrics: Record<string, number> | undefined;
    scored: boolean;
}): MetricRow[];
/** Mean of the rows, through the metrics core's aggregation. */
export declare function meanOfRows(rows: readonly MetricRow[]): MetricGroup;
/** Means overall, per case type, and per question type, popularity and dynamism. */
export declare function groupMetrics(rows: readonly MetricRow[]): GroupedMetrics;
