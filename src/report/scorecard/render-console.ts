/**
 * The scorecard as a short plain-text summary for the terminal (the reporter prints it after the run).
 * A view only: every figure comes from the scorecard.
 */
import { ERROR_CLASSES } from './error-classes.ts'
import { sortMetricNames } from './metric-order.ts'
import { consoleCaseDiffs } from './case-diff-view.ts'
import type { GateView } from './gate-view.ts'
import { describeGaps } from './origins.ts'
import { describeGradeSources } from './grade-sources.ts'
import { describeCalibration } from './answer-quality.ts'
import type { Scorecard } from './scorecard.ts'
import { clusterNote, levelLine } from './source-summary.ts'

/** Retrieval metrics shown on the console line (others are in the Markdown and JSON). */
export const CONSOLE_RETRIEVAL_METRICS: readonly string[] = [
  'recall@5',
  'recall@20',
  'mrr',
  'ndcg@10',
  // Shown only when the golden set grades concepts (a metric a run lacks is left out of the line).
  'concept_recall_context',
  'concept_intrusion_context',
]

/** Most hard-assertion failures listed on the console before "and N more". */
export const CONSOLE_MAX_FAILURES = 10

function values(mean: Record<string, number>, names: readonly string[]): string {
  return names
    .filter((n) => mean[n] !== undefined)
    .map((n) => `${n} ${(mean[n] ?? 0).toFixed(3)}`)
    .join('  ')
}

/**
 * Renders a summary of 5-15 lines: run size, hard assertions (with the first failures), headline retrieval
 * and answer metrics, abstention, error classes, usage and the gate's verdict with its reasons and notes.
 */
export function renderConsoleSummary(scorecard: Scorecard, gateResult?: GateView): string {
  const lines = [
    ...describeRun(scorecard),
    ...describeQuality(scorecard),
    ...describeOutcomes(scorecard),
    ...describeUsage(scorecard),
  ]
  if (gateResult) {
    lines.push(`  gate: ${gateResult.pass ? 'PASS' : 'FAIL'}`)
    for (const line of gateResult.lines) lines.push(`    ${line.kind === 'failure' ? 'x' : '-'} ${line.text}`)
    lines.push(...consoleCaseDiffs(gateResult))
  }
  return `${lines.join('\n')}\n`
}

/** Lists the run's size and its hard assertions, with the first failures. */
function describeRun(s: Scorecard): string[] {
  const cases = `${
    s.run.expectedCases !== undefined ? `${s.run.cases} of ${s.run.expectedCases} cases` : `${s.run.cases} cases`
  }${clusterNote(s.run)}`
  const errored = s.run.errored > 0 ? `, ${s.run.errored} errored` : ''
  const lines = [`vitest-rag: ${cases} (${s.mode} mode${errored})`]
  const h = s.hard
  lines.push(
    `  hard assertions: ${h.failed === 0 ? `${h.passed} of ${h.ran} passed` : `${h.failed} of ${h.ran} FAILED`}`,
  )
  for (const f of h.failures.slice(0, CONSOLE_MAX_FAILURES))
    lines.push(`    x ${f.caseId} ${f.check} (${f.file}:${f.line}): ${f.message}`)
  if (h.failures.length > CONSOLE_MAX_FAILURES)
    lines.push(`    ... and ${h.failures.length - CONSOLE_MAX_FAILURES} more`)
  if ((h.known ?? 0) > 0)
    lines.push(`  known failures: ${h.known} (marked known_failures; expected, not counted as failed)`)
  for (const k of (h.knownFailures ?? []).slice(0, CONSOLE_MAX_FAILURES))
    lines.push(`    ~ ${k.caseId} ${k.check} (${k.file}:${k.line}): known (${k.reason}): ${k.message}`)
  for (const k of h.markedPassing ?? [])
    lines.push(
      `    x ${k.caseId} ${k.check} (${k.file}:${k.line}) is marked known failing (${k.reason}) but passed: remove the mark`,
    )
  return lines
}

