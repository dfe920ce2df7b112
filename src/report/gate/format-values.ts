/** How the gate writes numbers in its messages: metric values, relative changes, p-values. Pure. */

/** Formats a metric value for messages: 3 decimals. */
export function formatValue(value: number): string {
  return Number.isFinite(value) ? value.toFixed(3) : String(value)
}

/** Formats a relative change for messages: signed percent with one decimal (`-6.0%`). */
export function formatChange(change: number): string {
  if (!Number.isFinite(change)) return change > 0 ? '+inf%' : 'n/a'
  const percent = change * 100
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)}%`
}

/** Formats a p-value: two significant digits, in exponent form below 0.001 (`1.9e-6`, `0.031`, `0.50`). */
export function formatPValue(p: number): string {
  return p < 0.001 ? p.toExponential(1) : p.toPrecision(2)
}

/** `(current - baseline) / |baseline|`; 0 when both are 0; +Infinity when only the baseline is 0. */
export function relativeChange(baseline: number, current: number): number {
  if (baseline === 0) return current === 0 ? 0 : current > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY
  return (current - baseline) / Math.abs(baseline)
}
