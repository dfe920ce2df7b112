/**
 * The per-case diffs of a gate result as the views print them (console, Markdown, HTML): for each case whose
 * gated metric fell, the metrics, the sources that left and entered its top k with their ranks, and whether the
 * answer changed. A view only: the diffs are computed by the gate (`src/report/gate/case-diff.ts`).
 */
import type { CaseDiffRow, GateView } from './gate-view.ts'
import { escapeMarkdown } from './markdown-tables.ts'
import { escapeHtml } from './svg-charts.ts'

/** How many case diffs the console prints (the Markdown and HTML views list every one the gate kept). */
export const CONSOLE_MAX_CASE_DIFFS = 5

function fellText(row: CaseDiffRow): string {
  const flipped = (row.flipped ?? []).map((name) => `${name} now fails`)
  return [...flipped, ...row.fell.map((f) => `${f.metric} ${f.baseline.toFixed(3)} → ${f.current.toFixed(3)}`)].join(
    ', ',
  )
}

function ranksText(list: CaseDiffRow['left'], word: string): string {
  if (list === undefined) return 'not kept by the baseline'
  return list.length === 0 ? 'none' : list.map((e) => `${e.id} (${word} #${e.rank})`).join(', ')
}

function answerText(row: CaseDiffRow): string {
  return row.answerChanged === undefined ? 'n/a' : row.answerChanged ? 'changed' : 'unchanged'
}

/**
 * One line per case diff: `E2E-001: mrr 1.000 → 0.500; left the top k: a#0 (was #1); entered: b#0 (now #10);
 * answer unchanged`.
 */
export function caseDiffLine(row: CaseDiffRow): string {
  return `${row.caseId}: ${fellText(row)}; left the top k: ${ranksText(row.left, 'was')}; entered: ${ranksText(row.entered, 'now')}; answer ${answerText(row)}`
}

/** The console's lines: the first {@link CONSOLE_MAX_CASE_DIFFS} diffs, then how many more. */
export function consoleCaseDiffs(gate: GateView): string[] {
  const rows = gate.caseDiffs ?? []
  if (rows.length === 0) return []
  const more = rows.length - CONSOLE_MAX_CASE_DIFFS + (gate.moreCaseDiffs ?? 0)
  return [
    '  what changed, per case (hard check flipped or gated metric fell):',
    ...rows.slice(0, CONSOLE_MAX_CASE_DIFFS).map((r) => `    ${caseDiffLine(r)}`),
    ...(more > 0 ? [`    ... and ${more} more (scorecard.md, gate.json)`] : []),
  ]
}

/** The Markdown section: one table row per case diff. */
export function markdownCaseDiffs(gate: GateView): string[] {
  const rows = gate.caseDiffs ?? []
  if (rows.length === 0) return []
  const cell = (text: string) => escapeMarkdown(text)
  return [
    '',
    '**What changed, per case** (paired cases whose hard check flipped or gated metric fell)',
    '',
    '| Case | What fell | Left the top k | Entered the top k | Answer |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| \`${cell(r.caseId)}\` | ${cell(fellText(r))} | ${cell(ranksText(r.left, 'was'))} | ${cell(ranksText(r.entered, 'now'))} | ${answerText(r)} |`,
    ),
    ...(gate.moreCaseDiffs ? ['', `and ${gate.moreCaseDiffs} more (gate.json lists the first ${rows.length})`] : []),
  ]
}

/** The HTML section, or '' when no case fell. */
export function htmlCaseDiffs(gate: GateView | undefined): string {
  const rows = gate?.caseDiffs ?? []
  if (rows.length === 0) return ''
  const body = rows
    .map(
      (r) =>
        `<tr><td><a href="#case-${escapeHtml(r.caseId)}">${escapeHtml(r.caseId)}</a></td><td>${escapeHtml(fellText(r))}</td><td>${escapeHtml(ranksText(r.left, 'was'))}</td><td>${escapeHtml(ranksText(r.entered, 'now'))}</td><td>${answerText(r)}</td></tr>`,
    )
    .join('')
  return `<section id="case-diffs"><h2>What changed, per case</h2><div class="table-box"><table class="diffs"><thead><tr><th>case</th><th>fell</th><th>left the top k</th><th>entered the top k</th><th>answer</th></tr></thead><tbody>${body}</tbody></table></div></section>`
}
