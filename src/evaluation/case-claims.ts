/**
 * Step 3b of a case evaluation (system mode): the claim-level answer metrics, checked against the passages
 * the generator saw (the shown sources, else the top retrieved items), by the runtime's claim checker.
 */
import type { ResolvedOutput } from '../system/resolved-output.ts'
import { ClaimCheckError } from '../grading/judge/claim-check.ts'
import { computeClaimMetrics } from '../grading/judge/claim-metrics.ts'
import { EVIDENCE_DEPTH } from './case-answer.ts'
import { sourceText } from './case-sources.ts'
import type { RagRuntime } from './create-runtime.ts'
import type { ModuleCase } from '../cases/prepared-case.ts'
import { mustAbstain } from '../cases/schema.ts'

/**
 * The claim metrics of one case as answer metric values; `{}` without a claim checker or when a model check
 * returned no usable verdict (unscored, never a made-up number). An abstention asserts nothing, so it gets no
 * `claim_faithfulness`; the retrieval-side claim metrics (context recall, precision, noise sensitivity) still
 * apply, except on a case that must abstain: its reference answer says the system should decline ("The
 * knowledge base does not answer this ..."), which is an instruction, not facts a context could hold, so they
 * are not scored there (as its retrieval metrics are not), and the checker is not asked to extract its claims.
 */
export async function caseClaimMetrics(
  runtime: RagRuntime,
  resolved: ResolvedOutput,
  moduleCase: ModuleCase,
  abstained: boolean,
): Promise<Record<string, number>> {
  const checker = runtime.claimChecker
  if (!checker) return {}
  const { output } = resolved
  const contexts = output.sources
    ? output.sources.map((s, i) => s.text ?? sourceText(runtime.prepared, resolved.shown[i]) ?? '')
    : resolved.retrieved.slice(0, EVIDENCE_DEPTH).map((r) => sourceText(runtime.prepared, r) ?? '')
  const c = moduleCase.case
  const answer = abstained ? '' : (output.answer ?? '')
  try {
    const reference = mustAbstain(c) ? '' : c.reference_answer
    const { metrics } = await computeClaimMetrics(
      { caseId: c.case_id, question: c.query, answer, reference, contexts },
      checker,
    )
    const out: Record<string, number> = { ...metrics }
    if (answer === '') delete out.claim_faithfulness
    return out
  } catch (error) {
    if (error instanceof ClaimCheckError) return {}
    throw error
  }
}
