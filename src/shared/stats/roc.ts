/**
 * Ranking quality of a score against a binary label, and a seeded split of labelled rows: how a judge's
 * score is compared with a baseline on rows it was not tuned on.
 */
import { mulberry32 } from './prng.ts'

/**
 * ROC AUC: the probability that a random positive scores above a random negative, ties counted half (the
 * Mann-Whitney U statistic over n+ x n-), in [0, 1]; null when there is no positive or no negative.
 * Example: scores [0.9, 0.4, 0.4, 0.1], positive [true, true, false, false]: pairs (0.9 > 0.4, 0.9 > 0.1,
 * 0.4 = 0.4, 0.4 > 0.1) -> (1 + 1 + 0.5 + 1) / 4 = 0.875.
 */
export function rocAuc(scores: readonly number[], positive: readonly boolean[]): number | null {
  const order = scores.map((score, i) => ({ score, pos: positive[i] === true })).sort((x, y) => x.score - y.score)
  let positives = 0
  let negatives = 0
  let rankSum = 0
  // Mid-ranks of tied scores: each tie group shares the mean of the ranks it spans (1-based).
  for (let i = 0; i < order.length;) {
    let j = i
    while (j < order.length && order[j]!.score === order[i]!.score) j++
    const midRank = (i + 1 + j) / 2
    for (let t = i; t < j; t++) {
      if (order[t]!.pos) {
        positives++
        rankSum += midRank
      } else negatives++
    }
    i = j
  }
  if (positives === 0 || negatives === 0) return null
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives)
}

/**
 * Splits row indices 0..n-1 into a tuning half and a reporting half by a seeded shuffle (Fisher-Yates with
 * mulberry32(seed)); the reporting half gets the extra row when n is odd. The same n and seed give the same
 * halves on every machine. Example: splitHalves(4, 1) -> two disjoint pairs covering 0..3.
 */
export function splitHalves(n: number, seed: number): { tuning: number[]; reporting: number[] } {
  const random = mulberry32(seed)
  const order = Array.from({ length: n }, (_, i) => i)
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  const cut = Math.floor(n / 2)
  return { tuning: order.slice(0, cut).sort((a, b) => a - b), reporting: order.slice(cut).sort((a, b) => a - b) }
}
