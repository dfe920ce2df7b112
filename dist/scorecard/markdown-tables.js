/**
 * Markdown building blocks for the scorecard view: escaping, number formats, and the metric tables
 * (metrics x groups, and facet values x headline metrics).
 */
import { sortMetricNames } from "./metric-order.js";
/**
 * Retrieval metrics in the main retrieval table and the facet tables; every metric is in the full table
 * inside a `<details>` block.
 */
export const MARKDOWN_HEADLINE_METRICS = ['recall@5', 'recall@20', 'precision@5', 'hit@5', 'ndcg@10', 'mrr'];
/** Escapes text for a table cell or a list item: pipes, newlines, and HTML-ish angle brackets. */
export function escapeMarkdown(text) {
    return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, ' ');
}
/** A GFM table; the first `leftColumns` columns are left-aligned (labels), the rest right-aligned (numbers). */
export function table(header, rows, leftColumns = 1) {
    const align = header.map((_, i) => (i < leftColumns ? ':---' : '---:'));
    return [`| ${header.join(' | ')} |`, `| ${align.join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)];
}
/** A value with `digits` decimals, or an en dash when absent. */
export function fixed(value, digits = 3) {
    return value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);
}
/** A ratio in [0, 1] as a percent with one decimal. */
export function percent(value) {
    return `${(value * 100).toFixed(1)}%`;
}
/** The metric names of the groups, limited to `only` when given (keeping all if none of them is present). */
export function metricNamesOf(groups, only) {
    const all = sortMetricNames(groups.flatMap((g) => Object.keys(g?.mean ?? {})));
    if (!only)
        return all;
    const picked = all.filter((name) => only.includes(name));
    return picked.length > 0 ? picked : all;
}
/**
 * Metrics as rows, groups as columns (`overall (n=20)`, `normal (n=14)`, ...). Groups with no scored case
 * are left out; `extra` adds a last column (e.g. calibration).
 */
export function metricTable(groups, names, extra) {
    const shown = groups.filter(([, g]) => (g?.n ?? 0) > 0);
    if (names.length === 0 || shown.length === 0)
        return ['_No scored cases._'];
    const header = ['Metric', ...shown.map(([label, g]) => `${label} (n=${g?.n ?? 0})`), ...(extra ? [extra.header] : [])];
    const rows = names.map((m) => [m, ...shown.map(([, g]) => fixed(g?.mean[m])), ...(extra ? [extra.cell(m)] : [])]);
    return table(header, rows);
}
/** One facet: its values as rows (with n), the given metrics as columns. Values with no scored case are left out. */
export function facetTable(facet, groups, names) {
    const rows = Object.entries(groups)
        .filter(([, g]) => g.n > 0)
        .map(([value, g]) => [value, `${g.n}`, ...names.map((m) => fixed(g.mean[m]))]);
    if (rows.length === 0)
        return [];
    return table([facet, 'n', ...names], rows);
}
//# sourceMappingURL=markdown-tables.js.map