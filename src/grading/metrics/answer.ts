/**
 * Claim-level answer metrics in the RAGAS style (Es et al., 2023), computed from per-claim verdicts that a
 * claim checker (model or deterministic heuristic, `src/grading/judge/claim-check.ts`) produced; the wiring is
 * `src/grading/judge/claim-metrics.ts`. These functions only do the arithmetic, so every score can be checked by hand
 * from the verdicts. All results are ratios in [0, 1]. (The rubric's 0 / 0.5 / 1 scores and CRAG
 * truthfulness come from the judge's verdict instead: `src/grading/judge/rubric.ts`.)
 */

/**
 * Faithfulness = claims of the answer supported by the retrieved context / claims, in [0, 1]; higher is better.
 * Example: 3 claims, 2 supported -> 2/3. Zero claims (an empty or purely hedging answer) -> 1.0: it asserts
 * nothing unsupported (RAGAS leaves it undefined). Abstentions are scored by the abstention metrics instead.
 */
export function faithfulness(claims: ReadonlyArray<{ supported: boolean }>): number {
  if (claims.length === 0) return 1
  return claims.filter((claim) => claim.supported).length / claims.length
}

/**
 * Context precision (rank-aware) = mean of precision@i over the ranks i that hold a relevant chunk, in [0, 1];
 * higher is better.
 * Example: [true, false, true] -> (1/1 + 2/3) / 2 = 0.833; [false, true] -> (1/2) / 1 = 0.5.
 * No relevant chunk -> 0.
 */
export function contextPrecision(relevanceByRank: readonly boolean[]): number {
  let relevantSoFar = 0
  let sum = 0
  relevanceByRank.forEach((relevant, i) => {
    if (!relevant) return
    relevantSoFar++
    sum += relevantSoFar / (i + 1)
  })
  return relevantSoFar === 0 ? 0 : sum / relevantSoFar
}

/**
 * Context recall = claims of the REFERENCE answer attributable to the retrieved context / reference claims, in
 * [0, 1]; higher is better.
 * Example: 4 reference claims, 3 attributed -> 0.75. No reference claims -> 1.0 (nothing to recall, as recall@k).
 */
export function contextRecall(referenceClaims: ReadonlyArray<{ attributed: boolean }>): number {
  if (referenceClaims.length === 0) return 1
  return referenceClaims.filter((claim) => claim.attributed).length / referenceClaims.length
}

/** One answer claim as noise sensitivity sees it. */
export interface NoiseClaim {
  /** The claim agrees with the reference answer. */
  correct: boolean
  /** Some relevant retrieved chunk supports the claim. */
  supportedByRelevant: boolean
  /** Some irrelevant retrieved chunk supports the claim. */
  supportedByIrrelevant: boolean
}

/**
 * Noise sensitivity (RAGAS, irrelevant-context mode) = incorrect claims supported ONLY by irrelevant chunks
 * / all claims, in [0, 1]; LOWER is better (the generator was misled by noise): listed in `direction.ts`, so the
 * gate reads a rise as the regression.
 * Example: 4 claims, one incorrect and backed only by an irrelevant chunk -> 0.25. Zero claims -> 0.
 */
export function noiseSensitivity(claims: readonly NoiseClaim[]): number {
  if (claims.length === 0) return 0
  const misled = claims.filter((c) => !c.correct && c.supportedByIrrelevant && !c.supportedByRelevant).length
  return misled / claims.length
}
