/**
 * Progress for long experiment work, on stderr so stdout keeps only the table: one line per tenth of the
 * work (and at most one every 2 seconds), nothing for work under 200 items.
 */

/** Counts finished items and prints a line now and then. */
export interface Progress {
  tick(): void
  done(): void
}

/** Options of {@link createProgress}. */
export interface ProgressOptions {
  /** Below this many items nothing is printed. Default 200. */
  minItems?: number
  /** Least milliseconds between two lines. Default 2000. */
  intervalMs?: number
  now?: () => number
}

/** A progress counter for `total` items named `label` (e.g. `eval-retrieval: bm25`). */
export function createProgress(
  write: (text: string) => void,
  label: string,
  total: number,
  options: ProgressOptions = {},
): Progress {
  const { minItems = 200, intervalMs = 2000, now = () => performance.now() } = options
  const quiet = total < minItems
  const step = Math.max(1, Math.ceil(total / 10))
  const started = now()
  let last = started
  let done = 0
  return {
    tick() {
      done++
      if (quiet || done % step !== 0 || done === total) return
      const t = now()
      if (t - last < intervalMs) return
      last = t
      write(
        `${label}: ${done}/${total} cases (${Math.round((done / total) * 100)}%, ${((t - started) / 1000).toFixed(0)} s)\n`,
      )
    },
    done() {
      if (!quiet) write(`${label}: ${total}/${total} cases in ${((now() - started) / 1000).toFixed(1)} s\n`)
    },
  }
}
