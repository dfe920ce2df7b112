/**
 * The HTML view of a scorecard: one self-contained page (inline CSS and SVG, no script, no external
 * resource; a Content-Security-Policy forbids any request) with the hard assertions first, then the deltas
 * against the baseline, retrieval and answer metrics per case type, abstention with the risk-coverage
 * curve, the error-class distribution, and a per-case drill-down. Pure: the scorecard, the gate result and
 * the case details come in as data.
 */
import type { GateComparisonRow, GateView } from './gate-view.ts'
import { htmlCaseDiffs } from './case-diff-view.ts'
import type { CaseDetail } from './html-case-details.ts'
import { casesSection, metricCell as f3 } from './html-case-list.ts'
import { hardSection, table } from './html-hard-checks.ts'
import { sortCaseTypes, sortMetricNames } from './metric-order.ts'
import type { GroupedMetrics, MetricGroup, Scorecard } from './scorecard.ts'
import { barChart, divergingBarChart, escapeHtml as esc, stepLineChart } from './svg-charts.ts'

/** One metric's change against the baseline (or run A), as the page shows it. */
export interface HtmlDelta {
  metric: string
  group: string
  baseline: number
  current: number
  /** `(current - baseline) / |baseline|`, or the absolute difference when the baseline is 0. */
  relativeChange: number
  verdict: string
  good: boolean | undefined
}

/** Everything the page shows. */
export interface HtmlScorecardInput {
  title: string
  scorecard: Scorecard
  /** The gate's outcome as the views take it (`gateView` in `src/report/gate/gate-messages.ts`). */
  gate?: GateView
  /** Changes against the baseline (default: from the gate's comparisons). */
  deltas?: HtmlDelta[]
  /** What the deltas compare with, as the heading says it: `the baseline` (default) or `run A`. */
  deltasAgainst?: string
  cases?: CaseDetail[]
  /**
   * When `cases` is already the selection to list ({@link selectShownCases}), how many failing and correct
   * cases the run had, for the section's counts.
   */
  caseTotals?: { failing: number; correct: number }
  /** Extra lines under the title (e.g. compare warnings). */
  notes?: string[]
}

const GOOD_VERDICTS = new Set(['improvement', 'improved'])
const BAD_VERDICTS = new Set(['regression', 'regressed', 'missing'])

