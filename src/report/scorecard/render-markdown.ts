/**
 * The scorecard as GitHub-flavoured Markdown (for `GITHUB_STEP_SUMMARY` and PR comments): hard assertions
 * first, then the quality tables, then the gate outcome. A view only: every figure comes from the scorecard.
 */
import type { ComparisonVerdict, GateView } from './gate-view.ts'
import { markdownCaseDiffs } from './case-diff-view.ts'
import {
  escapeMarkdown,
  facetTable,
  fixed,
  MARKDOWN_HEADLINE_METRICS,
  metricNamesOf,
  metricTable,
  percent,
  table,
  tenantTable,
} from './markdown-tables.ts'
import { sortCaseTypes, sortMetricNames } from './metric-order.ts'
import { describeGradeSources } from './grade-sources.ts'
import { describeCalibration } from './answer-quality.ts'
import type { CalibrationFigure, GroupedMetrics, MetricGroup, Scorecard } from './scorecard.ts'
import { clusterNote, levelLine } from './source-summary.ts'
import { renderAbstention, renderErrorClasses, renderUsage } from './markdown-run-sections.ts'

function byTypeGroups(metrics: GroupedMetrics): Array<[string, MetricGroup | undefined]> {
  const byType = metrics.byCaseType as Record<string, MetricGroup | undefined>
  return [
    ['overall', metrics.overall],
    ...sortCaseTypes(Object.keys(byType)).map((t): [string, MetricGroup | undefined] => [t, byType[t]]),
  ]
}

function short(hash: string): string {
  return `\`${hash.slice(0, 12)}\``
}

/** Facet tables (question type, popularity, dynamism) in a collapsed block, then the per-tag table in another. */
function facetTables(metrics: GroupedMetrics, names: readonly string[]): string[] {
  const lines: string[] = []
  for (const [facet, groups] of Object.entries(metrics.byFacet)) {
    const rows = facetTable(facet, groups, names)
    if (rows.length > 0) lines.push('', ...rows)
  }
  const tags = facetTable('tag', metrics.byTag ?? {}, names)
  return [
    ...(lines.length === 0 ? [] : ['', '<details><summary>By CRAG facet</summary>', ...lines, '', '</details>']),
    ...(tags.length === 0
      ? []
      : [
          '',
          '<details><summary>By tag (a case counts under each of its tags)</summary>',
          '',
          ...tags,
          '',
          '</details>',
        ]),
  ]
}

function calibrationCell(figure: CalibrationFigure | 'uncalibrated' | undefined): string {
  if (figure === undefined) return ''
  if (figure === 'uncalibrated') return 'uncalibrated'
  return escapeMarkdown(describeCalibration(figure))
}

