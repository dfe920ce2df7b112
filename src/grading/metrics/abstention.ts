/**
 * Abstention and selective prediction: does the system say "I don't know" when (and only when) it should,
 * and does its confidence rank its right answers above its wrong ones (risk-coverage, AURC).
 */

/** One answered case: the system's confidence and whether the answer was correct. */
export interface ConfidencePair {
  confidence: number
  correct: boolean
}

/** One point of a risk-coverage curve. */
export interface RiskCoveragePoint {
  /** Share of cases answered when only those with confidence >= threshold are kept, in (0, 1]. */
  coverage: number
  /** Share of the kept cases that are wrong, in [0, 1]. */
  risk: number
  /** The confidence cut-off of this point. */
  threshold: number
}

function groupByConfidence(
  pairs: readonly ConfidencePair[],
): Array<{ confidence: number; size: number; errors: number }> {
  const sorted = [...pairs].sort((x, y) => y.confidence - x.confidence)
  const groups: Array<{ confidence: number; size: number; errors: number }> = []
  for (const pair of sorted) {
    const last = groups[groups.length - 1]
    const group =
      last && last.confidence === pair.confidence ? last : { confidence: pair.confidence, size: 0, errors: 0 }
    if (group !== last) groups.push(group)
    group.size++
    if (!pair.correct) group.errors++
  }
  return groups
}

/**
 * The risk-coverage curve: for each distinct confidence t, from highest to lowest, keep the cases with
 * confidence >= t and report coverage and risk. Tied confidences form ONE point (a threshold cannot split
 * them), so the curve does not depend on input order. Example: (0.9, right), (0.8, wrong), (0.8, right) ->
 * points {coverage 1/3, risk 0, threshold 0.9}, {coverage 1, risk 1/3, threshold 0.8}. No pairs -> [].
 */
export function riskCoverageCurve(pairs: readonly ConfidencePair[]): RiskCoveragePoint[] {
  const points: RiskCoveragePoint[] = []
  let kept = 0
  let errors = 0
  for (const group of groupByConfidence(pairs)) {
    kept += group.size
    errors += group.errors
    points.push({ coverage: kept / pairs.length, risk: errors / kept, threshold: group.confidence })
  }
  return points
}

/**
 * AURC (area under the risk-coverage curve), in [0, 1], lower is better (listed in `direction.ts`): the mean,
 * over i = 1..n, of the risk of the i most confident answers (the standard discrete definition, Geifman et al. 2019). Inside a group
 * of tied confidences the order is unknown, so prefix i uses the EXPECTED risk over all orders of the tie:
 * (errors before the group + (i - cases before) x group error rate) / i; without ties this is the plain value.
 * Example: (0.9, right), (0.5, wrong) -> (0/1 + 1/2) / 2 = 0.25; both at 0.7 -> (0.5/1 + 1/2) / 2 = 0.5.
 * No pairs -> 0.
 */
export function aurc(pairs: readonly ConfidencePair[]): number {
  if (pairs.length === 0) return 0
  let before = 0
  let errorsBefore = 0
  let sum = 0
  for (const group of groupByConfidence(pairs)) {
    const rate = group.errors / group.size
    for (let j = 1; j <= group.size; j++) sum += (errorsBefore + j * rate) / (before + j)
    before += group.size
    errorsBefore += group.errors
  }
  return sum / pairs.length
}

/** One case: did the system abstain, and should it have. */
export interface AbstentionRow {
  abstained: boolean
  mustAbstain: boolean
}

/** Precision and recall of abstaining, with the counts they come from. */
export interface AbstentionScores {
  /** Correct abstentions / abstentions, in [0, 1]; `null` (not applicable) when the system never abstained. */
  precision: number | null
  /** Correct abstentions / cases that must abstain, in [0, 1]; `null` (not applicable) when no case must abstain. */
  recall: number | null
  /** Harmonic mean of precision and recall; 0 when both are 0; `null` when either is not applicable. */
  f1: number | null
  abstained: number
  mustAbstain: number
  correctAbstentions: number
}

/**
 * Abstention treated as a detector of unanswerable cases. Example: 4 cases, abstained on 3 of which 2 must
 * abstain, and 1 more must abstain but was answered -> precision 2/3, recall 2/3. A zero denominator gives
 * `null`, not a number: the precision of no abstention is undefined (neither 1 nor 0), and so is F1 then.
 */
export function abstentionPrecisionRecall(rows: readonly AbstentionRow[]): AbstentionScores {
  let abstained = 0
  let mustAbstain = 0
  let correctAbstentions = 0
  for (const row of rows) {
    if (row.abstained) abstained++
    if (row.mustAbstain) mustAbstain++
    if (row.abstained && row.mustAbstain) correctAbstentions++
  }
  const precision = abstained === 0 ? null : correctAbstentions / abstained
  const recall = mustAbstain === 0 ? null : correctAbstentions / mustAbstain
  const f1 =
    precision === null || recall === null
      ? null
      : precision + recall === 0
        ? 0
        : (2 * precision * recall) / (precision + recall)
  return { precision, recall, f1, abstained, mustAbstain, correctAbstentions }
}
