/**
 * Metric comparisons of the gate: each gated metric, overall and per case type, baseline against current,
 * with the paired significance test confirming a drop. Pure.
 */
import { improvementOf, metricDirection } from '../../grading/metrics/direction.ts'
import { CLAIM_METRICS, JUDGE_METRICS } from '../scorecard/answer-quality.ts'
import { sortCaseTypes } from '../scorecard/metric-order.ts'
import type { MetricGroup, Scorecard } from '../scorecard/scorecard.ts'
import type { Baseline } from './baseline.ts'
import { formatChange, formatPValue, formatValue, relativeChange } from './format-values.ts'
import { claimSkipReason, judgeSkipReason, relevancySkipReason } from './skip-reasons.ts'
import type { MetricComparison } from './gate-result.ts'
import { pairedTest, pairedValues, type Family, type PairedValues } from './paired-test.ts'
import { RELATIVE_DROP_EPSILON, type GatePolicy } from './policy.ts'
import { familySize, holmStepDown } from './family.ts'
import { DETECTION_POWER, groupPower, type GroupPower } from './power.ts'
import type { ScoringScope } from './scoring-changes.ts'
import { clusterLabels } from '../../shared/stats/clusters.ts'

/** Mean of a record's values, summed in sorted order (bit-identical whatever the case order). */
function meanOf(values: Record<string, number>): number {
  const sorted = Object.values(values).sort((x, y) => x - y)
  let sum = 0
  for (const v of sorted) sum += v
  return sum / sorted.length
}

function groupsOf(
  family: { overall: MetricGroup; byCaseType: Partial<Record<string, MetricGroup>> },
  perCaseType: boolean,
) {
  const groups: Array<[string, MetricGroup | undefined]> = [['overall', family.overall]]
  if (perCaseType)
    for (const type of sortCaseTypes(Object.keys(family.byCaseType))) groups.push([type, family.byCaseType[type]])
  return groups
}

function label(metric: string, group: string): string {
  return group === 'overall' ? `${metric} (overall)` : `${metric} (case type ${group})`
}

/** The current run's aggregate group for one family: `overall` or a case type. */
function currentGroupOf(current: Scorecard, family: Family, group: string): MetricGroup | undefined {
  return group === 'overall'
    ? current[family].overall
    : current[family].byCaseType[group as keyof typeof current.retrieval.byCaseType]
}

/** Compares one metric in one group; the message says what was found. */
function compareOne(
  current: Scorecard,
  baseline: Baseline,
  family: Family,
  metric: string,
  group: string,
  baselineMean: number,
  policy: GatePolicy,
  subset: boolean,
): { comparison?: MetricComparison; message?: string } {
  const name = label(metric, group)
  // Compare the same cases on both sides: the means over the cases paired by id and case hash. When the run
  // holds every baseline case they equal the aggregate means (per-case values are exactly what entered them);
  // when it holds a subset (a sampled run) the baseline's full-set mean would compare different cases.
  const paired = pairedValues(current, baseline, family, metric, group)
  const pairedIds = Object.keys(paired.a)
  // Paired means only when some cases do not pair (a sample, or new, edited or removed cases).
  if (subset && pairedIds.length === 0) {
    return { message: `${name}: no unchanged case of this group is in this run; not compared` }
  }
  const before = pairedIds.length > 0 ? meanOf(paired.a) : baselineMean
  const after = pairedIds.length > 0 ? meanOf(paired.b) : currentGroupOf(current, family, group)?.mean[metric]
  if (after === undefined) return compareMissing({ metric, family, group, baseline: before }, name)
  const change = relativeChange(before, after)
  const base = { metric, family, group, baseline: before, current: after, relativeChange: change }
  if (Math.abs(after - before) <= RELATIVE_DROP_EPSILON) return { comparison: { ...base, verdict: 'unchanged' } }
  // Turned so that positive is better: for a lower-is-better metric (noise_sensitivity) a RISE is the regression.
  const improvement = improvementOf(metric, change)
  if (improvement > 0) return compareImprovement(paired, policy, base, name)
  return compareDrop(paired, policy, base, name, improvement)
}

/** A gated metric the baseline has and this run lacks: a `missing` verdict, which fails. */
function compareMissing(
  base: Pick<MetricComparison, 'metric' | 'family' | 'group' | 'baseline'>,
  name: string,
): { comparison: MetricComparison; message: string } {
  return {
    comparison: { ...base, current: Number.NaN, relativeChange: Number.NaN, verdict: 'missing' },
    message: `${name}: the baseline has ${formatValue(base.baseline)} but this run has no value; a gated metric cannot silently disappear (re-run all cases, or accept a new baseline)`,
  }
}

