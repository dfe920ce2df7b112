/**
 * What the reporter decides and writes for a run, apart from collecting it: the gate policy a config asks for,
 * the gate against the baseline, the report files (scorecard, gate, TREC, Markdown, HTML, Actions summary and
 * annotations), and the text for a run's unhandled errors.
 */
import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SerializedError } from 'vitest/node'
import { baselineAcceptCommand, REPORT_FILES } from '../../config/resolve.ts'
import type { RagEvalConfig } from '../../config/schema.ts'
import { loadBaseline } from '../../report/files/baseline-file.ts'
import { evaluateGate, failClosed, withMissingBaseline, withBaselineSkipped } from '../../report/gate/evaluate.ts'
import { gateView } from '../../report/gate/gate-messages.ts'
import type { GateResult } from '../../report/gate/gate-result.ts'
import { defaultGatePolicy, type GatePolicy } from '../../report/gate/policy.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { scorecardJsonPieces } from '../../report/scorecard/render-json.ts'
import { renderMarkdown } from '../../report/scorecard/render-markdown.ts'
import { exportTrec } from '../../report/scorecard/trec-export.ts'
import type { Scorecard } from '../../report/scorecard/scorecard.ts'
import { writeFileAtomicSync, writePiecesAtomicSync } from '../../shared/util/atomic-write.ts'
import { writeRunHtml } from '../../report/files/html-report.ts'
import { failsCase } from '../../report/scorecard/hard-checks.ts'
import { serializeRecordedOutputs } from '../../system/adapter/recorded-adapter.ts'
import type { SystemOutput } from '../../system/adapter/types.ts'
import { appendRunToQueue } from '../../report/files/feedback-queue.ts'

/** The gate policy a config asks for. */
function gatePolicyFor(config: RagEvalConfig): GatePolicy {
  return {
    ...defaultGatePolicy,
    maxRelativeDrop: config.gate.maxRelativeDrop,
    minJudgeCoverage: config.gate.minJudgeCoverage,
    minPairedShare: config.gate.minPairedShare,
    requireSignificance: config.gate.requireSignificance,
    requireJudge: config.gate.requireJudge,
    gamingTolerance: config.gate.gamingTolerance,
    onGaming: config.gate.onGaming,
    ...(config.mode === 'system' ? { configuredJudge: config.judge } : {}),
    ...(config.gate.floors ? { floors: config.gate.floors } : {}),
    ...(config.gate.gatedMetrics ? { gatedMetrics: config.gate.gatedMetrics } : {}),
    acceptCommand: baselineAcceptCommand(config),
  }
}

/**
 * The gate decides, against the baseline: none for a filtered run or with `baseline: 'none'`; a named
 * baseline that is missing fails; an unreadable one fails closed with its reason. The run's own failures are
 * in the scorecard, so the gate fails closed on them with its reasons. Both compare the cases with the same id
 * and content; watch mode does so however few they are (no `minPairedShare`).
 */
export async function decideGate(
  config: RagEvalConfig,
  scorecard: Scorecard,
  filtered: boolean,
  watch: boolean,
): Promise<GateResult> {
  const policy: GatePolicy = { ...gatePolicyFor(config), ...(watch ? { pairedOnly: true } : {}) }
  if (filtered)
    return withBaselineSkipped(
      evaluateGate(scorecard, undefined, policy),
      'a filtered run (a file filter, -t or .only) is not compared; run the whole golden set to compare',
    )
  let baseline
  try {
    baseline = config.noBaseline ? undefined : await loadBaseline(config.baseline)
  } catch (error) {
    const message = `vitest-rag: cannot read the baseline: ${(error as Error).message}`
    return failClosed(evaluateGate(scorecard, undefined, policy), { code: 'not_comparable', message })
  }
  const gate = evaluateGate(scorecard, baseline, policy)
  if (baseline === undefined && config.baselineNamedBy !== undefined)
    return withMissingBaseline(gate, config.baseline, config.baselineNamedBy, policy.acceptCommand)
  return gate
}

/** One case's system output as the `recordOutputs` option writes it. */
export interface RecordedOutput {
  caseId: string
  output: SystemOutput
}

