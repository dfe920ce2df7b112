/**
 * The scorecard reporter: collects every golden case's record from `testCase.meta().rag`, builds the
 * scorecard, compares it with the committed baseline, writes JSON + Markdown (and the GitHub step summary and
 * annotations in Actions), and fails the run through `process.exitCode` (never by throwing: a throw kills the
 * watcher). In watch mode it keeps every case's latest record, so suite-level numbers stay whole when only
 * one file reruns.
 */
import { appendFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Reporter, SerializedError, TestCase, TestModule, TestRunEndReason, TestSpecification, Vitest } from 'vitest/node'
import { snapshotConfig } from '../config/resolve.ts'
import type { RagEvalConfig } from '../config/schema.ts'
import { loadBaseline } from '../gate/baseline-file.ts'
import { calibrationFigures, loadCalibrationRecord } from '../judge/calibration-record.ts'
import { evaluateGate, withMissingBaseline } from '../gate/evaluate.ts'
import { markOutputsStale } from './stale-outputs.ts'
import type { RunSelection } from '../scorecard/scorecard.ts'
import type { GateResult } from '../gate/gate-result.ts'
import { defaultGatePolicy, type GatePolicy } from '../gate/policy.ts'
import { readGoldenSet } from '../runtime/golden-set.ts'
import { prepareCorpus } from '../runtime/prepare-corpus.ts'
import { readProviderStats } from '../runtime/provider-stats.ts'
import { buildScorecard } from '../scorecard/aggregate.ts'
import { CASE_RECORD_VERSION, type CaseRecord } from '../scorecard/case-record.ts'
import { renderConsoleSummary } from '../scorecard/render-console.ts'
import { serializeScorecard } from '../scorecard/render-json.ts'
import { renderMarkdown } from '../scorecard/render-markdown.ts'
import { exportTrec } from '../scorecard/trec-export.ts'
import type { Scorecard } from '../scorecard/scorecard.ts'
import { writeFileAtomicSync } from '../util/atomic-write.ts'
import { writeRunHtml } from '../experiments/html-report.ts'
import { UnresolvedSourcesWatch } from './unresolved-watch.ts'
import './task-meta.ts'

const GOLDEN_FILE = /\.golden\.jsonl$/

/** The harness version, recorded in every scorecard. */
export const HARNESS_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version

/** Files the reporter writes under `outDir`. */
export const REPORT_FILES = { scorecard: 'scorecard.json', markdown: 'scorecard.md', gate: 'gate.json', trecRun: 'run.trec', trecQrels: 'qrels.trec' } as const

/** The gate policy a config asks for. */
export function gatePolicyFor(config: RagEvalConfig): GatePolicy {
  return {
    ...defaultGatePolicy,
    maxRelativeDrop: config.gate.maxRelativeDrop,
    minJudgeCoverage: config.gate.minJudgeCoverage,
    requireSignificance: config.gate.requireSignificance,
    requireJudge: config.gate.requireJudge,
    ...(config.mode === 'system' ? { configuredJudge: config.judge } : {}),
    ...(config.gate.floors ? { floors: config.gate.floors } : {}),
    ...(config.gate.gatedMetrics ? { gatedMetrics: config.gate.gatedMetrics } : {}),
  }
}

/** Outcome of one reported run (what tests and the CLI read back). */
export interface ReportedRun {
  scorecard: Scorecard
  gate: GateResult
  filtered: boolean
}

/** Vitest reporter for golden-case runs. */
export class RagReporter implements Reporter {
  private vitest: Vitest | undefined
  private readonly records = new Map<string, CaseRecord>()
  private startedAt = new Date().toISOString()
  /** The last run's outcome. */
  last: ReportedRun | undefined
  private readonly unresolved: UnresolvedSourcesWatch

  constructor(private readonly config: RagEvalConfig) {
    this.unresolved = new UnresolvedSourcesWatch(config.unresolvedSources)
  }

  onTestCaseResult(testCase: TestCase): void {
    const message = this.unresolved.add(testCase.meta().rag)
    if (message === undefined) return
    this.log(message, true)
    void this.vitest?.cancelCurrentRun('test-failure')
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification> = []): void {
    this.startedAt = new Date().toISOString()
    this.unresolved.reset()
    // Until this run reports, the previous run's verdict must not read as this one's (an interrupted or
    // crashed run would otherwise leave a stale "pass" behind).
    if (!this.config.dryRun && specifications.some((spec) => GOLDEN_FILE.test(spec.moduleId))) markOutputsStale(this.config.outDir, this.startedAt)
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): Promise<void> {
    try {
      await this.report(modules, unhandledErrors, reason)
    } catch (error) {
      // Never throw from here: in watch mode it would kill the watcher. Fail the run instead.
      this.log(`vitest-rag: the reporter failed: ${(error as Error).stack ?? String(error)}`, true)
      process.exitCode = 1
    }
  }