function renderHeader(s: Scorecard, gate: GateView | undefined): string[] {
  const verdict = gate ? (gate.pass ? ' — ✅ PASS' : ' — ❌ FAIL') : ''
  const cases = `${s.run.expectedCases !== undefined ? `${s.run.cases} of ${s.run.expectedCases}` : `${s.run.cases}`}${clusterNote(s.run)}`
  const models = Object.entries(s.models)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `**${k}** \`${escapeMarkdown(String(v))}\``)
  const facts = [
    `**mode** ${s.mode}`,
    `**cases** ${cases}`,
    `**golden set** ${short(s.goldenSetHash)}`,
    `**corpus** ${short(s.corpusFingerprint)}`,
    ...models,
  ]
  const lines = [`## vitest-rag scorecard${verdict}`, '', facts.join(' · ')]
  if (s.run.errored > 0)
    lines.push(
      '',
      `⚠️ ${s.run.errored} case(s) errored: ${s.run.erroredCaseIds.map((id) => `\`${escapeMarkdown(id)}\``).join(', ')}`,
    )
  return lines
}

function renderHard(s: Scorecard): string[] {
  const h = s.hard
  const headline = h.failed === 0 ? `✅ ${h.passed} of ${h.ran} passed` : `❌ ${h.failed} of ${h.ran} failed`
  const lines = ['', '### Hard assertions', '', headline]
  if (h.checks.length > 0)
    lines.push(
      '',
      ...table(
        ['Check', 'Ran', 'Passed', 'Failed'],
        h.checks.map((c) => [c.name, `${c.ran}`, `${c.passed}`, `${c.failed}`]),
      ),
    )
  if (h.failures.length > 0) {
    lines.push('', '**Failing cases**', '')
    lines.push(
      ...table(
        ['Case', 'Where', 'Check', 'Message'],
        h.failures.map((f) => [
          `\`${escapeMarkdown(f.caseId)}\``,
          `${escapeMarkdown(f.file)}:${f.line}`,
          f.check,
          escapeMarkdown(f.message),
        ]),
        4,
      ),
    )
  }
  const known = [
    ...(h.knownFailures ?? []).map((k) => ({ ...k, state: 'fails as expected' })),
    ...(h.markedPassing ?? []).map((k) => ({ ...k, state: '❌ passed: remove the mark' })),
  ]
  if (known.length > 0) {
    lines.push(
      '',
      `**Known failures** (marked \`known_failures\` in the golden set; expected, not counted as failed): ${h.known ?? 0}`,
      '',
    )
    lines.push(
      ...table(
        ['Case', 'Where', 'Check', 'Reason', 'Now'],
        known.map((k) => [
          `\`${escapeMarkdown(k.caseId)}\``,
          `${escapeMarkdown(k.file)}:${k.line}`,
          k.check,
          escapeMarkdown(k.reason),
          k.state,
        ]),
        4,
      ),
    )
  }
  return lines
}

