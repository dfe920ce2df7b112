/**
 * `evaluateGate`: the CI decision for a run, as data. Pure; never throws.
 */
import type { Scorecard } from '../scorecard/scorecard.ts'
import type { Baseline } from './baseline.ts'
import { compareGatedMetrics } from './compare-metrics.ts'
import { acceptRefusals, checkRun } from './accept.ts'
import type { GateReason, GateResult, MetricComparison } from './gate-result.ts'
import { defaultGatePolicy, RELATIVE_DROP_EPSILON, type GatePolicy } from './policy.ts'
import type { GroupPower } from './power.ts'
import { checkFloors, checkJudgeCoverage } from './threshold-checks.ts'
import { metricDirection } from '../../grading/metrics/direction.ts'
import { diffCases } from './case-diff.ts'
import { pairCases, pairingNotes, type CaseChanges } from './pairing.ts'
import { scopedNotComparable, scoringChanges, type ScoringChange } from './scoring-changes.ts'
import { detectGaming, gamingOutcome } from './gaming.ts'

import { BASELINE_ACCEPT_COMMAND } from '../../shared/text/commands.ts'

/** The accept command as the gate prints it: with `--yes`, so it runs as printed (the diff is still shown). */
function acceptNow(command: string): string {
  return /(^| )(--yes|-y)( |$)/.test(command) ? command : `${command} --yes`
}

/**
 * The no-baseline hint: the accept command when this run may become the baseline (a run whose only failures are
 * hard checks may: they are listed on accept), else why it may not ({@link acceptRefusals}) and what to run.
 */
function noBaselineNote(current: Scorecard, accept: string): string {
  const refused = acceptRefusals(current)
  if (refused.length > 0) {
    return `no baseline: metrics were not compared, and this run cannot become one (${refused.join('; ')}); run the whole golden set, then create one with \`${accept}\``
  }
  const failed = current.hard.failed
  const hard =
    failed > 0 ? ` (its ${failed} failed hard check(s) are listed on accept and still fail every run until fixed)` : ''
  return `no baseline: metrics were not compared; after reviewing this scorecard, create one with \`${accept}\` and commit it${hard}`
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

function finish(
  reasons: GateReason[],
  comparisons: MetricComparison[],
  notes: string[],
  compared: boolean,
  power?: GroupPower[],
  cases?: CaseChanges,
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
    ...(cases ? { cases } : {}),
  }
}

/**
 * Why no metric of the run compares with the baseline, or undefined: a scoring change of scope `all` (another
 * judge kind or model; see {@link scoringChanges}), or under `policy.minPairedShare` of the cases pair by id and
 * content (never in watch mode, `policy.pairedOnly`, which compares whatever pairs).
 */
