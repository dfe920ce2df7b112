/**
 * What a generated golden test module calls: `registerGoldenFile(data).run(i, ctx)` evaluates case i through
 * the system under test, records its metrics in `task.meta.rag`, and turns each applicable hard check into a
 * soft `expect` (every failing check of a case is reported, not only the first).
 */
import type { TestContext } from 'vitest'
import type { RagEvalConfig } from '../config/schema.ts'
import { baseRecord, evaluateCase } from '../evaluation/evaluate-case.ts'
import type { GoldenModuleData } from '../golden-set/golden-module.ts'
import { RUNTIME_GLOBAL, type RagRuntimeHandle } from './environment.ts'
import { ConfigError } from '../config/resolve.ts'
import { VitestRagError } from '../util/errors.ts'
import './matchers.ts'
import './task-meta.ts'

/** A registered golden file: run case i of it inside a test. */
export interface RegisteredGoldenFile {
  run(index: number, ctx: TestContext): Promise<void>
}

function runtimeHandle(): RagRuntimeHandle {
  const handle = (globalThis as Record<string, unknown>)[RUNTIME_GLOBAL] as RagRuntimeHandle | undefined
  if (!handle) {
    throw new ConfigError('vitest-rag: golden files must run in the "rag" environment; add ragEval() to this project\'s plugins in vitest.config.ts')
  }
  return handle
}

/** Called once by each generated golden test module. */
export function registerGoldenFile(data: GoldenModuleData): RegisteredGoldenFile {
  return {
    async run(index, ctx) {
      const moduleCase = data.cases[index]
      if (!moduleCase) throw new VitestRagError('VITEST_RAG_GOLDEN_MODULE_STALE', `vitest-rag: no case #${index} in ${data.file}`)
      const handle = runtimeHandle()
      if (handle.config.dryRun) {
        ctx.skip('dry run: the cost estimate was printed before the run; no case was executed')
        return
      }
      ctx.task.meta.rag = { ...baseRecord(moduleCase, data.file, handle.config.mode), error: 'the case did not finish' }
      const runtime = await handle.getRuntime()
      let evaluation
      try {
        evaluation = await evaluateCase(runtime, moduleCase, data.file)
      } finally {
        // Every model call is tallied, whatever the case's outcome: a run where every request failed still
        // has its provider section (failures, retries, cost) in the scorecard.
        await runtime.saveProviderStats?.()
      }
      ctx.task.meta.rag = evaluation.record
      if (evaluation.error) throw evaluation.error
      const c = moduleCase.case
      // Annotate before the soft expects: a failed soft expect ends the test's annotation window.
      await ctx.annotate(summarize(evaluation.record, handle.config), 'vitest-rag')
      // Each check was computed once, in the evaluation; the matchers assert from the record.
      for (const check of evaluation.record.hard) ctx.expect.soft(evaluation.record, `${c.case_id} ${check.name}`)[check.name]()
    },
  }
}

function summarize(record: NonNullable<TestContext['task']['meta']['rag']>, config: RagEvalConfig): string {
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
