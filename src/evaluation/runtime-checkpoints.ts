/**
 * The per-case checkpoints of a run, for `resume`: what a completed case leaves behind (everything that cost a
 * model call) and the store that keeps it, tied to the configuration that shapes answers and verdicts.
 */
import type { RagEvalConfig } from '../config/schema.ts'
import type { JudgeVerdict } from '../grading/judge/types.ts'
import type { SystemOutput } from '../system/adapter/types.ts'

/** What a completed case leaves behind: everything that cost a model call (the answer and the verdict). */
export interface CaseCheckpoint {
  output: SystemOutput
  judgement?: JudgeVerdict
  /**
   * The claim-level metrics and `response_relevancy` (model claim checks and relevancy questions are paid calls:
   * a resumed run must not repeat them).
   */
  claimMetrics?: Record<string, number>
}

/** Per-case checkpoints, for `resume`: a resumed run repeats no completed paid call. */
export interface CaseCheckpoints {
  get(caseId: string, caseHash: string): Promise<CaseCheckpoint | undefined>
  put(caseId: string, caseHash: string, checkpoint: CaseCheckpoint): Promise<void>
}

/**
 * The part of the model config a checkpoint depends on: providers and models (they shape answers and verdicts)
 * and prices (they shape the reported cost). Cache mode, cache dir, retries and the spend limit do not change
 * what a completed case produced, so changing them (e.g. raising the limit to resume) keeps its checkpoint.
 */
function answerShapingModels(models: RagEvalConfig['models']): unknown {
  if (models === undefined) return undefined
  const { cacheMode: _mode, cacheDir: _dir, spendLimitUsd: _limit, retry: _retry, ...rest } = models
  return rest
}

/**
 * The per-case checkpoints: written whenever model calls cost money, so an interrupted run can resume; read
 * only with `resume`. The fingerprint ties them to this configuration. None for an offline run without resume.
 */
export async function createCheckpoints(config: RagEvalConfig): Promise<CaseCheckpoints | undefined> {
  if (!config.resume && !config.models) return undefined
  const { CheckpointStore, runFingerprint } = await import('../llm/checkpoint.ts')
  const store = new CheckpointStore(
    config.outDir,
    runFingerprint({
      mode: config.mode,
      judge: config.judge,
      claimMetrics: config.claimMetrics,
      // Only when on, so the checkpoints of runs without it keep their fingerprint.
      ...(config.responseRelevancy !== 'off' ? { responseRelevancy: config.responseRelevancy } : {}),
      adapter: config.adapter,
      search: config.search,
      chunker: config.chunker,
      models: answerShapingModels(config.models),
      pipeline: config.pipeline,
    }),
  )
  return {
    get: async (caseId, caseHash) => {
      if (!config.resume) return undefined
      const saved = (await store.get(caseId)) as ({ caseHash: string } & CaseCheckpoint) | undefined
      return saved?.caseHash === caseHash
        ? { output: saved.output, judgement: saved.judgement, claimMetrics: saved.claimMetrics }
        : undefined
    },
    put: (caseId, caseHash, checkpoint) => store.save(caseId, { caseHash, ...checkpoint }),
  }
}
