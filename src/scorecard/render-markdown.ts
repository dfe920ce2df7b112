/**
 * The scorecard as GitHub-flavoured Markdown (for `GITHUB_STEP_SUMMARY` and PR comments): hard assertions
 * first, then the quality tables, then the gate outcome. A view only: every figure comes from the scorecard.
 */
import { formatPValue } from '../gate/compare-metrics.ts'
import type { GateResult, MetricComparison } from '../gate/gate-result.ts'
import { FIX_HALF, ERROR_CLASSES } from './error-classes.ts'
import { sortCaseTypes, sortMetricNames } from './metric-order.ts'
import type { CalibrationFigure, GroupedMetrics, MetricGroup, Scorecard } from './scorecard.ts'

/** Escapes text for a table cell or a list item: pipes, newlines, and HTML-ish angle brackets. */
export function escapeMarkdown(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, ' ')
}

function table(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(' | ')} |`, `| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)]
}

function fixed(value: number | undefined, digits = 3): string {
  return value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits)
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`
}

function short(hash: string): string {
  return `\`${hash.slice(0, 12)}\``
}

function metricTable(groups: Array<[string, MetricGroup | undefined]>, extra?: (metric: string) => string, extraHeader?: string): string[] {
  const names = sortMetricNames(groups.flatMap(([, g]) => Object.keys(g?.mean ?? {})))
  if (names.length === 0) return ['_No scored cases._']
  const header = ['Metric', ...groups.map(([label, g]) => `${label} (n=${g?.n ?? 0})`), ...(extra ? [extraHeader ?? ''] : [])]
  const rows = names.map((m) => [m, ...groups.map(([, g]) => fixed(g?.mean[m])), ...(extra ? [extra(m)] : [])])
  return table(header, rows)
}

function byTypeGroups(metrics: GroupedMetrics): Array<[string, MetricGroup | undefined]> {
  const byType = metrics.byCaseType as Record<string, MetricGroup | undefined>
  return [['overall', metrics.overall], ...sortCaseTypes(Object.keys(byType)).map((t): [string, MetricGroup | undefined] => [t, byType[t]])]
}

function facetTables(metrics: GroupedMetrics): string[] {
  const lines: string[] = []
  for (const [facet, groups] of Object.entries(metrics.byFacet)) {
    if (Object.keys(groups).length === 0) continue
    lines.push('', `**By ${facet}**`, '', ...metricTable(Object.entries(groups)))
  }
  return lines.length === 0 ? [] : ['', '<details><summary>By CRAG facet</summary>', ...lines, '', '</details>']
}

function calibrationCell(figure: CalibrationFigure | 'uncalibrated' | undefined): string {
  if (figure === undefined) return ''
  if (figure === 'uncalibrated') return 'uncalibrated'
  return `acc ${fixed(figure.accuracy, 2)}, κ ${fixed(figure.kappa, 2)}, n=${figure.n}`
}

function renderHeader(s: Scorecard, gate: GateResult | undefined): string[] {
  const verdict = gate ? (gate.pass ? ' — ✅ PASS' : ' — ❌ FAIL') : ''
  const cases = s.run.expectedCases !== undefined ? `${s.run.cases} of ${s.run.expectedCases}` : `${s.run.cases}`
  const models = Object.entries(s.models).filter(([, v]) => v !== undefined).map(([k, v]) => `**${k}** \`${escapeMarkdown(String(v))}\``)
  const facts = [`**mode** ${s.mode}`, `**cases** ${cases}`, `**golden set** ${short(s.goldenSetHash)}`, `**corpus** ${short(s.corpusFingerprint)}`, ...models]
  const lines = [`## vitest-rag scorecard${verdict}`, '', facts.join(' · ')]
  if (s.run.errored > 0) lines.push('', `⚠️ ${s.run.errored} case(s) errored: ${s.run.erroredCaseIds.map((id) => `\`${escapeMarkdown(id)}\``).join(', ')}`)
  return lines
}

function renderHard(s: Scorecard): string[] {
  const h = s.hard
  const headline = h.failed === 0 ? `✅ ${h.passed} of ${h.ran} passed` : `❌ ${h.failed} of ${h.ran} failed`
  const lines = ['', '### Hard assertions', '', headline]
  if (h.checks.length > 0) lines.push('', ...table(['Check', 'Ran', 'Passed', 'Failed'], h.checks.map((c) => [c.name, `${c.ran}`, `${c.passed}`, `${c.failed}`])))
  if (h.failures.length > 0) {
    lines.push('', '**Failing cases**', '')
    lines.push(...table(['Case', 'Where', 'Check', 'Message'], h.failures.map((f) => [`\`${escapeMarkdown(f.caseId)}\``, `${escapeMarkdown(f.file)}:${f.line}`, f.check, escapeMarkdown(f.message)])))
  }
  return lines
}

function renderRetrieval(s: Scorecard): string[] {
  const o = s.retrieval.overall
  return [
    '',
    '### Retrieval',
    '',
    `${o.n} scored · ${o.unscored} unscored (must abstain) · ${o.failed} errored (scored 0)`,
    '',
    ...metricTable(byTypeGroups(s.retrieval)),
    ...facetTables(s.retrieval),
  ]
}