/** The gate's overall comparisons as deltas. */
export function deltasFromGate(gate: GateView | undefined): HtmlDelta[] {
  return (gate?.comparisons ?? [])
    .filter((c) => c.group === 'overall')
    .map((c: GateComparisonRow) => ({
      metric: c.metric,
      group: c.group,
      baseline: c.baseline,
      current: c.current,
      relativeChange: Number.isFinite(c.relativeChange) ? c.relativeChange : c.current - c.baseline,
      verdict: c.verdict,
      good: GOOD_VERDICTS.has(c.verdict) ? true : BAD_VERDICTS.has(c.verdict) ? false : undefined,
    }))
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`

function tile(label: string, value: string, tone = ''): string {
  return `<div class="tile ${tone}"><div class="v">${esc(value)}</div><div class="l">${esc(label)}</div></div>`
}

function glance(s: Scorecard): string {
  const r = s.retrieval.overall.mean
  const a = s.answer.overall.mean
  const wrong = s.errorClasses.classified - (s.errorClasses.overall.correct ?? 0)
  const tiles = [
    tile('cases', String(s.run.cases), s.run.errored > 0 ? 'bad' : ''),
    tile('hard assertions failed', String(s.hard.failed), s.hard.failed > 0 ? 'bad' : 'good'),
    ...['recall@5', 'mrr', 'ndcg@10'].filter((m) => r[m] !== undefined).map((m) => tile(m, f3(r[m]))),
    ...['faithfulness', 'crag_truthfulness'].filter((m) => a[m] !== undefined).map((m) => tile(m, f3(a[m]))),
    tile('abstention F1', f3(s.abstention.f1)),
    tile('cases with an error class', String(wrong), wrong > 0 ? 'bad' : 'good'),
  ]
  return `<div class="tiles">${tiles.join('')}</div>`
}

function deltaSection(deltas: readonly HtmlDelta[], against: string): string {
  const column = against.replace(/^the /, '')
  if (deltas.length === 0)
    return `<section id="deltas"><h2>Against ${esc(against)}</h2><p class="muted">No comparison: no ${esc(column)}, or not comparable.</p></section>`
  const chart = divergingBarChart(
    'deltas',
    deltas.map((d) => ({
      label: d.metric,
      value: d.relativeChange,
      tone: d.good === true ? 'good' : d.good === false ? 'bad' : 'neutral',
      text: `${d.relativeChange >= 0 ? '+' : ''}${(d.relativeChange * 100).toFixed(1)}%`,
    })),
    { title: `Relative change of each metric against ${against}`, width: 420 },
  )
  const rows = deltas.map((d) => [
    esc(d.metric),
    esc(d.group),
    f3(d.baseline),
    f3(d.current),
    `${d.relativeChange >= 0 ? '+' : ''}${(d.relativeChange * 100).toFixed(1)}%`,
    `<span class="${d.good === true ? 'pos' : d.good === false ? 'neg' : ''}">${esc(d.verdict)}</span>`,
  ])
  return `<section id="deltas"><h2>Against ${esc(against)}</h2><div class="split"><div class="chart-box">${chart}</div>${table(['metric', 'group', column, 'this run', 'change', 'verdict'], rows)}</div></section>`
}

function groupsTable(family: GroupedMetrics, only?: readonly string[]): string {
  const byType = family.byCaseType as Record<string, MetricGroup | undefined>
  const groups = [
    ['overall', family.overall] as const,
    ...sortCaseTypes(Object.keys(byType)).map((t) => [t, byType[t]] as const),
  ].filter(([, g]) => (g?.n ?? 0) > 0)
  const names = sortMetricNames(Object.keys(family.overall.mean)).filter((n) => !only || only.includes(n))
  if (names.length === 0 || groups.length === 0) return '<p class="muted">Nothing scored.</p>'
  return table(
    ['group', 'n', ...names],
    groups.map(([g, group]) => [esc(g), String(group?.n ?? 0), ...names.map((n) => f3(group?.mean[n]))]),
  )
}

const TABLE_RETRIEVAL = [
  'recall@5',
  'recall@20',
  'precision@5',
  'hit@1',
  'hit@5',
  'hit@10',
  'mrr',
  'ndcg@10',
  'span_recall@5',
]

function abstentionSection(s: Scorecard): string {
  const a = s.abstention
  const curve = stepLineChart(
    'risk-coverage',
    a.riskCoverage.map((p) => ({ x: p.coverage, y: p.risk })),
    {
      title: 'Risk-coverage curve: share of kept answers that are wrong, by share of cases answered',
      xLabel: 'coverage (share answered)',
      yLabel: 'risk (share wrong)',
    },
  )
  const facts = table(
    ['answered', 'must abstain', 'abstained', 'correct abstentions', 'precision', 'recall', 'F1', 'AURC'],
    [
      [
        String(a.answered),
        String(a.mustAbstain),
        String(a.abstained),
        String(a.correctAbstentions),
        f3(a.precision),
        f3(a.recall),
        f3(a.f1),
        f3(a.aurc),
      ],
    ],
  )
  return `<section id="abstention"><h2>Abstention and selective prediction</h2>${facts}<div class="split"><div class="chart-box">${curve}</div><p class="muted explain">Each point keeps only the answers at or above one confidence: further left answers fewer cases; lower is fewer wrong answers among them. AURC is the area under this curve (0 is best).</p></div></section>`
}

const CLASS_COLOR: Record<string, string> = {
  correct: '#2e8b57',
  retrieval_miss: '#d35400',
  hallucination: '#c0392b',
  citation_error: '#8e44ad',
  stale: '#b7950b',
  incomplete: '#2980b9',
  conflict_mishandled: '#16a085',
  wrong_abstention: '#7f8c8d',
}

function errorSection(s: Scorecard): string {
  const e = s.errorClasses
  const entries = Object.entries(e.overall).sort((x, y) => (y[1] ?? 0) - (x[1] ?? 0))
  if (entries.length === 0)
    return '<section id="errors"><h2>Error classes</h2><p class="muted">No case carried an error class.</p></section>'
  const chart = barChart(
    'error-classes',
    entries.map(([name, n]) => ({
      label: name,
      value: n ?? 0,
      color: CLASS_COLOR[name] ?? '#4f7cac',
      text: `${n} (${pct((n ?? 0) / Math.max(1, e.classified))})`,
    })),
    { title: 'Cases per error class' },
  )
  const classes = entries.map(([name]) => name)
  const byType = e.byCaseType as Record<string, Record<string, number> | undefined>
  const rows = sortCaseTypes(Object.keys(byType)).map((t) => [
    esc(t),
    ...classes.map((c) => String(byType[t]?.[c] ?? 0)),
  ])
  return `<section id="errors"><h2>Error classes</h2><p>fix retrieval: <b>${e.fix.retrieval}</b> · fix generation: <b>${e.fix.generation}</b></p><div class="split"><div class="chart-box">${chart}</div>${table(['case type', ...classes], rows)}</div></section>`
}

/** Most gate lines the page's header lists before "… and N more". */
export const HTML_MAX_GATE_LINES = 8

const CSS = `body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2330;background:#f5f6f8}
main{max-width:1100px;margin:0 auto;padding:24px}header{background:#1d2330;color:#fff;padding:20px 24px}header h1{margin:0 0 6px;font-size:22px}
header .meta{color:#c5cbd6;font-size:13px}section{background:#fff;border:1px solid #e1e4ea;border-radius:8px;padding:16px 20px;margin:0 0 18px}
h2{font-size:17px;margin:0 0 12px}h3{font-size:15px;margin:16px 0 8px}table{border-collapse:collapse;margin:8px 0;font-variant-numeric:tabular-nums}
th,td{border-bottom:1px solid #eceef2;padding:4px 10px;text-align:right}table{max-width:100%}th{overflow-wrap:anywhere}td{overflow-wrap:anywhere}th:first-child,td:first-child{text-align:left}th{background:#f0f2f5;font-weight:600}
table.failures td{text-align:left}.pill{display:inline-block;border-radius:10px;padding:1px 9px;font-size:12px;background:#e8eaee;color:#1d2330;vertical-align:middle}
.pill.ok{background:#d7f0e1;color:#1e6b41}.pill.bad{background:#f8d7d3;color:#8e2418}.pos{color:#1e6b41}.neg{color:#b03a2e}.muted{color:#6b7385;font-size:12px}
.chart-box{overflow-x:auto;margin:8px 0;max-width:100%}.table-box{overflow-x:auto;max-width:100%;min-width:0}.split>*{min-width:0;max-width:100%}svg.chart .lbl,svg.chart .tick{font-size:12px;fill:#39404d}svg.chart .val{font-size:11px;fill:#39404d}
svg.chart .axis{stroke:#39404d}svg.chart .grid{stroke:#e6e8ec}svg.chart .curve{fill:none;stroke:#4f7cac;stroke-width:2}svg.chart .dot{fill:#4f7cac}
svg.chart .marker{fill:none;stroke:#c0392b;stroke-width:2}svg.chart .axis-label{font-size:12px;fill:#6b7385}
details{border-bottom:1px solid #eceef2;padding:6px 0}details.failed summary code{color:#b03a2e}summary{cursor:pointer}summary .cls{float:right;font-size:12px}
blockquote{margin:4px 0 8px;padding:6px 10px;background:#f7f8fa;border-left:3px solid #c5cbd6;white-space:pre-wrap}ol.chunks{margin:4px 0;padding-left:22px}
.snippet{color:#555d6e;font-size:12px}.grade{font-size:11px;border-radius:8px;padding:0 6px;background:#e8eaee}.grade.g3{background:#d7f0e1}.grade.g2{background:#e3f1d9}.grade.g0{background:#f8d7d3}
.gate{margin:8px 0 0}.gate li{margin:2px 0}.split{display:flex;flex-wrap:wrap;gap:8px 32px;align-items:flex-start}.explain{max-width:300px;margin-top:24px}
.tiles{display:flex;flex-wrap:wrap;gap:12px;margin:0 0 18px}.tile{background:#fff;border:1px solid #e1e4ea;border-radius:8px;padding:10px 14px;min-width:110px}
.tile .v{font-size:22px;font-weight:600;font-variant-numeric:tabular-nums}.tile .l{font-size:12px;color:#6b7385}.tile.bad .v{color:#b03a2e}.tile.good .v{color:#1e6b41}`

/** Renders the page (see the module doc). */
export function renderHtmlScorecard(input: HtmlScorecardInput): string {
  const s = input.scorecard
  const gate = input.gate
  const verdict = gate
    ? `<span class="pill ${gate.pass ? 'ok' : 'bad'}">gate ${gate.pass ? 'PASS' : 'FAIL'}</span>`
    : ''
  const shown = gate ? gate.lines.slice(0, HTML_MAX_GATE_LINES) : []
  const more =
    gate && gate.lines.length > shown.length
      ? `<li>… and ${gate.lines.length - shown.length} more (every one in gate.json and scorecard.md)</li>`
      : ''
  const messages =
    shown.length > 0 ? `<ul class="gate">${shown.map((l) => `<li>${esc(l.text)}</li>`).join('')}${more}</ul>` : ''
  const notes = (input.notes ?? []).map((n) => `<p>${esc(n)}</p>`).join('')
  // Above the metrics, as in the console and Markdown: near-zero recall everywhere points at the questions first.
  const alarm = s.retrievalAlarm
    ? `<p><span class="pill bad">check the questions first</span> ${esc(s.retrievalAlarm.message)}</p>`
    : ''
  const judge =
    s.answer.judgeKind === 'none' ? 'unjudged' : `${s.answer.judgeKind} judge, coverage ${pct(s.answer.coverage)}`
  const body = [
    glance(s),
    hardSection(s),
    deltaSection(input.deltas ?? deltasFromGate(gate), input.deltasAgainst ?? 'the baseline'),
    htmlCaseDiffs(gate),
    `<section id="retrieval"><h2>Retrieval per case type</h2>${groupsTable(s.retrieval, TABLE_RETRIEVAL)}</section>`,
    `<section id="answers"><h2>Answers per case type <span class="muted">${esc(judge)}</span></h2>${groupsTable(s.answer)}</section>`,
    abstentionSection(s),
    errorSection(s),
    casesSection(input.cases ?? [], TABLE_RETRIEVAL, input.caseTotals),
  ]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${esc(input.title)}</title><style>${CSS}</style></head>
<body><header><h1>${esc(input.title)} ${verdict}</h1><div class="meta">${s.run.cases} cases · ${esc(s.mode)} mode · ${esc(judge)} · ${esc(s.startedAt)} → ${esc(s.finishedAt)} · golden set ${esc(s.goldenSetHash.slice(0, 12))} · corpus ${esc(s.corpusFingerprint.slice(0, 12))} · vitest-rag ${esc(s.harnessVersion)}</div>${messages}${notes}${alarm}</header>
<main>${body.join('\n')}</main></body></html>
`
}
