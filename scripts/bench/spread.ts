/** Interleaved repetitions summarised as the README prints them: the median and the min-max range. */

/** Median, smallest and largest of a figure's repetitions; `runs` 1 means a single run, no spread. */
export interface Spread {
  median: number
  min: number
  max: number
  runs: number
}

/** The spread of `values` (the median of an even count is the mean of the middle two). Example: [3, 1, 2] -> 2, 1-3. */
export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  return { median, min: sorted[0] ?? Number.NaN, max: sorted[sorted.length - 1] ?? Number.NaN, runs: sorted.length }
}

/**
 * The spread of the per-repetition ratios `a[i] / b[i]` (each repetition's two sides were timed together, so a
 * load spike cancels in its ratio). Example: [2, 3, 8] / [1, 2, 4] -> ratios 2, 1.5, 2 -> 2, 1.5-2.
 */
export function ratioSpread(a: readonly number[], b: readonly number[]): Spread {
  return spreadOf(a.map((v, i) => v / (b[i] as number)))
}

/** `2.21 (2.05-2.60, 5 runs)` or `2.21 (one run)`, with `format` applied to each number. */
export function describeSpread(s: Spread | undefined, format: (n: number) => string): string {
  if (s === undefined) return '-'
  return s.runs > 1
    ? `${format(s.median)} (${format(s.min)}-${format(s.max)}, ${s.runs} runs)`
    : `${format(s.median)} (one run)`
}

/** A spread of milliseconds in seconds. */
export function inSeconds(s: Spread): Spread {
  return { ...s, median: s.median / 1000, min: s.min / 1000, max: s.max / 1000 }
}
