/**
 * What a generated golden test module calls: `registerGoldenFile(casesPath)` reads the file's prepared cases
 * and registers each as a concurrent test named by its case id and located at its golden line; the test
 * evaluates the case through the system under test, records its metrics in `task.meta.rag`, and turns each
 * failed hard check into a soft `expect` failure (every failing check of a case is reported, not only the
 * first).
 */
import type { TestContext } from 'vitest'
import { TestRunner } from 'vitest'
import type { RagEvalConfig } from '../../config/schema.ts'
import { useAbstentionPhrases } from '../../shared/text/abstention.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { baseRecord } from '../../evaluation/base-record.ts'
import { runCaseSystem } from '../../evaluation/case-system.ts'
import type { ModuleCase } from '../../cases/prepared-case.ts'
import { readPreparedCases } from '../../evaluation/golden-set/prepared-cases.ts'
import { useModuleImporter, type ModuleImporter } from '../../shared/util/user-module.ts'
import { RUNTIME_GLOBAL, type RagRuntimeHandle } from './environment.ts'
import { ConfigError } from '../../config/errors.ts'
import './matchers.ts'
import '../task-meta.ts'

function runtimeHandle(): RagRuntimeHandle {
  const handle = (globalThis as Record<string, unknown>)[RUNTIME_GLOBAL] as RagRuntimeHandle | undefined
  if (!handle) {
    throw new ConfigError(
      'golden files must run in the "rag" environment; add ragEval() to this project\'s plugins in vitest.config.ts',
    )
  }
  return handle
}

/**
 * Called once by each generated golden test module, with its prepared-cases file and its own importer (for the
 * user's adapter and sourceMap modules): one test per case.
 */
export function registerGoldenFile(casesPath: string, importer?: ModuleImporter): void {
  if (importer) useModuleImporter(importer)
  const data = readPreparedCases(casesPath)
  const suite = TestRunner.getCurrentSuite()
  for (const moduleCase of data.cases) {
    // The test's location is the case's golden line, known here: Vitest's includeTaskLocation would find it by
    // formatting and source-mapping a stack trace for every test (about a second per 6,000 cases).
    const task = suite.task(moduleCase.case.case_id, {
      handler: (ctx: TestContext) => runCase(moduleCase, data.file, ctx),
      concurrent: true,
    })
    task.location = { line: moduleCase.line, column: 1 }
  }
}

/** One golden case inside its test. */
async function runCase(moduleCase: ModuleCase, file: string, ctx: TestContext): Promise<void> {
  const handle = runtimeHandle()
  if (handle.config.dryRun) {
    ctx.skip('dry run: the cost estimate was printed before the run; no case was executed')
    return
  }
  ctx.task.meta.rag = { ...baseRecord(moduleCase, file, handle.config.mode), error: 'the case did not finish' }
  await yieldToEventLoop()
  // The system is called as soon as its stage is ready; the rest of the runtime and the grading modules are
  // built and loaded while the first calls are under way, and the case is graded when both are there.
  const system = await handle.getSystem()
  applyAbstentionPhrases(handle.config)
  const ran = runCaseSystem(system, moduleCase)
  // Observed here too: when the runtime fails to build, the case fails on that and never awaits `ran`, whose own
  // failure (a checkpoint store that cannot be read) would otherwise surface as an unhandled rejection.
  ran.catch(() => undefined)
  const [runtime, { evaluateCase, failsCase }] = await Promise.all([handle.getRuntime(), loadEvaluation()])
  let evaluation
  try {
    evaluation = await evaluateCase(runtime, moduleCase, file, ran)
  } finally {
    // Every model call is tallied, whatever the case's outcome: a run where every request failed still
    // has its provider section (failures, retries, cost) in the scorecard.
    await runtime.saveProviderStats?.()
  }
  ctx.task.meta.rag = evaluation.record
  if (evaluation.error) throw withoutHarnessFrames(evaluation.error)
  if (handle.config.recordOutputs) ctx.task.meta.ragOutput = evaluation.output
  const c = moduleCase.case
  const failed = evaluation.record.hard.filter(failsCase)
  // A check marked known failing (known_failures): its failure is expected, as under test.fails, and its pass
  // fails the test so the mark is removed.
  const known = evaluation.record.hard.filter((check) => check.known !== undefined)
  const markedPassing = known.filter((check) => check.passed)
  const { annotations } = handle.config
  // Annotate before the soft expects: a failed soft expect ends the test's annotation window.
  if (annotations === 'all' || (annotations === 'failed' && failed.length + markedPassing.length > 0))
    await ctx.annotate(summarize(evaluation.record, handle.config), 'vitest-rag')
  for (const check of known)
    if (!check.passed)
      await ctx.annotate(`known failure (${check.known}): ${check.name}: ${check.message ?? 'failed'}`, 'vitest-rag')
  // Each check was computed once, in the evaluation; the matchers assert from the record. A passed check
  // has nothing to report, so only failed ones go through expect (each a soft failure with its message).
  for (const check of failed) ctx.expect.soft(evaluation.record, c.case_id)[check.name]()
  for (const check of markedPassing) {
    ctx.expect
      .soft(
        check.passed,
        `${check.name} is marked as a known failure (${check.known}) but passed: remove its known_failures entry`,
      )
      .toBe(false)
  }
  // A failed check's stack points into the harness's compiled files, which says nothing about the case (the
  // test's location is its golden line), and the main process re-reads and scans such a file per error and frame
  // to source-map it: seconds for a few thousand failing cases. The failures carry no frames.
  if (failed.length + markedPassing.length > 0) for (const error of ctx.task.result?.errors ?? []) error.stacks ??= []
}

