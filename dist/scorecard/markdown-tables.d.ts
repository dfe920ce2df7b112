import type { MetricGroup } from './scorecard.js';
/**
 * Retrieval metrics in the main retrieval table and the facet tables; every metric is in the full table
 * inside a `<details>` block.
 */
export declare const MARKDOWN_HEADLINE_METRICS: readonly string[];
/** Escapes text for a table cell or a list item: pipes, newlines, and HTML-ish angle brackets. */
export declare function escapeMarkdown(text: string): string;
/** A GFM table; the first `leftColumns` columns are left-aligned (labels), the rest right-aligned (numbers). */
export declare function table(header: string[], rows: string[][], leftColumns?: number): string[];
/** A value with `digits` decimals, or an en dash when absent. */
export declare function fixed(value: number | undefined, digits?: number): string;
/** A ratio in [0, 1] as a percent with one decimal. */
export declare function percent(value: number): string;
/** The metric names of the groups, limited to `only` when given (keeping all if none of them is present). */
export declare function metricNamesOf(groups: ReadonlyArray<MetricGroup | undefined>, only?: readonly string[]): string[];
/**
 * Metrics as rows, groups as columns (`overall (n=20)`, `normal (n=14)`, ...). Groups with no scored case
 * are left out; `extra` adds a last column (e.g. calibration).
 */
export declare function metricTable(groups: Array<[string, MetricGroup | undefined]>, names: readonly string[], extra?: {
    header: string;
    cell: (metric: string) => string;
}): string[];
/** One facet: its values as rows (with n), the given metrics as columns. Values with no scored case are left out. */
export declare function facetTable(facet: string, groups: Record<string, MetricGroup>, names: readonly string[]): string[];
