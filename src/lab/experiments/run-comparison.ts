/**
 * The pure half of `compare RUN_A RUN_B`: two scorecards paired case by case. Per metric and per group
 * (overall and each case type): the mean difference B - A with its BCa interval and permutation p, and a
 * verdict (improved, regressed, no detectable change); the cases that flipped between passing and failing;
 * gaming alarms (a metric rose while its partner fell); and whether the two configurations differ in more
 * than one section (then no difference can be pinned on one change).
 */
import type { CaseSummary, Scorecard } from '../../report/scorecard/scorecard.ts'
import { clusterLabels } from '../../shared/stats/clusters.ts'
import { compareRuns, type CompareOptions, type RunComparison } from '../../shared/stats/compare.ts'
import { verdictOf, type Verdict } from './metric-summary.ts'
import { differingSections, NON_RESULT_SECTIONS } from './presets.ts'
import { fixed3, formatP, signed3, type TextTable } from './text-table.ts'

/** One metric in one group, B against A: the paired comparison (see `compareRuns`) and its verdict. */
export interface MetricDelta extends Omit<RunComparison, 'onlyInA' | 'onlyInB'> {
  metric: string
  family: 'retrieval' | 'answer'
  /** `overall` or a case type. */
  group: string
  verdict: Verdict
}

/** A case that passed in one run and failed in the other. */
export interface FlippedCase {
  caseId: string
  caseType: string
  direction: 'fixed' | 'broke'
  /** Error class (or `error`, `hard assertion failed`) in A and in B. */
  from: string
  to: string
}

/** A metric that rose significantly while its partner fell. */
export interface GamingAlarm {
  rising: string
  falling: string
  message: string
}

/** Everything `compare` reports. */
export interface RunComparisonReport {
  deltas: MetricDelta[]
  flipped: FlippedCase[]
  alarms: GamingAlarm[]
  /** Configuration sections that differ (those that change results). */
  differingSections: string[]
  warnings: string[]
  onlyInA: string[]
  onlyInB: string[]
}

/** Metric pairs that should move together: gaming one at the other's cost raises an alarm. */
export const PARTNER_METRICS: ReadonlyArray<readonly [string, string]> = [
  ...[1, 3, 5, 10, 20].map((k) => [`recall@${k}`, `precision@${k}`] as const),
  ['faithfulness', 'answer_relevance'],
]

function outcomeOf(c: CaseSummary | undefined): string {
  if (!c) return 'absent'
  if (c.error !== undefined) return 'error'
  if (Object.values(c.hard).some((passed) => passed === false)) return 'hard assertion failed'
  return c.errorClass ?? 'correct'
}

const passing = (outcome: string) => outcome === 'correct'

function valuesOf(s: Scorecard, family: 'retrieval' | 'answer', metric: string, group: string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const [id, c] of Object.entries(s.cases)) {
    if (group !== 'overall' && c.caseType !== group) continue
    const v = c[family]?.[metric]
    if (v !== undefined) out[id] = v
  }
  return out
}

function metricNames(a: Scorecard, b: Scorecard, family: 'retrieval' | 'answer'): string[] {
  const names = new Set<string>()
  for (const s of [a, b])
    for (const c of Object.values(s.cases)) for (const name of Object.keys(c[family] ?? {})) names.add(name)
  return [...names].sort()
}

/** Compares run `b` with run `a` (see the module doc). */
export function compareScorecards(a: Scorecard, b: Scorecard, options: CompareOptions = {}): RunComparisonReport {
  const deltas = compareMetrics(a, b, options)
  const sections = differingSections(a.configSnapshot, b.configSnapshot, NON_RESULT_SECTIONS)
  return {
    deltas,
    flipped: findFlippedCases(a, b),
    alarms: findGamingAlarms(deltas),
    differingSections: sections,
    warnings: warnAboutInputs(a, b, sections),
    onlyInA: Object.keys(a.cases)
      .filter((id) => !Object.hasOwn(b.cases, id))
      .sort(),
    onlyInB: Object.keys(b.cases)
      .filter((id) => !Object.hasOwn(a.cases, id))
      .sort(),
  }
}