/** What grading a case takes beyond the runtime: the case evaluation, and which failed checks fail a case. */
interface Evaluation {
  evaluateCase: (typeof import('../../evaluation/evaluate-case.ts'))['evaluateCase']
  failsCase: (typeof import('../../report/scorecard/hard-checks.ts'))['failsCase']
}

let evaluationModules: Promise<Evaluation> | undefined

/**
 * The case evaluation's modules (grading, the golden case schema, zod, the scorecard's case order with its
 * collator), loaded once, after the first system call has started rather than before it: the worker's thread is
 * idle while the system works.
 */
function loadEvaluation(): Promise<Evaluation> {
  return (evaluationModules ??= Promise.all([
    import('../../evaluation/evaluate-case.ts'),
    import('../../report/scorecard/hard-checks.ts'),
  ]).then(([{ evaluateCase }, { failsCase }]) => ({ evaluateCase, failsCase })))
}

let abstentionConfig: RagEvalConfig | undefined

/**
 * The `abstention` option, set in this module graph: the environment built the runtime in its own copy of the
 * modules, and the checks this file runs read the detector of this one. Once per config.
 */
function applyAbstentionPhrases(config: RagEvalConfig): void {
  if (abstentionConfig === config) return
  abstentionConfig = config
  useAbstentionPhrases(config.abstention)
}

/**
 * A system failure the harness itself raised (an HTTP endpoint down or answering an error, a malformed output)
 * says everything in its message: its stack is the harness's own frames, which the package does not even ship
 * as sources. The user's own errors (a module adapter that throws) keep their stack: it points into their code.
 */
function withoutHarnessFrames(error: Error): Error {
  // Vitest parses `stack` into frames in the main process unless the error already carries `stacks`.
  // By code, not class: the runtime and the adapter may load separate copies of the error module.
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && code.startsWith('VITEST_RAG_'))
    Object.assign(error, { stack: `${error.name}: ${error.message}`, stacks: [] })
  return error
}

/** How often, at least, a worker running cases lets its event loop turn, ms. */
const YIELD_EVERY_MS = 2
let lastYield = 0

/**
 * Lets the worker's event loop turn at least every {@link YIELD_EVERY_MS}. A system that answers in process
 * without I/O (a module adapter over a local index) runs every case in one chain of microtasks: Vitest's result
 * updates, batched every 100 ms, then wait unsent in the worker until the file ends. The main process saw no
 * case finish until all had (20,000 records in one burst), so it could not stop a run whose sources do not
 * resolve, print progress, or take its share of the work while the cases ran. Why so often: each turn writes at
 * most a pipe buffer (64 KB) of queued updates to the main process, about what 2 ms of cases produce; at 20 ms
 * the backlog grew through the run and the main process parsed its last megabytes after the final case (0.4 s at
 * 20,000 cases) before it could report.
 */
async function yieldToEventLoop(): Promise<void> {
  const now = performance.now()
  if (now - lastYield < YIELD_EVERY_MS) return
  lastYield = now
  await new Promise<void>((resolve) => setImmediate(resolve))
}

function summarize(record: CaseRecord, config: RagEvalConfig): string {
  const passed = record.hard.filter((h) => h.passed).length
  const parts = [`hard ${passed} of ${record.hard.length} passed`]
  const m = record.retrieval.metrics
  if (record.retrieval.scored) parts.push(`recall@5 ${fmt(m['recall@5'])}`, `mrr ${fmt(m.mrr)}`)
  else parts.push('retrieval unscored (must abstain)')
  if (record.answer) parts.push(record.answer.abstained ? 'abstained' : 'answered')
  if (record.errorClass) parts.push(`class ${record.errorClass}`)
  if (config.mode === 'retrieval') parts.push('retrieval mode')
  return parts.join(' · ')
}

function fmt(value: number | undefined): string {
  return value === undefined ? '-' : value.toFixed(3)
}
