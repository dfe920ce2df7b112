/**
 * `evaluateGate`: the CI decision for a run, as data. Pure; never throws.
 */
import type { Scorecard } from '../scorecard/scorecard.ts'
import type { Baseline } from './baseline.ts'
import { compareGatedMetrics } from './compare-metrics.ts'
import type { GateReason, GateResult, MetricComparison } from './gate-result.ts'
import { defaultGatePolicy, type GatePolicy } from './policy.ts'
import type { GroupPower } from './power.ts'
import { checkFloors, checkJudgeCoverage } from './threshold-checks.ts'
import { metricDirection } from '../../grading/metrics/direction.ts'

import { BASELINE_ACCEPT_COMMAND } from '../../shared/text/commands.ts'

function shortHash(hash: string): string {
  return hash.length > 12 ? hash.slice(0, 12) : hash
}

/**
 * Fail-closed checks on the run itself: failures outside any case, empty, partial, errored cases, failed hard
 * assertions. The one
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
  return reasons
}

/**
 * Fails a gate result closed with one more reason, for a problem the gate learns of beside the scorecard (an
 * unreadable baseline): the reason leads both `reasons` and `messages`, so the result never fails silently.
 */
export function failClosed(gate: GateResult, reason: GateReason): GateResult {
  return {
    ...gate,
    pass: false,
    status: 'fail',
    reasons: [reason, ...gate.reasons],
    messages: [reason.message, ...gate.messages],
  }
}

/** Why a baseline is not comparable with the run (golden set or corpus changed), or an empty list. */
function comparabilityProblems(current: Scorecard, baseline: Baseline): string[] {
  const problems: string[] = []
  if (current.goldenSetHash !== baseline.goldenSetHash) {
    problems.push(
      `golden set hash ${shortHash(baseline.goldenSetHash)} (baseline) != ${shortHash(current.goldenSetHash)} (this run)`,
    )
  }
  if (current.corpusFingerprint !== baseline.corpusFingerprint) {
    problems.push(
      `corpus fingerprint ${shortHash(baseline.corpusFingerprint)} (baseline) != ${shortHash(current.corpusFingerprint)} (this run)`,
    )
  }
  return problems
}

function finish(
  reasons: GateReason[],
  comparisons: MetricComparison[],
  notes: string[],
  compared: boolean,
  power?: GroupPower[],
): GateResult {
  const pass = reasons.length === 0
  return {
    pass,
    status: pass ? 'pass' : 'fail',
    reasons,
    comparisons,
    messages: [...reasons.map((r) => r.message), ...notes],
    compared,
    ...(power ? { power } : {}),
  }
}

/**
 * One note listing the metrics that moved the better way: confirmed improvements, and rises (falls, for a
 * lower-is-better metric) with no detectable change.
 */
function risesNote(comparisons: readonly MetricComparison[]): string | undefined {
  const name = (c: MetricComparison) => (c.group === 'overall' ? c.metric : `${c.metric} (${c.group})`)
  const improved = comparisons.filter((c) => c.verdict === 'improvement').map(name)
  const undetected = comparisons.filter((c) => c.verdict === 'no_detectable_change')
  const rose = undetected.filter((c) => metricDirection(c.metric) === 'higher').map(name)
  const fell = undetected.filter((c) => metricDirection(c.metric) === 'lower').map(name)
  const parts: string[] = []
  if (improved.length > 0) parts.push(`improved (confirmed by the paired test): ${improved.join(', ')}`)
  if (rose.length > 0)
    parts.push(`rose with no detectable change (the paired test does not confirm it): ${rose.join(', ')}`)
  if (fell.length > 0)
    parts.push(
      `fell (lower is better) with no detectable change (the paired test does not confirm it): ${fell.join(', ')}`,
    )
  return parts.length === 0 ? undefined : parts.join('; ')
}

/**
 * The gate failed because a baseline that was named (option or environment variable) does not exist;
 * `acceptCommand` is the command that creates it (default {@link BASELINE_ACCEPT_COMMAND}).
 */
export function withMissingBaseline(
  gate: GateResult,
  path: string,
  namedBy: string,
  acceptCommand: string = BASELINE_ACCEPT_COMMAND,
): GateResult {
  const reason: GateReason = {
    code: 'baseline_missing',
    message: `the baseline ${path} (named by ${namedBy}) does not exist: check the path, or create it with \`${acceptCommand}\``,
  }
  const messages = gate.messages.filter((m) => !m.startsWith('no baseline:'))
  return {
    ...gate,
    pass: false,
    status: 'fail',
    reasons: [reason, ...gate.reasons],
    messages: [reason.message, ...messages],
  }
}

