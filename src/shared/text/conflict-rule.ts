/**
 * The conflict rule's shared half, read by the reference pipeline (which applies it) and by grading (which checks
 * an answer against it), so grading never imports the pipeline: which of two sources is newer, and whether an
 * answer says its sources disagree. Pure.
 *
 * There are two recency orders, on purpose for now: the pipeline ranks a dated source newer than an undated one
 * ({@link compareRecencyDatedFirst}); the heuristic judge ranks them equal ({@link compareRecencyUndatedEqual}).
 * Unifying them would change the pipeline's answers or the judge's scores, so each keeps its rule under its own
 * name until the scorecard may move.
 */

/** The recency fields of a source: an ISO `YYYY-MM-DD` date and a version (`4.10.0`, `v2`), each optional. */
export interface Dated {
  date?: string
  version?: string
}

/**
 * The pipeline's recency order: positive when `a` is newer, negative when older, 0 when neither tells them apart.
 * Dates compare first; a dated source counts as newer than an undated one, because in a help-desk corpus the
 * undated pages are the docs, which lag behind the dated changelog. Then versions compare part by part
 * ({@link compareVersions}); a versioned source is newer than an unversioned one.
 * Example: `{ date: '2025-03-02' }` vs `{}` -> 1; `{}` vs `{ version: '1.0.0' }` -> -1.
 */
export function compareRecencyDatedFirst(a: Dated, b: Dated): number {
  if (a.date !== undefined && b.date !== undefined && a.date !== b.date) return a.date < b.date ? -1 : 1
  if (a.date !== undefined && b.date === undefined) return 1
  if (a.date === undefined && b.date !== undefined) return -1
  if (a.version !== undefined && b.version !== undefined) return compareVersions(a.version, b.version)
  if (a.version !== undefined && b.version === undefined) return 1
  if (a.version === undefined && b.version !== undefined) return -1
  return 0
}

/**
 * The heuristic judge's recency order: positive when `a` is newer (for versions, by the first differing numeric
 * part's difference, not its sign), 0 when they cannot be told apart. Only two dates compare, then only two
 * versions (numeric parts; a non-numeric part is skipped); an undated source is EQUAL to a dated one (the
 * pipeline's {@link compareRecencyDatedFirst} ranks it older), and an empty date or version counts as none.
 * Example: `{ date: '2025-03-02' }` vs `{}` -> 0; `{ version: '4.10' }` vs `{ version: '4.9' }` -> 1.
 */
export function compareRecencyUndatedEqual(a: Dated, b: Dated): number {
  if (a.date && b.date) return a.date < b.date ? -1 : a.date > b.date ? 1 : 0
  if (a.version && b.version) {
    const pa = a.version.split(/[.-]/).map(Number)
    const pb = b.version.split(/[.-]/).map(Number)
    for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
      const d = (pa[i] ?? 0) - (pb[i] ?? 0)
      if (Number.isFinite(d) && d !== 0) return d
    }
  }
  return 0
}

/** Numeric part-by-part version comparison (`v4.10.0` vs `4.9.2` -> 1); non-numeric parts compare as text; -1, 0 or 1. */
export function compareVersions(a: string, b: string): number {
  const pa = a.replace(/^v/i, '').split(/[.\-+]/)
  const pb = b.replace(/^v/i, '').split(/[.\-+]/)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '0'
    const y = pb[i] ?? '0'
    const nx = Number(x)
    const ny = Number(y)
    const c = Number.isFinite(nx) && Number.isFinite(ny) ? nx - ny : x.localeCompare(y)
    if (c !== 0) return Math.sign(c)
  }
  return 0
}

/**
 * Whether an answer states that its sources disagree (the second half of the conflict rule), in the
 * extractive generator's words ("older documentation [2] says 3 seats; the newer source [1] supersedes it")
 * or a model's ("the older docs say otherwise", "this has changed", "is outdated").
 */
export function statesDisagreement(text: string): boolean {
  const t = text.toLowerCase()
  return (
    /\b(?:supersede[sd]?|disagree[sd]?|contradict(?:s|ed)?|conflict(?:s|ing)?|out of date|outdated|no longer (?:accurate|correct|current|valid))\b/.test(
      t,
    ) ||
    /\b(?:older|earlier|previous|prior|old)\b[^.]{0,80}\b(?:says|say|said|states|state|stated|lists|listed|mentions|mentioned|shows|showed|differs?|otherwise)\b/.test(
      t,
    ) ||
    /\bhas (?:since )?changed\b/.test(t)
  )
}
