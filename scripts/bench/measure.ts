/** Timing and printing helpers for the benchmark. */

/** Median of `values`. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/**
 * Runs `fn` `warmup` times (JIT and WASM tier-up; fresh workers need a few rounds), then `reps` times; the median
 * wall time in ms.
 */
export async function timeMedian(reps: number, fn: () => unknown, warmup = 1): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn()
  const times: number[] = []
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now()
    await fn()
    times.push(performance.now() - t0)
  }
  return median(times)
}

/** Peak resident set size of this process so far, in MiB. */
export function peakRssMiB(): number {
  return process.resourceUsage().maxRSS / 1024
}

/** A number with 3 significant digits (ms, ratios). */
export function fmt(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '-'
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value >= 1 ? value.toFixed(2) : value.toPrecision(3)
}

/** Prints rows as an aligned Markdown table. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`
  console.log(line(header))
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const row of rows) console.log(line(row))
  console.log('')
}
