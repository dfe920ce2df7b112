/**
 * Claim-level answer metrics (RAGAS style) for one case: extracts the answer's and the reference answer's
 * claims, checks them all in one batch against the retrieved context plus the reference answer, and hands the
 * verdicts to the pure arithmetic in `src/grading/metrics/answer.ts`. Works with either {@link ClaimChecker}.
 *
 * A context passage counts as RELEVANT when it supports at least one reference claim (what RAGAS's context
 * precision asks the model: "was this passage useful for the reference answer?"); that one notion of
 * relevance serves both context precision and noise sensitivity.
 */
import { contextPrecision, contextRecall, faithfulness, noiseSensitivity, type NoiseClaim } from '../metrics/answer.ts'
import type { ClaimChecker } from './claim-check.ts'

/** One case as the claim metrics see it. */
export interface ClaimMetricsInput {
  caseId: string
  question: string
  answer: string
  /** The golden reference answer ('' when none: then only faithfulness is computed). */
  reference: string
  /** The retrieved (or shown) passages, best first. */
  contexts: readonly string[]
}

/** The verdicts behind the metrics, returned so every number can be re-derived by hand. */
export interface ClaimVerdicts {
  answerClaims: Array<{ text: string; supportingContexts: number[]; correct?: boolean }>
  referenceClaims: Array<{ text: string; supportingContexts: number[] }>
  /** Per context rank: supports at least one reference claim. */
  relevantContexts: boolean[]
}

/**
 * Most claims checked per text (answer or reference): the first 12 as extracted. It bounds the one batched
 * verification of a case (at most 24 claims), so the dry-run estimate has a worst case.
 */
export const MAX_CLAIMS_CHECKED = 12

/** Claim-level metrics of one case, each in [0, 1]; absent when it does not apply (no reference answer). */
export interface ClaimMetrics {
  claim_faithfulness: number
  context_precision?: number
  context_recall?: number
  noise_sensitivity?: number
}

/**
 * Computes the claim metrics of one case. Calls: 1 extraction for the answer, 1 for the reference, then ONE
 * batched check of every answer and reference claim against the passages: the contexts, then the reference
 * answer as the last passage (an answer claim it supports is correct; a reference claim's own support by it is
 * not used). At most 3 model calls per case.
 * Example (see docs/golden-format.md#claim-level-answer-metrics): 2 answer claims, one supported -> 0.5.
 */
export async function computeClaimMetrics(
  input: ClaimMetricsInput,
  checker: ClaimChecker,
): Promise<{ metrics: ClaimMetrics; verdicts: ClaimVerdicts }> {
  const { caseId, question, contexts } = input
  const hasReference = input.reference.trim() !== ''
  const answerTexts = (await checker.extractClaims(input.answer, question, caseId)).slice(0, MAX_CLAIMS_CHECKED)
  const referenceTexts = hasReference
    ? (await checker.extractClaims(input.reference, question, caseId)).slice(0, MAX_CLAIMS_CHECKED)
    : []
  const passages = hasReference ? [...contexts, input.reference] : [...contexts]
  const claims = [...answerTexts, ...referenceTexts]
  const support = claims.length === 0 ? [] : await checker.checkClaims(claims, passages, question, caseId)
  const inContexts = (i: number) => (support[i] ?? []).filter((p) => p < contexts.length)
  const answerClaims: ClaimVerdicts['answerClaims'] = answerTexts.map((text, i) => ({
    text,
    supportingContexts: inContexts(i),
  }))
  const referenceClaims: ClaimVerdicts['referenceClaims'] = referenceTexts.map((text, i) => ({
    text,
    supportingContexts: inContexts(answerTexts.length + i),
  }))
  const relevantContexts = contexts.map((_, i) => referenceClaims.some((r) => r.supportingContexts.includes(i)))

  const metrics: ClaimMetrics = {
    claim_faithfulness: faithfulness(answerClaims.map((c) => ({ supported: c.supportingContexts.length > 0 }))),
  }
  if (referenceTexts.length > 0) {
    metrics.context_recall = contextRecall(
      referenceClaims.map((c) => ({ attributed: c.supportingContexts.length > 0 })),
    )
    metrics.context_precision = contextPrecision(relevantContexts)
    const noise: NoiseClaim[] = answerClaims.map((claim, i) => {
      claim.correct = (support[i] ?? []).includes(contexts.length)
      return {
        correct: claim.correct,
        supportedByRelevant: claim.supportingContexts.some((c) => relevantContexts[c] === true),
        supportedByIrrelevant: claim.supportingContexts.some((c) => relevantContexts[c] === false),
      }
    })
    metrics.noise_sensitivity = noiseSensitivity(noise)
  }
  return { metrics, verdicts: { answerClaims, referenceClaims, relevantContexts } }
}