function renderAnswers(s: Scorecard): string[] {
  const a = s.answer
  if (a.scorable === 0) return []
  const judge = a.judgeKind === 'none' ? 'no judge' : `${a.judgeKind} judge${a.judgeModel ? ` (\`${escapeMarkdown(a.judgeModel)}\`)` : ''}`
  const failed = a.judgeFailed > 0 ? ` · ${a.judgeFailed} unparsable verdict(s)` : ''
  return [
    '',
    '### Answer quality',
    '',
    `${judge} · coverage ${percent(a.coverage)} (${a.judged} of ${a.scorable} cases judged)${failed}`,
    '',
    ...metricTable(byTypeGroups(a), (m) => calibrationCell(a.calibration[m]), 'Calibration'),
    ...facetTables(a),
  ]
}

function renderAbstention(s: Scorecard): string[] {
  const b = s.abstention
  if (b.answered === 0) return []
  const lines = [
    '',
    '### Abstention',
    '',
    ...table(
      ['Must abstain', 'Abstained', 'Correct abstentions', 'Precision', 'Recall', 'F1', 'AURC'],
      [[`${b.mustAbstain}`, `${b.abstained}`, `${b.correctAbstentions}`, fixed(b.precision), fixed(b.recall), fixed(b.f1), b.aurc === undefined ? '–' : fixed(b.aurc)]],
    ),
  ]
  if (b.riskCoverage.length > 0) {
    const rows = b.riskCoverage.map((p) => [fixed(p.threshold), percent(p.coverage), fixed(p.risk)])
    lines.push('', `<details><summary>Risk-coverage (${b.withConfidence} answers with a confidence)</summary>`, '', ...table(['Confidence ≥', 'Coverage', 'Risk'], rows), '', '</details>')
  }
  return lines
}

function renderErrorClasses(s: Scorecard): string[] {
  const e = s.errorClasses
  if (e.classified === 0) return []
  const types = sortCaseTypes(Object.keys(e.byCaseType))
  const byType = e.byCaseType as Record<string, Partial<Record<string, number>> | undefined>
  const rows = ERROR_CLASSES.filter((c) => e.overall[c] !== undefined).map((c) => [
    c,
    c === 'correct' ? '–' : FIX_HALF[c],
    `${e.overall[c] ?? 0}`,
    ...types.map((t) => `${byType[t]?.[c] ?? 0}`),
  ])
  return [
    '',
    '### Error classes',
    '',
    `Fix retrieval: ${e.fix.retrieval} case(s) · fix generation: ${e.fix.generation} case(s)`,
    '',
    ...table(['Class', 'Fix in', 'overall', ...types], rows),
  ]
}

function renderUsage(s: Scorecard): string[] {
  const u = s.usage
  if (u.calls === 0 && u.costUsd === 0) return []
  return ['', '### Usage', '', ...table(['Calls', 'Cached', 'Retries', 'Cost (USD)', 'Saved by cache (USD)'], [[`${u.calls}`, `${u.cachedCalls}`, `${u.retries}`, fixed(u.costUsd, 4), fixed(u.savedUsd, 4)]])]
}

const VERDICT_ICON: Record<MetricComparison['verdict'], string> = {
  improvement: '⬆️ improvement',
  unchanged: 'unchanged',
  within_tolerance: 'within tolerance',
  not_significant: '⚠️ not significant',
  regression: '❌ regression',
  missing: '❌ missing',
}

function renderGate(gate: GateResult): string[] {
  const lines = ['', `### Gate: ${gate.pass ? '✅ PASS' : '❌ FAIL'}`, '']
  for (const reason of gate.reasons) lines.push(`- ❌ ${escapeMarkdown(reason.message)}`)
  const notes = gate.messages.slice(gate.reasons.length)
  for (const note of notes) lines.push(`- ${escapeMarkdown(note)}`)
  if (gate.comparisons.length > 0) {
    const rows = gate.comparisons.map((c) => [
      c.metric,
      c.group,
      fixed(c.baseline),
      fixed(c.current),
      Number.isFinite(c.relativeChange) ? `${c.relativeChange >= 0 ? '+' : ''}${percent(c.relativeChange)}` : '–',
      c.significance ? formatPValue(c.significance.pValue) : '',
      VERDICT_ICON[c.verdict],
    ])
    lines.push('', '<details><summary>Metric comparisons against the baseline</summary>', '', ...table(['Metric', 'Group', 'Baseline', 'Current', 'Change', 'p', 'Verdict'], rows), '', '</details>')
  }
  return lines
}

/**
 * Renders the scorecard (and, when given, the gate's outcome) as Markdown: header with the verdict, hard
 * assertions, retrieval, answer quality, abstention, error classes, usage, gate. Sections with nothing to
 * show (e.g. answers in retrieval mode) are left out. Ends with a newline.
 */
export function renderMarkdown(scorecard: Scorecard, gateResult?: GateResult): string {
  const lines = [
    ...renderHeader(scorecard, gateResult),
    ...renderHard(scorecard),
    ...renderRetrieval(scorecard),
    ...renderAnswers(scorecard),
    ...renderAbstention(scorecard),
    ...renderErrorClasses(scorecard),
    ...renderUsage(scorecard),
    ...(gateResult ? renderGate(gateResult) : []),
  ]
  return `${lines.join('\n')}\n`
}
