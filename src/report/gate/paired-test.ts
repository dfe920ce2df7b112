/**
 * The paired comparison of one gated metric in one group: the per-case values of the cases paired between the
 * baseline and this run, with their clusters, and the paired significance test over them. Pure.
 */
import { compareRuns } from '../../shared/stats/compare.ts'
import type { Scorecard } from '../scorecard/scorecard.ts'
import type { Baseline } from './baseline.ts'
import { formatPValue, formatValue } from './format-values.ts'
import type { SignificanceSummary } from './gate-result.ts'
import type { GatePolicy } from './policy.ts'
import { sameCaseContent } from './pairing.ts'

/** A metric family of the scorecard: retrieval metrics or answer metrics. */
export type Family = 'retrieval' | 'answer'

/** One metric's per-case values, baseline (`a`) and current (`b`), and the paired cases' clusters. */
export interface PairedValues {
  a: Record<string, number>
  b: Record<string, number>
  /** Case id -> cluster (from the current run: a paired case has the same golden line, so the same cluster). */
  clusters: Record<string, string>
}

/** Per-case values of one metric for the cases paired by id AND content (see `sameCaseContent`), in one group. */
export function pairedValues(
  current: Scorecard,
  baseline: Baseline,
  family: Family,
  metric: string,
  group: string,
): PairedValues {
  const a: Record<string, number> = {}
  const b: Record<string, number> = {}
  const clusters: Record<string, string> = {}
  for (const [id, base] of Object.entries(baseline.cases)) {
    const cur = current.cases[id]
    if (!cur || !sameCaseContent(cur, base)) continue
    if (group !== 'overall' && base.caseType !== group) continue
    const before = base[family]?.[metric]
    const after = cur[family]?.[metric]
    if (before === undefined || after === undefined) continue
    a[id] = before
    b[id] = after
    if (cur.cluster !== undefined) clusters[id] = cur.cluster
  }
  return { a, b, clusters }
}

/** The paired test of one metric's per-case values, its summary, and the sentence quoting it. */
export function pairedTest(paired: PairedValues, policy: GatePolicy) {
  const result = compareRuns(paired.a, paired.b, {
    alpha: policy.alpha,
    seed: policy.seed,
    resamples: policy.resamples,
    clusters: paired.clusters,
  })
  const significance: SignificanceSummary = {
    n: result.n,
    clusters: result.clusters,
    meanDiff: result.meanDiff,
    ci: [result.ci[0], result.ci[1]],
    pValue: result.pValue,
    significant: result.significant,
  }
  const units = result.clusters < result.n ? `${result.n} cases in ${result.clusters} clusters` : `${result.n} cases`
  const test = `paired test over ${units}: p = ${formatPValue(result.pValue)}, ${Math.round((1 - policy.alpha) * 100)}% CI of the change [${formatValue(result.ci[0])}, ${formatValue(result.ci[1])}]`
  return { result, significance, test }
}