/** Lists the headline retrieval and answer metrics, unresolved sources, grade sources and the synthetic gap. */
function describeQuality(s: Scorecard): string[] {
  const lines: string[] = []
  const r = s.retrieval.overall
  const level = s.sources && Object.keys(s.sources.levels).length > 0 ? `; ${levelLine(s.sources)}` : ''
  // Scored cases without a metric errored before retrieval: "no scored cases" beside "4 scored" contradicted itself.
  const none = r.n === 0 ? 'no scored cases' : 'no metric (every scored case errored)'
  lines.push(
    `  retrieval: ${values(r.mean, CONSOLE_RETRIEVAL_METRICS) || none} (${r.n} scored, ${r.unscored} unscored${level})`,
  )
  if (s.retrievalAlarm) lines.push(`  ! ${s.retrievalAlarm.message}`)
  if (s.sources && s.sources.unresolved > 0) {
    lines.push(
      `  sources: ${s.sources.unresolved} of ${s.sources.references} references name nothing in the corpus (${s.sources.problems.length} case(s), e.g. ${s.sources.problems[0]?.caseId}: ${s.sources.problems[0]?.unresolved[0]})`,
    )
  }
  const a = s.answer
  if (a.scorable > 0) {
    const names = sortMetricNames(Object.keys(a.overall.mean))
    const answered = a.answerCoverage === undefined ? '' : `, answered ${(a.answerCoverage * 100).toFixed(0)}%`
    // Nothing answered: the means over answered cases have an empty denominator; say so rather than leave them out.
    const notApplicable =
      a.answered === 0 ? '  (faithfulness, citation_accuracy, answer_relevance: n/a, no answered case)' : ''
    lines.push(
      `  answers (${a.judgeKind} judge, coverage ${(a.coverage * 100).toFixed(0)}%${answered}): ${values(a.overall.mean, names) || 'none scored'}${notApplicable}`,
    )
    for (const [metric, figure] of Object.entries(a.calibration))
      if (figure !== 'uncalibrated') lines.push(`  judge record, ${metric}: ${describeCalibration(figure)}`)
  }
  if (s.gradeSources) lines.push(`  relevance grades: ${describeGradeSources(s.gradeSources)}`)
  if (s.origins) {
    const o = s.origins
    lines.push(
      `  synthetic vs human (${o.synthetic.cases} vs ${o.human.cases} cases; synthetic questions overstate retrieval): ${describeGaps(o, 'retrieval', CONSOLE_RETRIEVAL_METRICS) || 'no shared metric'}`,
    )
  }
  return lines
}

/** Lists abstention precision and recall and the error classes, when there are any. */
function describeOutcomes(s: Scorecard): string[] {
  const lines: string[] = []
  if (s.abstention.answered > 0) {
    const b = s.abstention
    const aurc = b.aurc === undefined ? '' : `  AURC ${b.aurc.toFixed(3)}`
    const ratio = (v: number | null) => (v === null ? 'n/a' : v.toFixed(3))
    lines.push(`  abstention: precision ${ratio(b.precision)}  recall ${ratio(b.recall)}${aurc}`)
  }
  const e = s.errorClasses
  if (e.classified > 0) {
    const counts = ERROR_CLASSES.filter((c) => c !== 'correct' && (e.overall[c] ?? 0) > 0).map(
      (c) => `${c} ${e.overall[c]}`,
    )
    lines.push(
      `  errors: ${counts.length === 0 ? 'none' : counts.join(', ')} (fix retrieval ${e.fix.retrieval}, generation ${e.fix.generation})`,
    )
  }
  return lines
}

/** Lists the model calls and cost of the run and what the spend limit stopped. */
function describeUsage(s: Scorecard): string[] {
  const lines: string[] = []
  const u = s.usage
  if (u.total) {
    // The ledger: every call of the run (generator, judge, embedder, re-asks, errored cases).
    const t = u.total
    lines.push(
      `  usage: ${t.calls} model calls (${t.cachedCalls} cached, ${t.failures} failed; generator, judge and embedder), $${t.costUsd.toFixed(4)} spent, $${t.savedUsd.toFixed(4)} saved`,
    )
  } else if (u.calls > 0)
    lines.push(
      `  usage: ${u.calls} calls (${u.cachedCalls} cached, ${u.retries} retries), $${u.costUsd.toFixed(4)} spent, $${u.savedUsd.toFixed(4)} saved`,
    )
  if (u.spendLimit)
    lines.push(
      `  spend limit: stopped ${u.spendLimit.stoppedCases} case(s) (${u.spendLimit.caseIds.slice(0, 5).join(', ')}${u.spendLimit.caseIds.length > 5 ? ', ...' : ''}): ${u.spendLimit.message}`,
    )
  return lines
}
