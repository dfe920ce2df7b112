/**
 * The scorecard reporter: collects every golden case's record from `testCase.meta().rag`, builds the
 * scorecard, compares it with the committed baseline, writes JSON + Markdown (and the GitHub step summary and
 * annotations in Actions), and fails the run through `process.exitCode` (never by throwing: a throw kills the
 * watcher). In watch mode it keeps every case's latest record, so suite-level numbers stay whole when only
 * one file reruns.
 */
import { join } from 'node:path'
import type {
  Reporter,
  SerializedError,
  TestCase,
  TestModule,
  TestRunEndReason,
  TestSpecification,
  Vitest,
} from 'vitest/node'
import { DEFAULT_PROJECT, REPORT_FILES } from '../../config/resolve.ts'
import type { RagEvalConfig } from '../../config/schema.ts'
import { markOutputsStale } from './stale-outputs.ts'
import type { GateResult } from '../../report/gate/gate-result.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { failsCase } from '../../report/scorecard/hard-checks.ts'
import type { Scorecard } from '../../report/scorecard/scorecard.ts'
import { PACKAGE_INFO } from '../../shared/util/package-info.ts'
import { internStrings, type StringPool } from '../../shared/util/intern.ts'
import { GOLDEN_FILE, isGoldenModuleOf } from './golden-modules.ts'
import { RunStopWatch } from './run-stop.ts'
import { holdCorpusStamps } from '../../corpus/stamp-hold.ts'
import type { RecordedOutput } from './run-report.ts'
import '../task-meta.ts'

/** The harness version, recorded in every scorecard. */
export const HARNESS_VERSION: string = PACKAGE_INFO.version

export { REPORT_FILES }

/**
 * What reporting a run loads: the scorecard, the gate, the report files and the console summary. Loaded when
 * the first case result arrives, not with the plugin: Vitest loads the plugin (and this reporter) before any
 * case can start, and these modules were a third of that (about 0.3 s before the first case, every run).
 */
async function loadReportModules() {
  const [report, scorecard, console, gate] = await Promise.all([
    import('./run-report.ts'),
    import('./run-scorecard.ts'),
    import('../../report/scorecard/render-console.ts'),
    import('../../report/gate/gate-messages.ts'),
  ])
  return { ...report, ...scorecard, ...console, ...gate }
}

let reportModules: ReturnType<typeof loadReportModules> | undefined

