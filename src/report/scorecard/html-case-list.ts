/**
 * The per-case drill-down of the HTML scorecard: which cases the page lists (failing first, capped) and each
 * case's collapsible entry. Pure.
 */
import type { CaseDetail } from './html-case-details.ts'
import { sortMetricNames } from './metric-order.ts'
import { escapeHtml as esc } from './svg-charts.ts'

/** Correct cases listed in the drill-down at most (failing ones first, up to {@link MAX_FAILING_CASES_SHOWN}). */
export const MAX_CORRECT_CASES_SHOWN = 100

/** Failing or misclassified cases listed with their drill-down (a browser page of 20k drill-downs is unusable). */
export const MAX_FAILING_CASES_SHOWN = 1000

/** A metric value as the page prints it: 3 decimals, `n/a` for null, `–` for missing or NaN. */
export const metricCell = (v: number | null | undefined) =>
  v === null ? 'n/a' : v === undefined || Number.isNaN(v) ? '–' : v.toFixed(3)

/** The retrieved chunks of a case, in rank order, with grade, score and snippet when known. */
function chunkList(lines: CaseDetail['retrieved']): string {
  if (lines.length === 0) return '<p class="muted">none recorded</p>'
  return `<ol class="chunks">${lines.map((c) => `<li><code>${esc(c.chunkId)}</code>${c.grade !== undefined ? ` <span class="grade g${c.grade}">grade ${c.grade}</span>` : ''}${c.score !== undefined ? ` <span class="muted">score ${c.score.toFixed(3)}</span>` : ''}${c.snippet ? `<div class="snippet">${esc(c.snippet)}</div>` : ''}</li>`).join('')}</ol>`
}

/** One case's collapsible drill-down: query, answer, citations, hard checks, judge reasons, retrieved chunks, metrics. */
function caseEntry(c: CaseDetail, open: boolean, retrievalColumns: readonly string[]): string {
  const failed =
    c.error !== undefined || c.hard.some((h) => !h.passed) || (c.errorClass !== undefined && c.errorClass !== 'correct')
  const label = c.error !== undefined ? 'error' : (c.errorClass ?? (failed ? 'failed' : 'ok'))
  // The retrieval metrics of the tables and every answer metric (names without a cutoff); the JSON has the rest.
  const shownMetrics = sortMetricNames(Object.keys(c.metrics)).filter(
    (n) => retrievalColumns.includes(n) || !n.includes('@'),
  )
  const metrics = shownMetrics.map((n) => `${esc(n)} ${metricCell(c.metrics[n])}`).join(' · ')
  const parts = [
    c.query !== undefined ? `<p><b>Query</b> ${esc(c.query)}</p>` : '',
    c.answer !== undefined
      ? `<p><b>Answer</b>${c.abstained ? ' <span class="pill">abstained</span>' : ''}${c.confidence !== undefined ? ` <span class="muted">confidence ${c.confidence.toFixed(3)}</span>` : ''}</p><blockquote>${esc(c.answer)}</blockquote>`
      : '',
    c.citedMarkers.length > 0 ? `<p><b>Cited</b> ${c.citedMarkers.map((m) => `[${m}]`).join(' ')}</p>` : '',
    c.error !== undefined ? `<p class="neg"><b>Error</b> ${esc(c.error)}</p>` : '',
    c.hard.length > 0
      ? `<p><b>Hard assertions</b> ${c.hard.map((h) => `<span class="${h.passed ? 'pos' : 'neg'}">${esc(h.name)} ${h.passed ? '✓' : '✗'}</span>${h.message && !h.passed ? ` <span class="muted">${esc(h.message)}</span>` : ''}`).join(' · ')}</p>`
      : '',
    c.judgeReasons
      ? `<p><b>Judge</b></p><ul>${Object.entries(c.judgeReasons)
          .map(([k, v]) => `<li><b>${esc(k)}</b>: ${esc(v)}</li>`)
          .join('')}</ul>`
      : '',
    `<p><b>Retrieved</b></p>${chunkList(c.retrieved)}`,
    metrics ? `<p class="muted">${metrics}</p>` : '',
  ]
  return `<details id="case-${esc(c.caseId)}" class="${failed ? 'failed' : ''}"${open ? ' open' : ''}><summary><code>${esc(c.caseId)}</code> <span class="muted">${esc(c.caseType)} · ${esc(`${c.file}:${c.line}`)}</span> <span class="cls ${failed ? 'neg' : 'pos'}">${esc(label)}</span></summary>${parts.join('')}</details>`
}

/** A case to list first: it errored, failed a hard check, or carries an error class other than `correct`. */
export function isFailingCase(c: {
  error?: string
  hard: ReadonlyArray<{ passed: boolean }>
  errorClass?: string
}): boolean {
  return (
    c.error !== undefined || c.hard.some((h) => !h.passed) || (c.errorClass !== undefined && c.errorClass !== 'correct')
  )
}

/**
 * The cases the drill-down lists, failing first: at most {@link MAX_FAILING_CASES_SHOWN} failing and
 * {@link MAX_CORRECT_CASES_SHOWN} correct ones, with the totals. Selecting before building each case's detail
 * keeps a 20k-case run from building 20k drill-downs to show 1,100.
 */
export function selectShownCases<T extends Parameters<typeof isFailingCase>[0]>(
  cases: readonly T[],
): { shown: T[]; failing: number; correct: number } {
  // One pass, keeping only what is shown: each case is classified once, and no list of every case is built.
  const bad: T[] = []
  const good: T[] = []
  let failing = 0
  for (const c of cases) {
    if (isFailingCase(c)) {
      if (bad.length < MAX_FAILING_CASES_SHOWN) bad.push(c)
      failing++
    } else if (good.length < MAX_CORRECT_CASES_SHOWN) good.push(c)
  }
  return { shown: [...bad, ...good], failing, correct: cases.length - failing }
}

/**
 * The Cases section: failing cases first, then correct ones, capped, with how many were left out.
 * `retrievalColumns` are the retrieval metrics the page's tables show (each entry shows those and every answer
 * metric); `totals`, when given, means `cases` is already the selection ({@link selectShownCases}).
 */
export function casesSection(
  cases: readonly CaseDetail[],
  retrievalColumns: readonly string[],
  totals?: { failing: number; correct: number },
): string {
  const selected = totals ? { shown: [...cases], ...totals } : selectShownCases(cases)
  const { shown, failing, correct } = selected
  const omittedBad = failing - Math.min(failing, MAX_FAILING_CASES_SHOWN)
  const omitted = correct - Math.min(correct, MAX_CORRECT_CASES_SHOWN)
  const notes = [
    failing === 0
      ? 'none failing'
      : `${failing} failing or misclassified, listed first${omittedBad > 0 ? ` (the first ${MAX_FAILING_CASES_SHOWN}; the other ${omittedBad} are in scorecard.json)` : ''}`,
    ...(omitted > 0 ? [`${omitted} more correct cases not listed`] : []),
  ]
  // The first failing case starts open, so the page shows what a drill-down holds.
  return `<section id="cases"><h2>Cases <span class="muted">${notes.join('; ')}</span></h2>${shown.map((c, i) => caseEntry(c, i === 0 && failing > 0, retrievalColumns)).join('')}</section>`
}