/**
 * A change the worse way (a drop, or a rise of a lower-is-better metric): within tolerance, or a regression
 * (confirmed by the paired test when the policy requires significance), or not significant.
 */
function compareDrop(
  paired: PairedValues,
  policy: GatePolicy,
  base: Omit<MetricComparison, 'verdict'>,
  name: string,
  improvement: number,
): { comparison: MetricComparison; message?: string } {
  const { metric, baseline: before, current: after, relativeChange: change } = base
  const lower = metricDirection(metric) === 'lower'
  const transition = `${name} ${lower ? 'rose' : 'dropped'} from ${formatValue(before)} to ${formatValue(after)} (${formatChange(change)}`
  if (-improvement <= policy.maxRelativeDrop + RELATIVE_DROP_EPSILON)
    return { comparison: { ...base, verdict: 'within_tolerance' } }
  const limit = `more than the allowed ${formatChange(policy.maxRelativeDrop).replace('+', '')}${lower ? ' rise of a lower-is-better metric' : ''})`
  if (!policy.requireSignificance) {
    return { comparison: { ...base, verdict: 'regression' }, message: `${transition}, ${limit}` }
  }
  const { result, significance, test } = pairedTest(paired, policy)
  if (result.clusters < policy.minPairedCases) {
    const units =
      result.clusters < result.n
        ? `${result.n} paired cases in ${result.clusters} clusters`
        : `${result.n} paired cases`
    const note = `only ${units} (fewer than ${policy.minPairedCases}): the significance test cannot confirm a drop, so the drop alone fails`
    return {
      comparison: { ...base, verdict: 'regression', significance, note },
      message: `${transition}, ${limit}; ${note}`,
    }
  }
  if (result.significant && improvementOf(metric, result.meanDiff) < 0) {
    return {
      comparison: { ...base, verdict: 'regression', significance },
      message: `${transition}, ${limit}; confirmed by the ${test}`,
    }
  }
  const note = `the ${test} does not confirm it; not failing`
  return {
    comparison: { ...base, verdict: 'not_significant', significance, note },
    message: `${transition}, ${limit}, but ${note}`,
  }
}

/**
 * A change the better way (a rise, or a fall of a lower-is-better metric) is an improvement only when the
 * paired test confirms it (at least `minPairedCases` pairs, significant, the better way); otherwise "no
 * detectable change", with the test's figures. Never fails.
 */
function compareImprovement(
  paired: PairedValues,
  policy: GatePolicy,
  base: Omit<MetricComparison, 'verdict'>,
  name: string,
): { comparison: MetricComparison } {
  const n = Object.keys(paired.a).length
  if (n < Math.max(1, policy.minPairedCases)) {
    const note = `only ${n} paired cases: too few for the paired test to confirm the improvement of ${name}`
    return { comparison: { ...base, verdict: 'no_detectable_change', note } }
  }
  const { result, significance, test } = pairedTest(paired, policy)
  if (result.significant && improvementOf(base.metric, result.meanDiff) > 0)
    return { comparison: { ...base, verdict: 'improvement', significance, note: `confirmed by the ${test}` } }
  const note = `no detectable change: the ${test} does not confirm the improvement of ${name}`
  return { comparison: { ...base, verdict: 'no_detectable_change', significance, note } }
}

/** One note naming the groups too small to gate, with the smallest drop each can confirm, or undefined. */
export function tooSmallNote(power: readonly GroupPower[], policy: GatePolicy): string | undefined {
  const byGroup = new Map<string, GroupPower[]>()
  for (const p of power) if (p.tooSmall) byGroup.set(p.group, [...(byGroup.get(p.group) ?? []), p])
  if (byGroup.size === 0) return undefined
  const parts = [...byGroup].map(([group, list]) => {
    const n = Math.max(...list.map((p) => p.n))
    const units = Math.max(...list.map((p) => p.clusters))
    if (policy.requireSignificance && units < policy.minPairedCases)
      return `${group} (n=${n}${units < n ? ` in ${units} clusters` : ''}: under ${policy.minPairedCases} pairs, a regression fails on its size alone)`
    const worst = list.reduce((w, p) => (p.relativeDrop > w.relativeDrop ? p : w))
    const move = metricDirection(worst.metric) === 'lower' ? 'rise' : 'drop'
    const size = Number.isFinite(worst.relativeDrop)
      ? formatChange(worst.relativeDrop).replace('+', '')
      : `any ${move} (its mean is 0)`
    return `${group} (n=${n}${units < n ? ` in ${units} clusters` : ''}: the smallest ${worst.metric} ${move} it can confirm is ${size})`
  })
  return (
    `too small to gate (a regression under ${formatChange(policy.maxDetectableDrop).replace('+', '')} cannot be confirmed at ${Math.round(DETECTION_POWER * 100)}% power): ` +
    `${parts.join('; ')}; add cases to these groups or set absolute floors (gate.floors)`
  )
}