function renderRetrieval(s: Scorecard): string[] {
  const o = s.retrieval.overall
  const groups = byTypeGroups(s.retrieval)
  const headline = metricNamesOf(
    groups.map(([, g]) => g),
    MARKDOWN_HEADLINE_METRICS,
  )
  const all = metricNamesOf(groups.map(([, g]) => g))
  const full =
    all.length > headline.length
      ? ['', '<details><summary>All retrieval metrics</summary>', '', ...metricTable(groups, all), '', '</details>']
      : []
  return [
    '',
    '### Retrieval',
    '',
    `${o.n} scored · ${o.unscored} unscored (must abstain) · ${o.failed} errored (scored 0)${s.sources && Object.keys(s.sources.levels).length > 0 ? ` · computed at ${levelLine(s.sources)}` : ''}`,
    ...(s.retrievalAlarm ? ['', `> **Check the questions first:** ${escapeMarkdown(s.retrievalAlarm.message)}`] : []),
    ...(s.sources && s.sources.unresolved > 0
      ? [
          '',
          `${s.sources.unresolved} of ${s.sources.references} source references name nothing in the corpus: ${s.sources.problems
            .slice(0, 5)
            .map((p) => `\`${escapeMarkdown(p.caseId)}\` (${escapeMarkdown(p.unresolved[0] ?? '')})`)
            .join(', ')}`,
        ]
      : []),
    '',
    ...metricTable(groups, headline),
    ...tenantTable(s.retrieval.byTenant, headline),
    ...full,
    ...facetTables(s.retrieval, headline),
  ]
}

function renderAnswers(s: Scorecard): string[] {
  const a = s.answer
  if (a.scorable === 0) return []
  const judge =
    a.judgeKind === 'none'
      ? 'no judge'
      : `${a.judgeKind} judge${a.judgeModel ? ` (\`${escapeMarkdown(a.judgeModel)}\`)` : ''}`
  const failed = a.judgeFailed > 0 ? ` · ${a.judgeFailed} unparsable verdict(s)` : ''
  const groups = byTypeGroups(a)
  const names = metricNamesOf(groups.map(([, g]) => g))
  return [
    '',
    '### Answer quality',
    '',
    `${judge} · coverage ${percent(a.coverage)} (${a.judged} of ${a.scorable} cases judged)${failed}${a.answered !== undefined ? ` · answered ${percent(a.answerCoverage ?? 0)} (${a.answered} of ${a.scorable}; faithfulness, citation accuracy and relevance are over answered cases${a.answered === 0 ? ': n/a, no answered case' : ''})` : ''}`,
    '',
    ...metricTable(groups, names, { header: 'Calibration', cell: (m) => calibrationCell(a.calibration[m]) }),
    ...tenantTable(a.byTenant, names),
    ...facetTables(a, names),
  ]
}

const VERDICT_ICON: Record<ComparisonVerdict, string> = {
  improvement: '⬆️ improvement',
  no_detectable_change: 'no detectable change',
  unchanged: 'unchanged',
  within_tolerance: 'within tolerance',
  not_significant: '⚠️ not significant',
  regression: '❌ regression',
  missing: '❌ missing',
}

function renderGate(gate: GateView): string[] {
  const lines = ['', `### Gate: ${gate.pass ? '✅ PASS' : '❌ FAIL'}`, '']
  const gateText = gate.lines
  for (const line of gateText) lines.push(`- ${line.kind === 'failure' ? '❌ ' : ''}${escapeMarkdown(line.text)}`)
  if (gateText.length === 0)
    lines.push(`- every gated metric is within tolerance or better (${gate.comparisons.length} comparisons)`)
  if (gate.comparisons.length > 0) {
    const rows = gate.comparisons.map((c) => [
      c.metric,
      c.group,
      fixed(c.baseline),
      fixed(c.current),
      Number.isFinite(c.relativeChange) ? `${c.relativeChange >= 0 ? '+' : ''}${percent(c.relativeChange)}` : '–',
      c.pValue,
      c.confirmableDrop === undefined ? '' : Number.isFinite(c.confirmableDrop) ? percent(c.confirmableDrop) : 'none',
      VERDICT_ICON[c.verdict],
    ])
    const header = ['Metric', 'Group', 'Baseline', 'Current', 'Change', 'p', 'Confirmable drop (80% power)', 'Verdict']
    lines.push(
      '',
      '<details><summary>Metric comparisons against the baseline</summary>',
      '',
      ...table(header, rows, 2),
      '',
      '</details>',
    )
  }
  lines.push(...markdownCaseDiffs(gate))
  return lines
}

/** Where the relevance grades came from (pooled qrels), and synthetic vs human-written cases with the gap. */
function renderOrigins(s: Scorecard): string[] {
  const grades = s.gradeSources ? ['', `**Relevance grades:** ${describeGradeSources(s.gradeSources)}`] : []
  const o = s.origins
  if (!o) return grades
  const rows = (['retrieval', 'answer'] as const).flatMap((family) =>
    sortMetricNames(Object.keys(o.gap[family])).map((name) => {
      const gap = o.gap[family][name] ?? 0
      return [
        name,
        fixed(o.synthetic[family].mean[name] ?? 0, 3),
        fixed(o.human[family].mean[name] ?? 0, 3),
        `${gap >= 0 ? '+' : ''}${fixed(gap, 3)}`,
      ]
    }),
  )
  return [
    ...grades,
    '',
    '### Synthetic vs human-written cases',
    '',
    `${o.synthetic.cases} synthetic and ${o.human.cases} human-written cases. Synthetic questions are written from their own passage and overstate retrieval quality: read the gap, not the synthetic mean.`,
    '',
    ...table(['Metric', 'Synthetic', 'Human', 'Gap'], rows),
  ]
}

/**
 * Renders the scorecard (and, when given, the gate's outcome) as Markdown: header with the verdict, hard
 * assertions, retrieval, answer quality, abstention, error classes, usage, gate. Sections with nothing to
 * show (e.g. answers in retrieval mode) are left out. Ends with a newline.
 */
export function renderMarkdown(scorecard: Scorecard, gateResult?: GateView): string {
  const lines = [
    ...renderHeader(scorecard, gateResult),
    ...renderHard(scorecard),
    ...renderRetrieval(scorecard),
    ...renderAnswers(scorecard),
    ...renderOrigins(scorecard),
    ...renderAbstention(scorecard),
    ...renderErrorClasses(scorecard),
    ...renderUsage(scorecard),
    ...(gateResult ? renderGate(gateResult) : []),
  ]
  return `${lines.join('\n')}\n`
}