/** {@link loadReportModules}, once per process. */
function reportModulesOnce(): ReturnType<typeof loadReportModules> {
  return (reportModules ??= loadReportModules())
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
  /** Each case's system output, by the same key, under the `recordOutputs` option. */
  private readonly outputs = new Map<string, RecordedOutput>()
  private startedAt = new Date().toISOString()
  /** The last run's outcome. */
  last: ReportedRun | undefined
  private readonly stops: RunStopWatch
  /**
   * Each golden module's case ids in file order, listed once per run: the stop watch keeps only the first list
   * it gets for a module, and listing them per case result cost O(cases) each (quadratic over a run).
   */
  private readonly moduleCaseIds = new Map<string, string[]>()
  /** This run's strings of the records (see `internStrings`): a new pool per run, so watch mode never grows it. */
  private strings: StringPool = new Map()
  /** Ends this run's hold on the corpus stamps (`stamp-hold.ts`): the corpus is walked once per run, not per read. */
  private releaseStamps: (() => void) | undefined

  constructor(private readonly config: RagEvalConfig) {
    this.stops = new RunStopWatch(config)
  }

  onTestCaseResult(testCase: TestCase): void {
    // Each eval project's reporter watches only its own cases.
    if (!isGoldenModuleOf(testCase.module, this.config.project)) return
    // Loaded while the cases run (a failed load is the report's to say).
    if (!reportModules) reportModulesOnce().catch(() => undefined)
    const moduleId = testCase.module.moduleId
    let caseIds = this.moduleCaseIds.get(moduleId)
    if (caseIds === undefined) {
      caseIds = [...testCase.module.children.allTests()].map((t) => t.name)
      this.moduleCaseIds.set(moduleId, caseIds)
    }
    const record = testCase.meta().rag
    // Held for the whole run (in Vitest's task tree, which this record is part of): one copy of each text.
    if (record) internStrings(record, this.strings)
    const message = this.stops.add(testCase.name, record, moduleId, caseIds)
    if (message === undefined) return
    this.log(message, true)
    void this.vitest?.cancelCurrentRun('test-failure')
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification> = []): void {
    this.startedAt = new Date().toISOString()
    // A new hold replaces any other, so a previous run's release is never needed here.
    this.releaseStamps = holdCorpusStamps()
    this.stops.reset()
    this.moduleCaseIds.clear()
    this.strings = new Map()
    // Until this run reports, the previous run's verdict must not read as this one's (an interrupted or
    // crashed run would otherwise leave a stale "pass" behind).
    if (
      !this.config.dryRun &&
      specifications.some(
        (spec) => GOLDEN_FILE.test(spec.moduleId) && (spec.project.name || DEFAULT_PROJECT) === this.config.project,
      )
    )
      markOutputsStale(this.config.outDir, this.startedAt)
  }

  async onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ): Promise<void> {
    try {
      await this.report(modules, unhandledErrors, reason)
    } catch (error) {
      // Never throw from here: in watch mode it would kill the watcher. Fail the run instead.
      this.log(`vitest-rag: the reporter failed: ${(error as Error).stack ?? String(error)}`, true)
      process.exitCode = 1
    } finally {
      this.releaseStamps?.()
      this.releaseStamps = undefined
    }
  }

  /** In watch mode, Vitest's own summary says PASS for the tests: repeat the gate's verdict after it. */
  onWatcherStart(): void {
    const gate = this.last?.gate
    if (!gate) return
    const first = gate.reasons[0]?.message ?? gate.messages[0]
    this.log(
      `vitest-rag gate: ${gate.pass ? 'PASS' : 'FAIL'}${!gate.pass && first ? ` (${first}${gate.reasons.length > 1 ? `; and ${gate.reasons.length - 1} more` : ''})` : ''}`,
      !gate.pass,
    )
  }

  private log(text: string, error = false): void {
    const logger = this.vitest?.logger
    if (logger) error ? logger.error(text) : logger.log(text)
    else error ? console.error(text) : console.log(text)
  }

  /** A golden module of this reporter's project (each eval project has its own reporter, scorecard and baseline). */
  private owns(module: TestModule): boolean {
    return isGoldenModuleOf(module, this.config.project)
  }

  private collect(modules: ReadonlyArray<TestModule>): { filtered: boolean; moduleErrors: string[] } {
    let filtered = false
    const moduleErrors: string[] = []
    for (const module of modules) {
      if (!this.owns(module)) continue
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
          // A failed test that no hard check explains (neither a failure nor a marked known failure that passed).
          const failedOtherwise =
            result.state === 'failed' &&
            meta.error === undefined &&
            meta.hard.every((h) => h.passed && h.known === undefined)
          this.records.set(key, failedOtherwise ? { ...meta, error: firstError ?? 'the test failed' } : meta)
          const output = test.meta().ragOutput
          if (output) this.outputs.set(key, { caseId: meta.caseId, output })
          else this.outputs.delete(key)
        } else {
          // No record: the case never reached its evaluation. No placeholder with made-up facets enters the
          // means; the run fails closed on it through the gate (a run failure with the test's own error).
          this.records.delete(key)
          moduleErrors.push(
            `${file}:${test.location?.line ?? 0}: case ${test.name} produced no result: ${firstError ?? 'no error reported'}`,
          )
        }
      }
      for (const key of [...this.records.keys()])
        if (key.startsWith(`${file}::`) && !seen.has(key) && !filtered) {
          this.records.delete(key)
          this.outputs.delete(key)
        }
      for (const error of module.errors()) moduleErrors.push(`${file}: ${error.message}`)
    }
    return { filtered, moduleErrors }
  }

  /** Why the run fails closed, whatever its scores: modules that failed, a stop, an interruption, unhandled errors. */
  private runFailures(
    moduleErrors: string[],
    reason: TestRunEndReason,
    unhandledErrors: ReadonlyArray<SerializedError>,
    describeUnhandled: (errors: ReadonlyArray<SerializedError>) => string,
  ): string[] {
    const failures: string[] = [...moduleErrors]
    const stopped = this.stops.stopFailure
    if (stopped !== undefined) failures.push(stopped)
    else if (reason === 'interrupted')
      failures.push('vitest-rag: the run was interrupted; the scorecard is partial and the gate fails closed.')
    if (unhandledErrors.length > 0)
      failures.push(`vitest-rag: the gate fails closed: ${describeUnhandled(unhandledErrors)}`)
    return failures
  }

  private async report(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ): Promise<void> {
    if (this.config.dryRun) {
      this.log('vitest-rag: dry run: no case was executed, so no scorecard was written and the gate was not applied.')
      return
    }
    const marks: Array<[string, number]> = [['start', performance.now()]]
    const mark = (name: string) => marks.push([name, performance.now()])
    const { filtered, moduleErrors } = this.collect(modules)
    mark('collect')
    const ran = modules.some((module) => this.owns(module))
    if (!ran && this.records.size === 0) {
      // Not a golden-case run (e.g. a unit project alone), or a merge whose shards all failed before any case.
      if (unhandledErrors.length > 0)
        this.log(
          `vitest-rag: no golden case ran; ${(await reportModulesOnce()).describeUnhandled(unhandledErrors)}`,
          true,
        )
      return
    }
    // Usually loaded already, while the cases ran (`load` is what was left to wait for).
    const m = await reportModulesOnce()
    mark('load')
    const records = [...this.records.values()]
    const scorecard = await m.buildRunScorecard(this.config, records, {
      filtered,
      runFailures: this.runFailures(moduleErrors, reason, unhandledErrors, m.describeUnhandled),
      interrupted: reason === 'interrupted',
      unhandledErrors: unhandledErrors.length,
      startedAt: this.startedAt,
      shard: this.vitest?.config.shard,
    })
    mark('scorecard')
    const gate = await m.decideGate(this.config, scorecard, filtered, Boolean(this.vitest?.config.watch))
    mark('gate')
    this.last = { scorecard, gate, filtered }
    const htmlPath = await m.writeReportFiles(this.config, scorecard, gate, records, [...this.outputs.values()])
    const queued = m.queueForReview(this.config, scorecard.startedAt, records)
    mark('files')
    // `npm run bench:scale` reads where the reporter's time goes.
    if (process.env.VITEST_RAG_TIMINGS === '1') this.log(timingsLine(marks))
    this.log(m.renderConsoleSummary(scorecard, m.gateView(gate)))
    if (filtered)
      this.log(
        'vitest-rag: filtered run (some cases were not selected): baseline comparison skipped; run the whole suite to gate quality.',
      )
    if (queued !== undefined) this.log(queued)
    this.log(`vitest-rag: scorecard written to ${join(this.config.outDir, REPORT_FILES.scorecard)} (HTML: ${htmlPath})`)
    if (!gate.pass) process.exitCode = 1
  }
}

/** The reporter's timings line, `name ms` per step since the one before. */
function timingsLine(marks: ReadonlyArray<[string, number]>): string {
  const steps = marks.slice(1).map(([name, at], i) => `${name} ${(at - marks[i]![1]).toFixed(0)} ms`)
  return `vitest-rag: report timings: ${steps.join(', ')}`
}
