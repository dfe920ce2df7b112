/**
 * Abstention over a run: precision and recall against the must-abstain cases, and selective prediction
 * (risk-coverage curve, AURC) over the answers' confidences. Arithmetic lives in the metrics core.
 */
import { mustAbstain } from '../../cases/schema.ts'
import { abstentionPrecisionRecall, aurc, riskCoverageCurve } from '../../grading/metrics/abstention.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import type { AbstentionSection } from './scorecard.ts'

/**
 * Summarises abstention over the records that have an answer. A pair of the risk-coverage curve is a case
 * with a confidence and an error class; it is correct when its class is `correct`.
 */
export function summarizeAbstention(records: readonly CaseRecord[]): AbstentionSection {
  const answered = records.filter((r) => r.answer !== undefined)
  const rows = answered.map((r) => ({
    abstained: r.answer?.abstained === true,
    mustAbstain: mustAbstain({ case_type: r.caseType }),
  }))
  const pr = abstentionPrecisionRecall(rows)
  const pairs = answered.flatMap((r) =>
    r.answer?.confidence !== undefined && r.errorClass !== undefined
      ? [{ confidence: r.answer.confidence, correct: r.errorClass === 'correct' }]
      : [],
  )
  return {
    answered: answered.length,
    mustAbstain: pr.mustAbstain,
    abstained: pr.abstained,
    correctAbstentions: pr.correctAbstentions,
    precision: pr.precision,
    recall: pr.recall,
    f1: pr.f1,
    withConfidence: pairs.length,
    riskCoverage:
      pairs.length > 0
        ? riskCoverageCurve(pairs).map((p) => ({ coverage: p.coverage, risk: p.risk, threshold: p.threshold }))
        : [],
    ...(pairs.length > 0 ? { aurc: aurc(pairs) } : {}),
  }
}