/**
 * Decides whether a run passes. It fails when:
 * - the run is empty, partial (fewer cases than the golden set holds) or has errored cases (fail closed);
 * - any hard assertion failed (each one is listed);
 * - a gated metric dropped by more than `policy.maxRelativeDrop`, overall or per case type, confirmed by the
 *   paired significance test when `policy.requireSignificance` (see {@link GatePolicy} for the exact rule);
 * - a gated metric of the baseline is missing from the run;
 * - the baseline is NOT COMPARABLE (other golden set hash or corpus fingerprint) and `policy.onNotComparable`
 *   is `fail` (the default); with `warn` it passes with the warning and compares nothing.
 * - a mean is under its absolute floor (`policy.floors`), with or without a baseline;
 * - the configured judge covered under `policy.minJudgeCoverage` and `policy.requireJudge` (else a warning).
 * Without a baseline, metric rules are skipped (the run checks still apply) and a message says how to create
 * one. Improvements never fail; a rise is called an improvement only when the paired test confirms it. Each
 * compared group's power (the smallest drop it can confirm) is returned, and groups too small to gate named. Judge metrics are compared only between runs judged by the same kind of judge,
 * each with coverage of at least `policy.minJudgeCoverage`.
 */
export function evaluateGate(
  current: Scorecard,
  baseline: Baseline | undefined,
  policy: GatePolicy = defaultGatePolicy,
): GateResult {
  const reasons = checkRun(current)
  const floors = current.run.cases === 0 ? { reasons: [], notes: [] } : checkFloors(current, policy)
  const judge = checkJudgeCoverage(current, policy)
  reasons.push(...floors.reasons, ...judge.reasons)
  const runNotes = [...judge.notes, ...floors.notes]
  const accept = policy.acceptCommand ?? BASELINE_ACCEPT_COMMAND
  if (baseline === undefined) {
    const note = `no baseline: metrics were not compared; after reviewing this scorecard, create one with \`${accept}\` and commit it`
    return finish(reasons, [], [note, ...runNotes], false)
  }
  // An empty run has nothing to compare; its own reason says everything.
  if (current.run.cases === 0) return finish(reasons, [], [], false)
  const problems = comparabilityProblems(current, baseline)
  const notes: string[] = [...runNotes]
  if (problems.length > 0 && policy.pairedOnly) {
    // Watch mode: an edit to the golden set or corpus should not blind the gate; compare what is comparable.
    const paired = Object.entries(baseline.cases).filter(([id, c]) => current.cases[id]?.caseHash === c.caseHash).length
    notes.push(
      `the baseline was taken on other inputs (${problems.join('; ')}): compared only the ${paired} case(s) with the same id and content ` +
        `(${Object.keys(current.cases).length - paired} new or edited case(s) not compared); CI fails such a run as NOT COMPARABLE until \`${accept}\``,
    )
  } else if (problems.length > 0) {
    const message =
      `NOT COMPARABLE: the baseline was taken on other inputs (${problems.join('; ')}); no metric was compared. ` +
      `Review this scorecard and accept it as the new baseline with \`${accept}\``
    if (policy.onNotComparable === 'fail')
      return finish([...reasons, { code: 'not_comparable', message }], [], runNotes, false)
    return finish(reasons, [], [`WARNING ${message}`, ...runNotes], false)
  }
  if (current.mode !== baseline.mode)
    notes.push(
      `mode differs: baseline ${baseline.mode}, this run ${current.mode}; only metrics both runs have are compared`,
    )
  let compared: ReturnType<typeof compareGatedMetrics>
  try {
    compared = compareGatedMetrics(current, baseline, policy)
  } catch (error) {
    // The gate returns data, never throws: a broken comparison fails closed with its reason.
    const message = `the metric comparison failed: ${error instanceof Error ? error.message : String(error)}`
    return finish([...reasons, { code: 'gate_error', message }], [], notes, false)
  }
  const { comparisons, failures, notes: metricNotes, power } = compared
  for (const { comparison, message } of failures) {
    reasons.push({
      code: comparison.verdict === 'missing' ? 'metric_missing' : 'metric_regression',
      metric: comparison.metric,
      group: comparison.group,
      message,
    })
  }
  const rises = risesNote(comparisons)
  return finish(reasons, comparisons, [...notes, ...metricNotes, ...(rises ? [rises] : [])], true, power)
}
