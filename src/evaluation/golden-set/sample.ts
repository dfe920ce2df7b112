/**
 * Seeded, stratified subset selection (`sample: N`): the same seed and golden set always pick the same
 * cases, and every case type keeps its share (largest remainder), so a 20-case smoke run still has abstention
 * and cross-tenant cases. Pure.
 */
import { sha256 } from '../../shared/util/hash.ts'

/** The ids of `n` cases chosen from `cases`, stratified by `case_type`, deterministic in `seed`. */
export function selectSample(
  cases: ReadonlyArray<{ case_id: string; case_type: string }>,
  n: number,
  seed: number,
): Set<string> {
  if (n >= cases.length) return new Set(cases.map((c) => c.case_id))
  const byType = new Map<string, string[]>()
  for (const c of cases) byType.set(c.case_type, [...(byType.get(c.case_type) ?? []), c.case_id])
  const types = [...byType.keys()].sort()
  // Largest-remainder apportionment of n over the types, ties by type name.
  const quotas = types.map((t) => {
    const exact = (n * (byType.get(t)?.length ?? 0)) / cases.length
    return { type: t, base: Math.floor(exact), rest: exact - Math.floor(exact) }
  })
  let left = n - quotas.reduce((s, q) => s + q.base, 0)
  for (const q of [...quotas].sort((a, b) => b.rest - a.rest || a.type.localeCompare(b.type))) {
    if (left <= 0) break
    q.base += 1
    left -= 1
  }
  const chosen = new Set<string>()
  for (const q of quotas) {
    // Rank by a seeded hash of the id: stable under reordering and additions of other cases.
    const ranked = [...(byType.get(q.type) ?? [])].sort((a, b) =>
      sha256(`${seed}:${a}`).localeCompare(sha256(`${seed}:${b}`)),
    )
    for (const id of ranked.slice(0, q.base)) chosen.add(id)
  }
  return chosen
}