/**
 * Why an answer metric is not compared on this run, or undefined when it is: a retrieval-mode run has no answers
 * (its answer metrics are absent, not lost); a changed judge, claim checker or response relevancy scorer makes
 * its metrics incomparable.
 */
function answerSkipReason(
  metric: string,
  family: Family,
  current: Scorecard,
  judgeSkip: string | undefined,
  claimSkip: string | undefined,
  relevancySkip: string | undefined,
): string | undefined {
  if (family !== 'answer') return undefined
  if (current.mode === 'retrieval')
    return 'answer metrics not compared: this run is in retrieval mode (no answers were generated)'
  if (JUDGE_METRICS.includes(metric)) return judgeSkip
  if (CLAIM_METRICS.includes(metric)) return claimSkip
  if (metric === 'response_relevancy') return relevancySkip
  return undefined
}

/**
 * Compares every gated metric the baseline has, overall and (by policy) per case type; `subset` says that some
 * cases of either side do not pair (then a group without a paired case is not compared); the metrics of a
 * `blocked` scope (a scoring change: `retrieval`, `judge`) are left out, their NOT COMPARABLE line said by the caller. Returns the
 * comparisons, the failing messages (regressions and missing metrics), the notes (skips, unconfirmed drops
 * and rises, the groups too small to gate) and each group's power.
 */
export function compareGatedMetrics(
  current: Scorecard,
  baseline: Baseline,
  policy: GatePolicy,
  subset = false,
  blocked: ReadonlySet<ScoringScope> = new Set(),
) {
  const comparisons: MetricComparison[] = []
  const failures: Array<{ comparison: MetricComparison; message: string }> = []
  const notes: string[] = []
  const power: GroupPower[] = []
  const powerGroups: Array<{ family: Family; metric: string; group: string }> = []
  const judgeSkip = judgeSkipReason(current, baseline, policy)
  const claimSkip = claimSkipReason(current, baseline)
  const relevancySkip = relevancySkipReason(current, baseline)
  // Each reason a metric is not compared is noted once, however many metrics it covers.
  const skipped = new Set<string>()
  for (const metric of policy.gatedMetrics) {
    const family: Family = baseline.metrics.retrieval.overall.mean[metric] !== undefined ? 'retrieval' : 'answer'
    if (baseline.metrics[family].overall.mean[metric] === undefined) continue
    if (
      (family === 'retrieval' && blocked.has('retrieval')) ||
      (JUDGE_METRICS.includes(metric) && blocked.has('judge'))
    )
      continue
    const skip = answerSkipReason(metric, family, current, judgeSkip, claimSkip, relevancySkip)
    if (skip !== undefined) {
      if (!skipped.has(skip)) notes.push(skip)
      skipped.add(skip)
      continue
    }
    for (const [group, baseGroup] of groupsOf(baseline.metrics[family], policy.perCaseType)) {
      const before = baseGroup?.mean[metric]
      if (before === undefined) continue
      powerGroups.push({ family, metric, group })
      const { comparison, message } = compareOne(current, baseline, family, metric, group, before, policy, subset)
      if (comparison === undefined) {
        if (message !== undefined) notes.push(message)
        continue
      }
      comparisons.push(comparison)
      if (message === undefined) continue
      if (comparison.verdict === 'regression' || comparison.verdict === 'missing')
        failures.push({ comparison, message })
      else notes.push(message)
    }
  }
  // Power at the level the family correction asks of a single comparison (see family.ts): Holm's first step.
  const familyAlpha = policy.alpha / Math.max(1, familySize(comparisons, policy))
  // Clusters as the paired test takes them: from the current run (a paired case has the same golden line).
  const clusterOf = clusterLabels(current.cases)
  for (const { family, metric, group } of powerGroups)
    power.push(groupPower(baseline, family, metric, group, policy, familyAlpha, clusterOf))
  const small = tooSmallNote(power, policy)
  if (small !== undefined) notes.push(small)
  const family = holmStepDown(comparisons, failures, policy)
  return { comparisons, failures: family.failures, notes: [...family.notes, ...notes], power }
}