function notComparableReason(
  scoring: readonly ScoringChange[],
  changes: CaseChanges,
  policy: GatePolicy,
): string | undefined {
  const all = scoring.filter((c) => c.scope === 'all').map((c) => c.reason)
  if (all.length > 0) return `scoring changed: ${all.join('; ')}`
  if (policy.pairedOnly || changes.pairedShare + RELATIVE_DROP_EPSILON >= policy.minPairedShare) return undefined
  const percent = (x: number) => `${(x * 100).toFixed(0)}%`
  return (
    `only ${changes.paired} of the baseline's ${changes.baselineCases} cases pair with this run by id and content (${percent(changes.pairedShare)}, ` +
    `under the ${percent(policy.minPairedShare)} minimum, gate.minPairedShare): ${changes.added.length} new, ${changes.edited.length} edited, ${changes.removed.length} removed`
  )
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
    message: `the baseline ${path} (named by ${namedBy}) does not exist: check the path, or create it with \`${acceptNow(acceptCommand)}\``,
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
 * The gate of a run whose metrics were deliberately not compared with the baseline (`why`, e.g. a filtered
 * run): its "no baseline: ... create one" note would send the user to create a baseline that may well exist.
 */
export function withBaselineSkipped(gate: GateResult, why: string): GateResult {
  const messages = gate.messages.map((m) => (m.startsWith('no baseline:') ? `baseline not compared: ${why}` : m))
  return { ...gate, messages }
}

/**
 * Decides whether a run passes. It fails when:
 * - the run is empty, partial (fewer cases than the golden set holds) or has errored cases (fail closed);
 * - any hard assertion failed (each one is listed);
 * - a gated metric dropped by more than `policy.maxRelativeDrop`, overall or per case type, confirmed by the
 *   paired significance test when `policy.requireSignificance` (see {@link GatePolicy} for the exact rule);
 * - a gated metric of the baseline is missing from the run;
 * - the baseline is NOT COMPARABLE and `policy.onNotComparable` is `fail` (the default; with `warn` it passes
 *   with the warning and compares nothing): the scoring changed (another judge kind or judge model for a gated
 *   judge metric), or under `policy.minPairedShare` of the baseline's cases pair with the run by id and content.
 *   A scoring change of one family only (another retrieval level: the retrieval metrics; another judge version,
 *   `producedBy.judge` in the config snapshot: the judge metrics) makes those metrics NOT COMPARABLE, with the
 *   reason and the accept command, and the rest is still compared (`onNotComparable` decides fail or warn);
 *   Otherwise the cases are paired ({@link pairCases}): new, edited and removed cases are listed by id and not
 *   compared (their hard assertions still count), and a corpus change is compared as a change of the system.
 * - a gated metric improved while its counterpart worsened beyond `policy.gamingTolerance` (recall@k against
 *   precision@k, faithfulness against copy_ratio, relevance against length_ratio; see `gaming.ts`), when
 *   `policy.onGaming` is `fail` (by default a WARNING line);
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
  const { reasons, notes: runNotes } = checkRunAndThresholds(current, policy)
  const accept = acceptNow(policy.acceptCommand ?? BASELINE_ACCEPT_COMMAND)
  if (baseline === undefined) return finish(reasons, [], [noBaselineNote(current, accept), ...runNotes], false)
  // An empty run has nothing to compare; its own reason says everything.
  if (current.run.cases === 0) return finish(reasons, [], [], false)
  const changes = pairCases(current, baseline)
  const notes: string[] = [...runNotes]
  const scoring = scoringChanges(current, baseline, policy)
  const refused = notComparableReason(scoring, changes, policy)
  if (refused !== undefined) {
    const message = `NOT COMPARABLE: ${refused}; no metric was compared. Review this scorecard and accept it as the new baseline with \`${accept}\``
    if (policy.onNotComparable === 'fail')
      return finish([...reasons, { code: 'not_comparable', message }], [], runNotes, false, undefined, changes)
    return finish(reasons, [], [`WARNING ${message}`, ...runNotes], false, undefined, changes)
  }
  // Retrieval or judge metrics scored another way: NOT COMPARABLE on their own, the rest still compared.
  const scoped = scopedNotComparable(scoring, policy, accept)
  reasons.push(...scoped.reasons)
  notes.push(...scoped.notes, ...pairingNotes(changes, accept))
  if (current.mode !== baseline.mode)
    notes.push(
      `mode differs: baseline ${baseline.mode}, this run ${current.mode}; only metrics both runs have are compared`,
    )
  let compared: ReturnType<typeof compareGatedMetrics>
  try {
    compared = compareGatedMetrics(
      current,
      baseline,
      policy,
      changes.paired < Object.keys(current.cases).length || changes.paired < changes.baselineCases,
      new Set(scoring.map((c) => c.scope)),
    )
  } catch (error) {
    // The gate returns data, never throws: a broken comparison fails closed with its reason.
    const message = `the metric comparison failed: ${error instanceof Error ? error.message : String(error)}`
    return finish([...reasons, { code: 'gate_error', message }], [], notes, false, undefined, changes)
  }
  const { comparisons, failures, notes: metricNotes, power } = compared
  reasons.push(...failures.map(regressionReason))
  const gaming = gamingOutcome(detectGaming(current, baseline, comparisons, policy), policy)
  reasons.push(...gaming.reasons)
  metricNotes.push(...gaming.notes)
  const rises = risesNote(comparisons)
  const result = finish(
    reasons,
    comparisons,
    [...notes, ...metricNotes, ...(rises ? [rises] : [])],
    true,
    power,
    changes,
  )
  return withCaseDiffs(result, current, baseline, policy)
}

/** The failure reason of a regressed or missing gated metric. */
function regressionReason({ comparison, message }: { comparison: MetricComparison; message: string }): GateReason {
  return {
    code: comparison.verdict === 'missing' ? 'metric_missing' : 'metric_regression',
    metric: comparison.metric,
    group: comparison.group,
    message,
  }
}

/** The checks that need no baseline: the run's own (fail closed), its floors and the judge's coverage. */
function checkRunAndThresholds(current: Scorecard, policy: GatePolicy): { reasons: GateReason[]; notes: string[] } {
  const reasons = checkRun(current)
  const floors = current.run.cases === 0 ? { reasons: [], notes: [] } : checkFloors(current, policy)
  const judge = checkJudgeCoverage(current, policy)
  reasons.push(...floors.reasons, ...judge.reasons)
  return { reasons, notes: [...judge.notes, ...floors.notes] }
}

/** The gate's result with what changed per case (sources in and out of the top k, the answer) for each regressed or flipped case. */
function withCaseDiffs(result: GateResult, current: Scorecard, baseline: Baseline, policy: GatePolicy): GateResult {
  const diffs = diffCases(current, baseline, policy)
  return diffs.rows.length === 0
    ? result
    : { ...result, caseDiffs: diffs.rows, ...(diffs.more > 0 ? { moreCaseDiffs: diffs.more } : {}) }
}
