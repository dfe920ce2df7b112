/**
 * The HTML scorecard's hard-assertion section (each check's tally, the failing cases, the known failures and the
 * marks that should go) and the table markup the page's sections share.
 */
import type { Scorecard } from './scorecard.ts'
import { escapeHtml as esc } from './svg-charts.ts'

/** An HTML table: escaped header cells, body cells as given (already HTML), an optional class. */
export function table(header: string[], rows: string[][], cls = ''): string {
  // In its own scroll box: a table wider than its card (many answer metrics) scrolls inside the card.
  return `<div class="table-box"><table class="${cls}"><thead><tr>${header.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table></div>`
}

/** The hard assertions section: each check's tally, the failing cases, the known failures and stale marks. */
export function hardSection(s: Scorecard): string {
  const h = s.hard
  const status =
    h.failed === 0
      ? `<span class="pill ok">${h.passed} of ${h.ran} passed</span>`
      : `<span class="pill bad">${h.failed} of ${h.ran} failed</span>`
  const checks = table(
    ['assertion', 'ran', 'passed', 'failed'],
    h.checks.map((c) => [
      esc(c.name),
      String(c.ran),
      String(c.passed),
      c.failed > 0 ? `<b class="neg">${c.failed}</b>` : '0',
    ]),
  )
  const failures =
    h.failures.length === 0
      ? ''
      : table(
          ['case', 'where', 'assertion', 'message'],
          h.failures.map((f) => [
            `<a href="#case-${esc(f.caseId)}">${esc(f.caseId)}</a>`,
            esc(`${f.file}:${f.line}`),
            esc(f.check),
            esc(f.message),
          ]),
          'failures',
        )
  const marks = [
    ...(h.knownFailures ?? []).map((k) => [k, 'fails as expected'] as const),
    ...(h.markedPassing ?? []).map((k) => [k, '<b class="neg">passed: remove the mark</b>'] as const),
  ]
  const known =
    marks.length === 0
      ? ''
      : `<h3>Known failures (${h.known ?? 0}, marked known_failures; expected, not counted as failed)</h3>` +
        table(
          ['case', 'where', 'assertion', 'reason', 'now'],
          marks.map(([k, now]) => [
            `<a href="#case-${esc(k.caseId)}">${esc(k.caseId)}</a>`,
            esc(`${k.file}:${k.line}`),
            esc(k.check),
            esc(k.reason),
            now,
          ]),
          'known',
        )
  return `<section id="hard"><h2>Hard assertions ${status}</h2>${checks}${failures}${known}</section>`
}
