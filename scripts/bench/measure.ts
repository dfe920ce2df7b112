/** Timing and printing helpers for the benchmark. */

/** Wall and CPU (user + system, all threads of this process) time of the fastest repetition, ms. */
export interface Timing {
  wall: number
  cpu: number
}

/**
 * Runs `fn` `warmup` times (JIT and WASM tier-up; fresh workers need a few rounds), then `reps` times, and keeps
 * the fastest repetition: on a shared, noisy machine the minimum is the estimate least polluted by other
 * processes (the numpy/scipy scripts do the same). CPU time is printed beside it because it barely moves with
 * time-slicing; for the pool it counts only this thread, so it is not reported there.
 */
export async function timeBest(reps: number, fn: () => unknown, warmup = 1): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn()
  let best: Timing = { wall: Infinity, cpu: Infinity }
  for (let i = 0; i < reps; i++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    await fn()
    const wall = performance.now() - t0
    const c = process.cpuUsage(c0)
    if (wall < best.wall) best = { wall, cpu: (c.user + c.system) / 1000 }
  }
  return best
}

/** Wall time of the fastest repetition ({@link timeBest}), ms. */
export async function timeBestWall(reps: number, fn: () => unknown, warmup = 1): Promise<number> {
  return (await timeBest(reps, fn, warmup)).wall
}

/** Peak resident set size of this process so far, in MiB. */
export function peakRssMiB(): number {
  return process.resourceUsage().maxRSS / 1024
}

/** A number with 3 significant digits (ms, ratios). Example: 0.31849 -> "0.318", 22.2 -> "22.2", 1234 -> "1234". */
export function fmt(value: number | undefined | null): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '-'
  return value >= 100
    ? value.toFixed(0)
    : value >= 10
      ? value.toFixed(1)
      : value >= 1
        ? value.toFixed(2)
        : value.toPrecision(3)
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