/** Runs the paired test on every metric of both families, overall and per case type of run `b`. */
function compareMetrics(a: Scorecard, b: Scorecard, options: CompareOptions): MetricDelta[] {
  const groups = ['overall', ...[...new Set(Object.values(b.cases).map((c) => c.caseType))].sort()]
  const deltas: MetricDelta[] = []
  // A case's cluster follows from its golden line, so a case paired by id has it in both runs; b's is used.
  const clusters = clusterLabels(b.cases)
  for (const family of ['retrieval', 'answer'] as const) {
    for (const metric of metricNames(a, b, family)) {
      for (const group of groups) {
        const c = compareRuns(valuesOf(a, family, metric, group), valuesOf(b, family, metric, group), {
          clusters,
          ...options,
        })
        if (c.n === 0) continue
        deltas.push({
          metric,
          family,
          group,
          n: c.n,
          clusters: c.clusters,
          meanA: c.meanA,
          meanB: c.meanB,
          meanDiff: c.meanDiff,
          ci: c.ci,
          pValue: c.pValue,
          significant: c.significant,
          verdict: verdictOf(c, metric),
        })
      }
    }
  }
  return deltas
}

/** Finds the cases paired by id whose outcome went from passing to failing or back, sorted by id. */
function findFlippedCases(a: Scorecard, b: Scorecard): FlippedCase[] {
  const flipped: FlippedCase[] = []
  for (const id of Object.keys(b.cases)
    .filter((k) => Object.hasOwn(a.cases, k))
    .sort()) {
    const from = outcomeOf(a.cases[id])
    const to = outcomeOf(b.cases[id])
    if (passing(from) !== passing(to))
      flipped.push({
        caseId: id,
        caseType: b.cases[id]?.caseType ?? '',
        direction: passing(to) ? 'fixed' : 'broke',
        from,
        to,
      })
  }
  return flipped
}

/** Finds partner metrics where one rose significantly overall while the other fell. */
function findGamingAlarms(deltas: readonly MetricDelta[]): GamingAlarm[] {
  const overall = new Map(deltas.filter((d) => d.group === 'overall').map((d) => [d.metric, d]))
  const alarms: GamingAlarm[] = []
  for (const [x, y] of PARTNER_METRICS) {
    for (const [rising, falling] of [
      [x, y],
      [y, x],
    ] as const) {
      const up = overall.get(rising)
      const down = overall.get(falling)
      if (up?.verdict === 'improved' && down !== undefined && down.meanDiff < -1e-9) {
        alarms.push({
          rising,
          falling,
          message: `${rising} rose ${signed3(up.meanDiff)} (significant) while ${falling} fell ${signed3(down.meanDiff)}: check the change is not trading one for the other`,
        })
      }
    }
  }
  return alarms
}

/** Warns about what makes the runs harder to compare: several config sections, other inputs, edited cases. */
function warnAboutInputs(a: Scorecard, b: Scorecard, sections: readonly string[]): string[] {
  const warnings: string[] = []
  if (sections.length > 1)
    warnings.push(
      `the two runs' configurations differ in ${sections.length} sections (${sections.join(', ')}): a difference cannot be pinned on one change; change one thing at a time`,
    )
  if (a.goldenSetHash !== b.goldenSetHash)
    warnings.push('the runs used different golden sets: only the cases present in both are paired')
  if (a.corpusFingerprint !== b.corpusFingerprint)
    warnings.push('the runs used different corpora (fingerprints differ)')
  const changed = Object.keys(b.cases).filter(
    (id) => a.cases[id] !== undefined && a.cases[id]?.caseHash !== b.cases[id]?.caseHash,
  )
  if (changed.length > 0)
    warnings.push(
      `${changed.length} case(s) changed between the runs (${changed.slice(0, 5).join(', ')}): they are still paired by id`,
    )
  return warnings
}

/** The metrics the printed table always shows (every metric is in the JSON). */
export const COMPARE_HEADLINE_METRICS: readonly string[] = [
  'recall@5',
  'recall@20',
  'precision@5',
  'hit@1',
  'mrr',
  'ndcg@10',
  'faithfulness',
  'citation_accuracy',
  'answer_relevance',
  'crag_truthfulness',
  'should_contain',
]

/**
 * The printed table: the headline metrics overall and per case type, plus any other metric or group whose
 * change the paired test confirms.
 */
export function compareTable(deltas: readonly MetricDelta[]): TextTable {
  const shown = deltas.filter((d) => COMPARE_HEADLINE_METRICS.includes(d.metric) || d.significant)
  return {
    header: ['metric', 'group', 'pairs', 'A', 'B', 'B - A', '95% BCa', 'p', 'verdict'],
    rows: shown.map((d) => [
      d.metric,
      d.group,
      String(d.n),
      fixed3(d.meanA),
      fixed3(d.meanB),
      signed3(d.meanDiff),
      `[${signed3(d.ci[0])}, ${signed3(d.ci[1])}]`,
      formatP(d.pValue),
      d.verdict,
    ]),
  }
}
