/**
 * Markdown building blocks for the scorecard view: escaping, number formats, and the metric tables
 * (metrics x groups, and facet values x headline metrics).
 */
import { sortMetricNames } from './metric-order.ts'
import type { MetricGroup } from './scorecard.ts'

/**
 * Retrieval metrics in the main retrieval table and the facet tables; every metric is in the full table
 * inside a `<details>` block.
 */
export const MARKDOWN_HEADLINE_METRICS: readonly string[] = [
  'recall@5',
  'recall@20',
  'precision@5',
  'hit@5',
  'ndcg@10',
  'mrr',
]

/** Escapes text for a table cell or a list item: pipes, newlines, and HTML-ish angle brackets. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r?\n/g, ' ')
}

/** A GFM table; the first `leftColumns` columns are left-aligned (labels), the rest right-aligned (numbers). */
export function table(header: string[], rows: string[][], leftColumns = 1): string[] {
  const align = header.map((_, i) => (i < leftColumns ? ':---' : '---:'))
  return [`| ${header.join(' | ')} |`, `| ${align.join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)]
}

/** A value with `digits` decimals, an en dash when absent, `n/a` when not applicable (`null`: an empty denominator). */
export function fixed(value: number | null | undefined, digits = 3): string {
  if (value === null) return 'n/a'
  return value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits)
}

/** A ratio in [0, 1] as a percent with one decimal. */
export function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`
}

/** The metric names of the groups, limited to `only` when given (keeping all if none of them is present). */
export function metricNamesOf(groups: ReadonlyArray<MetricGroup | undefined>, only?: readonly string[]): string[] {
  const all = sortMetricNames(groups.flatMap((g) => Object.keys(g?.mean ?? {})))
  if (!only) return all
  const picked = all.filter((name) => only.includes(name))
  return picked.length > 0 ? picked : all
}

/**
 * Metrics as rows, groups as columns (`overall (n=20)`, `normal (n=14)`, ...). Groups with no scored case
 * are left out; `extra` adds a last column (e.g. calibration).
 */
export function metricTable(
  groups: Array<[string, MetricGroup | undefined]>,
  names: readonly string[],
  extra?: { header: string; cell: (metric: string) => string },
): string[] {
  const shown = groups.filter(([, g]) => (g?.n ?? 0) > 0)
  if (names.length === 0 || shown.length === 0) return ['_No scored cases._']
  const header = ['Metric', ...shown.map(([label, g]) => `${label} (n=${g?.n ?? 0})`), ...(extra ? [extra.header] : [])]
  const rows = names.map((m) => [m, ...shown.map(([, g]) => fixed(g?.mean[m])), ...(extra ? [extra.cell(m)] : [])])
  return table(header, rows)
}

/**
 * The per-tenant means as one row per tenant (with n), the given metrics as columns, when the run has more than
 * one tenant (one tenant's row would repeat the overall line). Example: tenants brassmoth (n=20) and quillfern
 * (n=18) -> a two-row table headed `Tenant | n | recall@5 | ...`.
 */
export function tenantTable(groups: Record<string, MetricGroup> | undefined, names: readonly string[]): string[] {
  const shown = Object.entries(groups ?? {}).filter(([, g]) => g.n > 0)
  if (shown.length < 2 || names.length === 0) return []
  return [
    '',
    ...table(
      ['Tenant', 'n', ...names],
      shown.map(([tenantId, g]) => [tenantId, `${g.n}`, ...names.map((m) => fixed(g.mean[m]))]),
    ),
  ]
}

/** One facet: its values as rows (with n), the given metrics as columns. Values with no scored case are left out. */
export function facetTable(facet: string, groups: Record<string, MetricGroup>, names: readonly string[]): string[] {
  const rows = Object.entries(groups)
    .filter(([, g]) => g.n > 0)
    .map(([value, g]) => [value, `${g.n}`, ...names.map((m) => fixed(g.mean[m]))])
  if (rows.length === 0) return []
  return table([facet, 'n', ...names], rows)
}
