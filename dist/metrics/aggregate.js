/**
 * Averaging per-case metrics into a run's means, so that a run cannot look better by losing cases:
 * failed cases score zero and stay in the average; unscored cases (refusals, abstentions) are counted.
 */
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
export function aggregateMetrics(rows) {
    const names = [];
    const seen = new Set();
    let unscored = 0;
    let failed = 0;
    const scoredRows = [];
    for (const row of rows) {
        if (row.failed)
            failed++;
        if (!row.scored) {
            unscored++;
            continue;
        }
        scoredRows.push(row);
        for (const name of Object.keys(row.metrics ?? {})) {
            if (!seen.has(name)) {
                seen.add(name);
                names.push(name);
            }
        }
    }
    const mean = {};
    const counts = {};
    for (const name of names) {
        // Summed in sorted order so the mean is bit-identical whatever order the cases ran in.
        const values = scoredRows
            .flatMap((row) => (row.failed ? [0] : row.metrics?.[name] !== undefined ? [row.metrics[name]] : []))
            .sort((x, y) => x - y);
        let sum = 0;
        for (const value of values)
            sum += value;
        mean[name] = sum / values.length;
        counts[name] = values.length;
    }
    return { mean, counts, n: scoredRows.length, unscored, failed };
}
/**
 * {@link aggregateMetrics} per group, e.g. per case type or per facet value. Groups appear in first-seen
 * order. Example: `aggregateMetricsBy(records, (r) => r.caseType)` -> { normal: {...}, stale_conflict: {...} }.
 */
export function aggregateMetricsBy(rows, groupOf) {
    const groups = new Map();
    for (const row of rows) {
        const key = groupOf(row);
        const list = groups.get(key) ?? [];
        list.push(row);
        groups.set(key, list);
    }
    const out = {};
    for (const [key, list] of groups)
        out[key] = aggregateMetrics(list);
    return out;
}
//# sourceMappingURL=aggregate.js.map