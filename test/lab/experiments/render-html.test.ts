/**
 * The HTML scorecard as a string: self-contained, hard assertions first, and safe with untrusted text (the
 * system under test writes the answers; a page must never run or fetch what an answer contains).
 */
import { expect, test } from 'vitest'
import { evaluateGate } from '../../../src/report/gate/evaluate.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import { caseDetailsFromRecords } from '../../../src/report/scorecard/html-case-details.ts'
import { renderHtmlScorecard } from '../../../src/report/scorecard/render-html.ts'
import { barChart, divergingBarChart, stepLineChart } from '../../../src/report/scorecard/svg-charts.ts'
import { buildContext, buildRecord } from '../../report/scorecard/build-records.ts'
import { gateView } from '../../../src/report/gate/gate-messages.ts'

const hostile = '<script>fetch("https://evil.example/x")</script><img src="http://evil.example/p.png">'

test('an answer holding markup is escaped: the page has no script and no attribute that loads anything', () => {
  const records = [
    buildRecord('C-1', {
      mode: 'system',
      answer: { text: hostile, abstained: false, confidence: 0.7, citedMarkers: [1] },
      answerMetrics: { crag_truthfulness: -1 },
      errorClass: 'hallucination',
      hard: [{ name: 'toHaveNoFabricatedCitations', passed: false, message: hostile }],
      retrieval: {
        retrieved: [{ chunkId: 'doc#1', score: 2, tenantId: 't' }],
        expected: [{ chunkId: 'doc#1', grade: 3 }],
        scored: true,
        metrics: { 'recall@5': 1 },
      },
      judge: { kind: 'heuristic', failed: false, reasons: { crag: hostile } },
    }),
    buildRecord('C-2', { retrieval: { metrics: { 'recall@5': 0.5 } } }),
  ]
  const scorecard = buildScorecard(records, buildContext())
  const cases = caseDetailsFromRecords(
    records,
    (id) => (id === 'C-1' ? `query ${hostile}` : undefined),
    () => `chunk text ${hostile}`,
  )
  const html = renderHtmlScorecard({
    title: 'run',
    scorecard,
    gate: gateView(evaluateGate(scorecard, undefined)),
    cases,
  })
  expect(html).not.toContain('<script')
  expect(html).not.toContain('<img')
  // The URLs survive only as escaped text: no attribute loads anything, and links stay inside the page.
  expect(html).not.toMatch(/\b(src|href|action)\s*=\s*"(?!#)/)
  expect(html).toContain('&lt;script&gt;fetch(&quot;')
  expect(html).toContain(
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
  )
  // Sections in order, hard assertions first; the failing case is listed first and open, with its grade-3 chunk.
  const order = [
    'id="hard"',
    'id="deltas"',
    'id="retrieval"',
    'id="answers"',
    'id="abstention"',
    'id="errors"',
    'id="cases"',
  ].map((id) => html.indexOf(id))
  expect(order.every((at, i) => at > 0 && (i === 0 || at > (order[i - 1] ?? 0)))).toBe(true)
  expect(html).toContain('<details id="case-C-1" class="failed" open>')
  expect(html).toContain('<span class="grade g3">grade 3</span>')
  expect(html.indexOf('case-C-1')).toBeLessThan(html.indexOf('case-C-2'))
})

test('charts scale to their largest value and carry their name', () => {
  // Bars of 2 and 1 over a 560-wide chart with a 170 label column and 100 reserved for the value: 290 and 145.
  const bars = barChart(
    'errors',
    [
      { label: 'a', value: 2 },
      { label: 'b', value: 1 },
    ],
    { title: 't' },
  )
  expect(bars).toContain('data-chart="errors"')
  expect([...bars.matchAll(/<rect x="170" y="\d+" width="([\d.]+)"/g)].map((m) => Number(m[1]))).toEqual([290, 145])
  // Diverging: half width (560 - 170 - 20) / 2 = 185, bars up to 185 - 60 = 125; -0.1 grows left of the centre at 355.
  const changes = divergingBarChart(
    'deltas',
    [
      { label: 'x', value: -0.1, tone: 'bad' },
      { label: 'y', value: 0.05, tone: 'good' },
    ],
    { title: 't' },
  )
  expect(changes).toContain('<rect x="230" y="7" width="125"')
  expect(changes).toContain('<rect x="355" y="31" width="62.5"')
  // The step line starts at coverage 0 on the first point's risk: (52, 14 + (1 - 0.5) x 224 = 126).
  expect(
    stepLineChart(
      'rc',
      [
        { x: 0.5, y: 0.5 },
        { x: 1, y: 0.25 },
      ],
      { title: 't', xLabel: 'x', yLabel: 'y' },
    ),
  ).toContain('d="M52,126 L228,126 L404,126 L404,182"')
})

test('the header lists the first 8 gate lines and says how many more there are', () => {
  const scorecard = buildScorecard([buildRecord('C-1', {})], buildContext())
  // 13 reasons, as in the run: 8 shown, then "and 5 more" (13 - 8).
  const lines = Array.from({ length: 13 }, (_, i) => ({ kind: 'failure' as const, text: `reason ${i + 1}` }))
  const html = renderHtmlScorecard({ title: 'run', scorecard, gate: { pass: false, lines, comparisons: [] } })
  const header = html.slice(html.indexOf('<ul class="gate">'), html.indexOf('</ul>', html.indexOf('<ul class="gate">')))
  expect([...header.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1])).toEqual([
    ...lines.slice(0, 8).map((l) => l.text),
    '… and 5 more (every one in gate.json and scorecard.md)',
  ])
})
