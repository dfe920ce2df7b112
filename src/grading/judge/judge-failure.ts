/**
 * A judge that fails (transport error, spend refusal, provider outage) leaves its case unjudged: a failed
 * verdict carrying the reason, so the case's answer metrics are absent (lowering judge coverage) while its
 * retrieval metrics and hard checks stand. A judge outage is not a system failure.
 */
import type { Judge, JudgeInput, JudgeVerdict } from './types.ts'

/**
 * The judge's verdict, or a failed verdict with the judge's error as `reasons.judge` when judging threw.
 * Example: a judge rejecting with "connect ECONNREFUSED" -> `{ failed: true, reasons: { judge: 'the judge failed,
 * so the case is unjudged: connect ECONNREFUSED' } }`.
 */
export async function judgeOrUnjudged(judge: Judge, input: JudgeInput): Promise<JudgeVerdict> {
  try {
    return await judge.judge(input)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return {
      kind: judge.kind,
      ...(judge.model !== undefined ? { model: judge.model } : {}),
      failed: true,
      reasons: { judge: `the judge failed, so the case is unjudged: ${reason}` },
      claims: [],
    }
  }
}