  /** In watch mode, Vitest's own summary says PASS for the tests: repeat the gate's verdict after it. */
  onWatcherStart(): void {
    const gate = this.last?.gate
    if (!gate) return
    const first = gate.reasons[0]?.message ?? gate.messages[0]
    this.log(`vitest-rag gate: ${gate.pass ? 'PASS' : 'FAIL'}${!gate.pass && first ? ` (${first}${gate.reasons.length > 1 ? `; and ${gate.reasons.length - 1} more` : ''})` : ''}`, !gate.pass)
  }

  private log(text: string, error = false): void {
    const logger = this.vitest?.logger
    if (logger) (error ? logger.error(text) : logger.log(text))
    else (error ? console.error(text) : console.log(text))
  }

  private collect(modules: ReadonlyArray<TestModule>): { filtered: boolean; moduleErrors: string[] } {
    let filtered = false
    const moduleErrors: string[] = []
    for (const module of modules) {
      if (!GOLDEN_FILE.test(module.moduleId)) continue
      const seen = new Set<string>()
      const file = module.relativeModuleId
      for (const test of module.children.allTests()) {
        const result = test.result()
        if (result.state === 'skipped' || result.state === 'pending') {
          filtered = true
          continue
        }
        const key = `${file}::${test.name}`
        seen.add(key)
        const meta = test.meta().rag
        const firstError = result.errors?.[0]?.message
        if (meta) {
          const failedOtherwise = result.state === 'failed' && meta.error === undefined && meta.hard.every((h) => h.passed)
          this.records.set(key, failedOtherwise ? { ...meta, error: firstError ?? 'the test failed' } : meta)
        } else {
          this.records.set(key, erroredRecord(test.name, file, test.location?.line ?? 0, firstError ?? 'the case produced no result'))
        }
      }
      for (const key of [...this.records.keys()]) if (key.startsWith(`${file}::`) && !seen.has(key) && !filtered) this.records.delete(key)
      for (const error of module.errors()) moduleErrors.push(`${file}: ${error.message}`)
    }
    return { filtered, moduleErrors }
  }

  private async report(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): Promise<void> {
    const config = this.config
    if (config.dryRun) {
      this.log('vitest-rag: dry run: no case was executed, so no scorecard was written and the gate was not applied.')
      return
    }
    const marks: Array<[string, number]> = [['start', performance.now()]]
    const mark = (name: string) => marks.push([name, performance.now()])
    const { filtered, moduleErrors } = this.collect(modules)
    mark('collect')
    const ran = modules.some((m) => GOLDEN_FILE.test(m.moduleId))
    if (!ran && this.records.size === 0) return // not a golden-case run (e.g. a unit project alone)
    const goldenSet = readGoldenSet(config)
    const prepared = await prepareCorpus(config.corpus, config.chunker)
    const records = [...this.records.values()]
    const judgeModel = records.find((r) => r.judge?.model)?.judge?.model
    const judgeKind = records.find((r) => r.judge)?.judge?.kind
    const calibrationRecord = judgeKind ? loadCalibrationRecord(config.calibration) : undefined
    const providers = config.models ? readProviderStats(config.outDir) : undefined
    mark('inputs')
    const scorecard = buildScorecard(records, {
      harnessVersion: HARNESS_VERSION,
      goldenSetHash: goldenSet.hash,
      goldenFiles: goldenSet.files.map((f) => ({ file: f.file, hash: f.parsed.hash, cases: f.parsed.cases.length })),
      corpusFingerprint: prepared.corpus.fingerprint,
      configSnapshot: snapshotConfig(config),
      models: { ...(judgeModel ? { judge: judgeModel } : {}) },
      mode: config.mode,
      startedAt: this.startedAt,
      finishedAt: new Date().toISOString(),
      // A deliberately filtered run (file:line, -t, a shard) is not partial; a run missing cases is.
      expectedCases: filtered ? undefined : goldenSet.expectedCases,
      selection: this.selection(filtered, goldenSet),
      ...(reason === 'interrupted' ? { interrupted: true } : {}),
      ...(unhandledErrors.length > 0 ? { unhandledErrors: unhandledErrors.length } : {}),
      ...(calibrationRecord ? { calibration: calibrationFigures(calibrationRecord, judgeKind) } : {}),
      ...(providers ? { providers } : {}),
    })
    mark('scorecard')
    const compared = await this.compareWithBaseline(scorecard, filtered)
    const { extra } = compared
    const gate = this.failClosed(compared.gate, moduleErrors, reason, unhandledErrors.length)
    mark('gate')
    this.last = { scorecard, gate, filtered }
    const outDir = config.outDir
    writeFileAtomicSync(join(outDir, REPORT_FILES.scorecard), serializeScorecard(scorecard))
    writeFileAtomicSync(join(outDir, REPORT_FILES.gate), `${JSON.stringify(gate, null, 2)}\n`)
    const trec = exportTrec(records)
    writeFileAtomicSync(join(outDir, REPORT_FILES.trecRun), trec.run)
    writeFileAtomicSync(join(outDir, REPORT_FILES.trecQrels), trec.qrels)
    const markdown = renderMarkdown(scorecard, gate)
    writeFileAtomicSync(join(outDir, REPORT_FILES.markdown), markdown)
    await writeRunHtml(config, scorecard, gate, records)
    if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `${markdown}\n`)
    if (process.env.GITHUB_ACTIONS === 'true') this.printAnnotations(records)

