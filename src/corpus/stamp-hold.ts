/**
 * Holding corpus stamps for a run. `prepareCorpus` stamps the corpus (walks it and stats every file) on each call,
 * so an edited corpus is reloaded; the main process calls it several times per run (the golden check, each golden
 * file's transform, the scorecard, the HTML report), and a 20,000-file corpus took about 0.1 s per stamp. While a
 * hold is on, each root is stamped once and that stamp answers every later call: the reporter holds from a run's
 * start to the end of its report, so a watch-mode rerun, which starts a new hold, still sees an edited corpus. With
 * no hold (the CLI, workers) every call stamps, as before. Its own module, free of the corpus loaders, so the
 * reporter can hold without loading them before the first case.
 */

/** The stamps of the hold that is on, by corpus root; undefined when none is. */
let held: Map<string, string> | undefined

/**
 * Starts a hold (replacing any other) and returns its release, which ends this hold only: a release that comes
 * after a newer hold started (a watch rerun beginning while the previous run still reports) leaves the newer one on.
 */
export function holdCorpusStamps(): () => void {
  const stamps = new Map<string, string>()
  held = stamps
  return () => {
    if (held === stamps) held = undefined
  }
}

/** The stamp of `root`: the held one when a hold has it, else `stamp()` (kept when a hold is on). */
export function heldStamp(root: string, stamp: (root: string) => string): string {
  const known = held?.get(root)
  if (known !== undefined) return known
  const fresh = stamp(root)
  held?.set(root, fresh)
  return fresh
}
