/**
 * When a run may become the baseline: the one statement of the rules `baseline accept` refuses by and the
 * gate's no-baseline hint reads, so the command the hint prints works as printed for that run. Pure.
 *
 * A complete run whose only failures are hard checks is accepted: a real system fails some on day one, and its
 * failed checks keep failing every run until they are fixed (the baseline records their totals). A run that did
 * not cover the golden set as it stands (partial, sampled, filtered, one shard, interrupted, errored cases,
 * unhandled errors, failures outside any case) is refused: its means are not the system's.
 */
import type { HardFailure, Scorecard } from '../scorecard/scorecard.ts'
import type { GateReason } from './gate-result.ts'

/**
 * Fail-closed checks on the run itself: failures outside any case, empty, partial, errored cases, failed hard
 * assertions (known failures aside), and marked known failures that passed. The one
 * statement of these rules: the gate applies them, and `baseline accept` refuses a run they fail (hard
 * assertions aside: a baseline may record them).
 */
export function checkRun(current: Scorecard): GateReason[] {
  const run = current.run
  const reasons: GateReason[] = (run.failures ?? []).map((message) => ({ code: 'run_failed', message }))
  if (run.cases === 0) {
    reasons.push({
      code: 'empty_run',
      message: 'no cases ran: an empty run never passes (check the golden files and the test filter)',
    })
  } else if (run.partial || (run.expectedCases !== undefined && run.cases < run.expectedCases)) {
    reasons.push({
      code: 'partial_run',
      message: `partial run: ${run.cases} of ${run.expectedCases ?? '?'} golden cases ran; a partial run never passes (run the whole golden set)`,
    })
  }
  if (run.errored > 0) {
    const listed = run.erroredCaseIds.slice(0, 10).join(', ')
    const more = run.erroredCaseIds.length > 10 ? ` and ${run.erroredCaseIds.length - 10} more` : ''
    reasons.push({
      code: 'errored_cases',
      message: `${run.errored} case(s) errored before producing results: ${listed}${more}`,
    })
  }
  for (const failure of current.hard.failures) {
    reasons.push({
      code: 'hard_assertion_failed',
      caseId: failure.caseId,
      message: `hard assertion ${failure.check} failed for ${failure.caseId} (${failure.file}:${failure.line}): ${failure.message}`,
    })
  }
  for (const mark of current.hard.markedPassing ?? []) {
    reasons.push({
      code: 'known_failure_passed',
      caseId: mark.caseId,
      message: `hard assertion ${mark.check} of ${mark.caseId} (${mark.file}:${mark.line}) is marked as a known failure (${mark.reason}) but passed: remove its known_failures entry`,
    })
  }
  return reasons
}

/**
 * Why a scorecard must not become a baseline, every reason at once (empty when it may). `lastRunUnfinished`:
 * a later run started and never reported, so this scorecard is from an earlier run.
 */
export function acceptRefusals(scorecard: Scorecard, lastRunUnfinished = false): string[] {
  const run = scorecard.run
  const reasons: string[] = []
  if (lastRunUnfinished)
    reasons.push('the last run started but never reported (gate.json is stale): this scorecard is from an earlier run')
  // The gate's own run rules in its own wording (run failures, empty or partial run, errored cases); hard
  // assertions, failed or marked, do not refuse a baseline.
  reasons.push(
    ...checkRun(scorecard)
      .filter((r) => r.code !== 'hard_assertion_failed' && r.code !== 'known_failure_passed')
      .map((r) => r.message),
  )
  if (run.selection?.filtered)
    reasons.push(`it is from a filtered run (${run.cases} cases selected by a file filter, -t or .only)`)
  if (run.selection?.sample)
    reasons.push(`it is from a sampled run (${run.selection.sample.size} of ${run.selection.sample.of} cases)`)
  if (run.selection?.shard)
    reasons.push(
      `it is from shard ${run.selection.shard.index}/${run.selection.shard.count} alone (merge the shards with vitest --merge-reports first)`,
    )
  // The run's failures (above) already name an interruption and unhandled errors when the reporter recorded them.
  const failures = run.failures ?? []
  if (run.interrupted && !failures.some((f) => f.includes('interrupted'))) reasons.push('the run was interrupted')
  if ((run.unhandledErrors ?? 0) > 0 && !failures.some((f) => f.includes('unhandled')))
    reasons.push(`${run.unhandledErrors} unhandled error(s) in that run`)
  return reasons
}

/** One line per failed hard check a baseline is accepted with: `x <case> <check> (<file>:<line>): <message>`. */
export function listHardFailures(failures: readonly HardFailure[]): string[] {
  return failures.map((f) => `  x ${f.caseId} ${f.check} (${f.file}:${f.line}): ${f.message}`)
}
