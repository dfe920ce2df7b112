/**
 * Running golden cases for an experiment through the same per-case evaluation as the Vitest run
 * (`evaluateCase`): a retrieval-only runtime over any search arm and fusion (for `eval-retrieval` and
 * `chunking-experiment`), or the configured runtime (`createRagRuntime`) for the full pipeline.
 */
import type { RagEvalConfig } from '../../config/schema.ts'
import { createRagRuntime, type RagRuntime } from '../../evaluation/create-runtime.ts'
import { evaluateCase } from '../../evaluation/evaluate-case.ts'
import type { ModuleCase } from '../../cases/prepared-case.ts'
import type { PreparedCorpus } from '../../corpus/prepare-corpus.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import type { ExperimentConfig } from './presets.ts'
import type { Progress } from './progress.ts'

/**
 * A retrieval-mode runtime over `prepared` with the preset's search arm and fusion: the reference pipeline in
 * retrieval mode, as a Vitest run in retrieval mode uses it (multi-turn queries rewritten from their history,
 * no generation), built by the one runtime builder. Vector arms use the configured embedding model when the
 * config still has `models.embedder` (the user passed `--models`; the experiment source strips models
 * otherwise), else the offline hash embedder.
 */
export async function createRetrievalRuntime(
  config: RagEvalConfig,
  prepared: PreparedCorpus,
  search: ExperimentConfig['search'],
): Promise<RagRuntime> {
  const retrievalConfig: RagEvalConfig = { ...config, mode: 'retrieval', search: { ...config.search, arm: search.arm } }
  return createRagRuntime(retrievalConfig, {
    prepared,
    retrievalOnly: { name: `retrieval-${search.arm}`, ...(search.fusion ? { fusion: search.fusion } : {}) },
  })
}

/** Evaluates `cases` one after another through `runtime`, ticking `progress`; returns their records. */
export async function evaluateCases(
  runtime: RagRuntime,
  cases: ReadonlyArray<ModuleCase & { file: string }>,
  progress?: Progress,
): Promise<CaseRecord[]> {
  const records: CaseRecord[] = []
  for (const c of cases) {
    const { record } = await evaluateCase(runtime, c, c.file)
    records.push(record)
    progress?.tick()
  }
  progress?.done()
  return records
}

/** A runtime whose adapter passes `trial` to the system under test, so repeated trials are not model cache hits. */
export function withTrial(runtime: RagRuntime, trial: number): RagRuntime {
  const adapter = runtime.adapter
  const close = adapter.close?.bind(adapter)
  return {
    ...runtime,
    adapter: { name: adapter.name, run: (input) => adapter.run({ ...input, trial }), ...(close ? { close } : {}) },
  }
}