    mark('files')
    // `npm run bench:scale` reads where the reporter's time goes.
    if (process.env.VITEST_RAG_TIMINGS === '1') this.log(`vitest-rag: report timings: ${marks.slice(1).map(([name, at], i) => `${name} ${(at - marks[i]![1]).toFixed(0)} ms`).join(', ')}`)
    this.log(renderConsoleSummary(scorecard, gate))
    for (const line of extra) this.log(line)
    this.log(`vitest-rag: scorecard written to ${join(outDir, REPORT_FILES.scorecard)}`)
    if (!gate.pass) process.exitCode = 1
  }

  /** The gate failed closed on what went wrong around the cases: module errors, a stopped or interrupted run, unhandled errors. */
  private failClosed(gate: GateResult, moduleErrors: string[], reason: TestRunEndReason, unhandledErrors: number): GateResult {
    const failures: string[] = [...moduleErrors]
    const stopped = this.unresolved.stopMessage
    if (stopped !== undefined) failures.push('vitest-rag: the run was stopped because the sources the system names do not resolve (the message above shows examples and how to map them); the gate fails closed.')
    else if (reason === 'interrupted') failures.push('vitest-rag: the run was interrupted; the scorecard is partial and the gate fails closed.')
    if (unhandledErrors > 0) failures.push(`vitest-rag: ${unhandledErrors} unhandled error(s) during the run; the gate fails closed.`)
    return failures.length > 0 ? { ...gate, pass: false, status: 'fail', messages: [...failures, ...gate.messages] } : gate
  }

  /**
   * The gate against the baseline: none for a filtered run; a named baseline that is missing fails; an
   * unreadable one fails with its reason. Watch mode compares what is comparable after an edit (cases with the
   * same id and content); CI does not.
   */
  private async compareWithBaseline(scorecard: Scorecard, filtered: boolean): Promise<{ gate: GateResult; extra: string[] }> {
    const config = this.config
    const policy: GatePolicy = { ...gatePolicyFor(config), ...(this.vitest?.config.watch ? { pairedOnly: true } : {}) }
    if (filtered) {
      const note = 'vitest-rag: filtered run (some cases were not selected): baseline comparison skipped; run the whole suite to gate quality.'
      return { gate: evaluateGate(scorecard, undefined, policy), extra: [note] }
    }
    let baseline
    try {
      baseline = config.noBaseline ? undefined : await loadBaseline(config.baseline)
    } catch (error) {
      const gate = evaluateGate(scorecard, undefined, policy)
      return { gate: { ...gate, pass: false, status: 'fail', messages: [`vitest-rag: cannot read the baseline: ${(error as Error).message}`, ...gate.messages] }, extra: [] }
    }
    const gate = evaluateGate(scorecard, baseline, policy)
    if (baseline === undefined && config.baselineNamedBy !== undefined) return { gate: withMissingBaseline(gate, config.baseline, config.baselineNamedBy), extra: [] }
    return { gate, extra: [] }
  }

  /** How this run's cases were chosen, when not the whole golden set (recorded so `baseline accept` can refuse it). */
  private selection(filtered: boolean, goldenSet: ReturnType<typeof readGoldenSet>): RunSelection {
    const all = goldenSet.files.reduce((n, f) => n + f.parsed.cases.length, 0)
    const shard = this.vitest?.config.shard
    return {
      ...(filtered ? { filtered: true } : {}),
      ...(this.config.sample !== undefined && goldenSet.expectedCases < all ? { sample: { size: goldenSet.expectedCases, of: all } } : {}),
      ...(shard ? { shard: { index: shard.index, count: shard.count } } : {}),
    }
  }

  private printAnnotations(records: CaseRecord[]): void {
    for (const r of records) {
      const failed = r.hard.filter((h) => !h.passed)
      if (failed.length === 0 && r.error === undefined) continue
      const message = r.error ?? failed.map((h) => `${h.name}: ${h.message ?? 'failed'}`).join('; ')
      const escaped = message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
      process.stdout.write(`::error file=${r.file},line=${r.line},title=vitest-rag ${r.caseId}::${escaped}\n`)
    }
  }
}

function erroredRecord(caseId: string, file: string, line: number, error: string): CaseRecord {
  return {
    version: CASE_RECORD_VERSION,
    caseId,
    caseType: 'normal',
    tenantId: '',
    file,
    line,
    facets: { answerable: true, questionType: 'simple', popularity: 'torso', dynamism: 'static' },
    mode: 'system',
    caseHash: '',
    hard: [],
    retrieval: { retrieved: [], expected: [], scored: true, metrics: {} },
    answerMetrics: {},
    usage: { calls: 0, cachedCalls: 0, retries: 0, costUsd: 0, savedUsd: 0 },
    latencyMs: 0,
    error,
  }
}
