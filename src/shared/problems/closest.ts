/**
 * "Did you mean" hints: the known name closest to a misspelt one by edit distance.
 */

/** Levenshtein edit distance (insertions, deletions, substitutions each cost 1): `kitten` -> `sitting` is 3. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

/**
 * The candidate closest to `name` (case-insensitive), or `undefined` when none is within `maxDistance`.
 * Default `maxDistance`: a third of the longer name's length, at least 2, so a typo matches but an
 * unrelated word does not. Ties go to the earlier candidate.
 */
export function closestMatch(name: string, candidates: Iterable<string>, maxDistance?: number): string | undefined {
  const lower = name.toLowerCase()
  let best: string | undefined
  let bestDistance = Number.POSITIVE_INFINITY
  for (const candidate of candidates) {
    const limit = maxDistance ?? Math.max(2, Math.floor(Math.max(name.length, candidate.length) / 3))
    const distance = editDistance(lower, candidate.toLowerCase())
    if (distance <= limit && distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}