/**
 * The report files (scorecard, gate, TREC run and qrels, Markdown, HTML, and under `recordOutputs` the run's
 * outputs), each written atomically; resolves to the HTML's path.
 */
export async function writeReportFiles(
  config: RagEvalConfig,
  scorecard: Scorecard,
  gate: GateResult,
  records: CaseRecord[],
  outputs: RecordedOutput[] = [],
): Promise<string> {
  const outDir = config.outDir
  writePiecesAtomicSync(join(outDir, REPORT_FILES.scorecard), scorecardJsonPieces(scorecard))
  writeFileAtomicSync(join(outDir, REPORT_FILES.gate), `${JSON.stringify(gate, null, 2)}\n`)
  const trec = exportTrec(records)
  writeFileAtomicSync(join(outDir, REPORT_FILES.trecRun), trec.run)
  writeFileAtomicSync(join(outDir, REPORT_FILES.trecQrels), trec.qrels)
  const markdown = renderMarkdown(scorecard, gateView(gate))
  writeFileAtomicSync(join(outDir, REPORT_FILES.markdown), markdown)
  if (config.recordOutputs) writeFileAtomicSync(join(outDir, REPORT_FILES.outputs), serializeRecordedOutputs(outputs))
  const htmlPath = await writeRunHtml(config, scorecard, gate, records)
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `${markdown}\n`)
  if (process.env.GITHUB_ACTIONS === 'true') printAnnotations(records)
  return htmlPath
}

/**
 * Appends the run's cases that need review to the feedback queue (config `feedbackQueue`), once per run id;
 * resolves to the line to print, or undefined when the queue is off or nothing needed review. A queue that
 * cannot be written is reported in that line, never failing the run: the scorecard already holds every case.
 */
export function queueForReview(
  config: RagEvalConfig,
  runId: string,
  records: readonly CaseRecord[],
): string | undefined {
  if (config.feedbackQueue === false) return undefined
  try {
    const { appended, alreadyQueued } = appendRunToQueue(config.feedbackQueue, records, {
      project: config.project,
      runId,
    })
    if (appended + alreadyQueued === 0) return undefined
    return `vitest-rag: ${appended} case(s) to review appended to the feedback queue ${config.feedbackQueue}${alreadyQueued > 0 ? ` (${alreadyQueued} already queued for this run)` : ''}; turn one into a draft golden case with \`vitest-rag promote --run ${runId} --case <id> ...\``
  } catch (error) {
    return `vitest-rag: could not append to the feedback queue ${config.feedbackQueue} (${(error as Error).message}); the scorecard still lists every case (fix the path or set feedbackQueue: false)`
  }
}

/** Prints a GitHub Actions error annotation for each case that failed a hard check or errored. */
function printAnnotations(records: CaseRecord[]): void {
  for (const r of records) {
    const failed = r.hard.filter(failsCase)
    const marked = r.hard.filter((h) => h.passed && h.known !== undefined)
    if (failed.length + marked.length === 0 && r.error === undefined) continue
    const message =
      r.error ??
      [
        ...failed.map((h) => `${h.name}: ${h.message ?? 'failed'}`),
        ...marked.map(
          (h) => `${h.name} is marked as a known failure (${h.known}) but passed: remove its known_failures entry`,
        ),
      ].join('; ')
    const escaped = message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
    process.stdout.write(`::error file=${r.file},line=${r.line},title=vitest-rag ${r.caseId}::${escaped}\n`)
  }
}

/**
 * What a run's unhandled errors were. A merged blob report keeps only an error's type (`Unhandled Error`, no
 * message): say so, and where the message is (the log of the shard that raised it).
 */
export function describeUnhandled(errors: ReadonlyArray<SerializedError>): string {
  const lines = errors.map((e) =>
    e.message
      ? e.message.split('\n')[0]
      : `${e.name ?? (e as { type?: string }).type ?? 'an error'} without a message (a merged blob report keeps only its type; the log of the shard that raised it has the error)`,
  )
  return `${errors.length} unhandled error(s) during the run: ${lines.map((l, i) => `(${i + 1}) ${l}`).join('; ')}`
}
