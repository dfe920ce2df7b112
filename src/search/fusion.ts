/**
 * Fusing ranked lists from several arms into one. Two methods, chosen by configuration:
 *
 * - Reciprocal rank fusion (Cormack et al. 2009): `score(d) = sum over lists of 1 / (k + rank(d))`, rank 1-based,
 *   a list that misses d contributes 0. Scale-free, so BM25 scores and cosines need no calibration.
 * - Weighted score fusion: each list's scores are min-max normalised to [0, 1] over that list
 *   (`(s - min) / (max - min)`, all 1 when max = min), then `score(d) = sum of weight * normalised`.
 *
 * Ties in the fused score break by chunk id ascending, like every arm.
 */

/** A ranked list entry: any key (a chunk id or a row) and its arm score. */
export interface FusionInput {
  key: number
  score: number
}

/** Fusion configuration. */
export type FusionConfig =
  | {
      method: 'rrf'
      /** RRF's rank constant, > 0. Default 60. */
      k: number
      /** How many hits each arm contributes before fusion. Default 100. */
      depth: number
    }
  | {
      method: 'weighted'
      /** Weight of the BM25 list and of the vector list (>= 0). Default 0.5 each. */
      weights: { bm25: number; vector: number }
      depth: number
    }

/** Default fusion: RRF with k = 60 over each arm's top 100. */
export const defaultFusionConfig: FusionConfig = Object.freeze({ method: 'rrf', k: 60, depth: 100 })

/** RRF's default rank constant. */
export const defaultRrfK = 60

/**
 * Reciprocal rank fusion of `lists` (each best first). Returns every key seen, fused score desc, key asc.
 * Keys must order like chunk ids (rows of the tenant layout do).
 */
export function reciprocalRankFusion(lists: readonly (readonly FusionInput[])[], k = defaultRrfK): FusionInput[] {
  const fused = new Map<number, number>()
  for (const list of lists) {
    list.forEach((entry, i) => fused.set(entry.key, (fused.get(entry.key) ?? 0) + 1 / (k + i + 1)))
  }
  return sortFused(fused)
}

/** Min-max normalises scores to [0, 1]; a constant list maps to all 1. Example: [4, 2, 1] -> [1, 1/3, 0]. */
export function minMaxNormalize(scores: readonly number[]): number[] {
  if (scores.length === 0) return []
  let min = Infinity
  let max = -Infinity
  for (const s of scores) {
    if (s < min) min = s
    if (s > max) max = s
  }
  return scores.map((s) => (max > min ? (s - min) / (max - min) : 1))
}

/** Weighted fusion on min-max normalised scores; `weights[i]` belongs to `lists[i]`. */
export function weightedScoreFusion(
  lists: readonly (readonly FusionInput[])[],
  weights: readonly number[],
): FusionInput[] {
  const fused = new Map<number, number>()
  lists.forEach((list, li) => {
    const w = weights[li] ?? 0
    const norm = minMaxNormalize(list.map((e) => e.score))
    list.forEach((entry, i) => fused.set(entry.key, (fused.get(entry.key) ?? 0) + w * (norm[i] as number)))
  })
  return sortFused(fused)
}

function sortFused(fused: Map<number, number>): FusionInput[] {
  return [...fused].map(([key, score]) => ({ key, score })).sort((a, b) => b.score - a.score || a.key - b.key)
}
