/**
 * Why the gate leaves a metric family uncompared between a run and its baseline: different or partial judges,
 * different claim checkers. Pure.
 */
import type { Scorecard } from '../scorecard/scorecard.ts'
import type { Baseline } from './baseline.ts'
import { formatChange } from './format-values.ts'
import type { GatePolicy } from './policy.ts'

/** Why judge metrics cannot be compared between these runs, or undefined when they can. */
export function judgeSkipReason(current: Scorecard, baseline: Baseline, policy: GatePolicy): string | undefined {
  const now = current.answer.judgeKind
  const then = baseline.judgeKind
  if (now === 'none' || then === 'none')
    return `judge metrics not compared: ${now === 'none' ? 'this run' : 'the baseline'} has no judge verdicts`
  if (now === 'mixed' || then === 'mixed')
    return `judge metrics not compared: ${now === 'mixed' ? 'this run' : 'the baseline'} mixes heuristic and model verdicts`
  // Another judge kind or model is a change of scoring: the gate calls the baseline NOT COMPARABLE before any
  // metric is compared (scoringChanges in pairing.ts).
  if (current.answer.coverage < policy.minJudgeCoverage || baseline.judgeCoverage < policy.minJudgeCoverage) {
    return (
      `judge metrics not compared: judge coverage ${formatChange(current.answer.coverage).replace('+', '')} (this run) / ` +
      `${formatChange(baseline.judgeCoverage).replace('+', '')} (baseline) is under the ${formatChange(policy.minJudgeCoverage).replace('+', '')} minimum`
    )
  }
  return undefined
}

/** The claim checker a run's config snapshot names (`claimMetrics`, default `heuristic`), with its model when model-checked. */
function claimCheckerOf(snapshot: unknown, judgeModel: string | undefined): string {
  const named = (snapshot as { claimMetrics?: unknown } | null)?.claimMetrics
  const kind = typeof named === 'string' ? named : 'heuristic'
  return kind === 'model' && judgeModel !== undefined ? `model ${judgeModel}` : kind
}

/** The claim checker's version a snapshot records (`producedBy.claimChecker`, e.g. `heuristic-claims-2@0.6`), if any. */
function claimVersionOf(snapshot: unknown): string | undefined {
  const version = (snapshot as { producedBy?: { claimChecker?: unknown } } | null)?.producedBy?.claimChecker
  return typeof version === 'string' ? version : undefined
}

/**
 * Why claim metrics cannot be compared between these runs (other claim checkers, or other versions of one when
 * both runs record it), or undefined when they can.
 */
export function claimSkipReason(current: Scorecard, baseline: Baseline): string | undefined {
  const nowVersion = claimVersionOf(current.configSnapshot)
  const thenVersion = claimVersionOf(baseline.configSnapshot)
  // A baseline taken before versions were recorded compares by kind (and model) alone.
  const both = nowVersion !== undefined && thenVersion !== undefined
  const now = `${claimCheckerOf(current.configSnapshot, current.answer.judgeModel)}${both ? ` ${nowVersion}` : ''}`
  const then = `${claimCheckerOf(baseline.configSnapshot, baseline.judgeModel)}${both ? ` ${thenVersion}` : ''}`
  if (now === then) return undefined
  return `claim metrics not compared: the baseline's claims were checked by the ${then} checker and this run's by the ${now} checker (claimMetrics; accept a new baseline with the same checker)`
}

/** Response relevancy's producer a snapshot records (`producedBy.responseRelevancy`), or `off` when it has none. */
function relevancyVersionOf(snapshot: unknown): string {
  const version = (snapshot as { producedBy?: { responseRelevancy?: unknown } } | null)?.producedBy?.responseRelevancy
  return typeof version === 'string' ? version : 'off'
}

/**
 * Why `response_relevancy` cannot be compared between these runs (another question template, judge or embedding
 * model, or a run that does not score it), or undefined when it can: cosines of another embedding model are on
 * another scale.
 */
export function relevancySkipReason(current: Scorecard, baseline: Baseline): string | undefined {
  const now = relevancyVersionOf(current.configSnapshot)
  const then = relevancyVersionOf(baseline.configSnapshot)
  if (now === then) return undefined
  return `response_relevancy not compared: the baseline's was scored by ${then} and this run's by ${now} (responseRelevancy and models; accept a new baseline scored the same way)`
}
