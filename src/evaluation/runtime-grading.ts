/**
 * The grading parts of a runtime, each loaded only when the configuration names it: the judge, the claim
 * checker for the claim-level answer metrics, and the pooled qrels.
 */
import { resolve } from 'node:path'
import type { RagEvalConfig } from '../config/schema.ts'
import type { Judge } from '../grading/judge/types.ts'
import type { QrelsRow } from '../grading/qrels/qrels.ts'
import type { Chunk } from '../corpus/types.ts'
import type { ClaimChecker } from '../grading/judge/claim-check.ts'
import type { ResponseRelevancyScorer } from '../grading/judge/response-relevancy.ts'
import type { ModelClients } from '../llm/index.ts'
import type { PreparedCorpus } from '../corpus/prepare-corpus.ts'
import { ConfigError } from '../config/errors.ts'

/** Pooled judgments as a worker holds them. */
export interface RuntimeQrels {
  rows: QrelsRow[]
  chunksByDoc: Map<string, Chunk[]>
  chunker: string
}

/** Reads the configured pooled qrels file; a bad line stops the run with every problem named. */
export async function loadRuntimeQrels(
  config: RagEvalConfig,
  prepared: PreparedCorpus,
): Promise<RuntimeQrels | undefined> {
  if (config.qrels === undefined) return undefined
  const path = resolve(config.root, config.qrels)
  const { readQrelsFile } = await import('../grading/qrels/qrels-file.ts')
  const { rows, problems } = await readQrelsFile(path)
  if (problems.length > 0)
    throw new ConfigError(
      `the qrels file ${path} has ${problems.length} bad line(s):\n${problems.map((p) => `${p.file}:${p.line}: ${p.path} ${p.message}`).join('\n')}`,
    )
  const chunksByDoc = new Map<string, Chunk[]>()
  for (const chunk of prepared.chunks) chunksByDoc.set(chunk.docId, [...(chunksByDoc.get(chunk.docId) ?? []), chunk])
  return { rows, chunksByDoc, chunker: config.chunker }
}

/**
 * The claim checker: the offline heuristic (default), or the judge model with `claimMetrics: 'model'`; none in
 * retrieval mode, with the judge off, or with `claimMetrics: 'off'`.
 */
export async function chooseClaimChecker(
  config: RagEvalConfig,
  judge: Judge | undefined,
  models: ModelClients | undefined,
): Promise<ClaimChecker | undefined> {
  if (config.mode !== 'system' || config.claimMetrics === 'off' || !judge) return undefined
  const { createHeuristicClaimChecker, createModelClaimChecker } = await import('../grading/judge/claim-check.ts')
  if (config.claimMetrics === 'heuristic') return createHeuristicClaimChecker()
  if (!models?.judge)
    throw new ConfigError(
      "claimMetrics 'model' needs models.judge (a provider chain) in the ragEval options; use 'heuristic' to stay offline",
    )
  return createModelClaimChecker(models.judge)
}

/**
 * The response relevancy scorer with `responseRelevancy: 'model'` in system mode (the judge model writes the
 * questions, the embedding model compares them); none otherwise. Without either model the run stops at startup.
 */
export async function chooseResponseRelevancy(
  config: RagEvalConfig,
  models: ModelClients | undefined,
): Promise<ResponseRelevancyScorer | undefined> {
  if (config.mode !== 'system' || config.responseRelevancy !== 'model') return undefined
  const missing = [models?.judge ? '' : 'models.judge', models?.embedder ? '' : 'models.embedder'].filter(Boolean)
  if (missing.length > 0 || !models?.judge || !models.embedder)
    throw new ConfigError(
      `responseRelevancy 'model' needs ${missing.join(' and ')} (${missing.length > 1 ? 'a provider chain each' : 'a provider chain'}) in the ragEval options; set responseRelevancy: 'off' to run without it`,
    )
  const [{ createResponseRelevancyScorer }, { loadRunPrompt }] = await Promise.all([
    import('../grading/judge/response-relevancy.ts'),
    import('./run-prompts.ts'),
  ])
  return createResponseRelevancyScorer({
    chat: models.judge,
    embedder: models.embedder,
    template: loadRunPrompt(config, 'response-relevancy.md'),
  })
}

/** The judge of a system-mode run: the heuristic judge, or the model judge (which needs `models.judge`); none otherwise. */
export async function chooseJudge(config: RagEvalConfig, models: ModelClients | undefined): Promise<Judge | undefined> {
  if (config.mode !== 'system') return undefined
  if (config.judge === 'heuristic') return (await import('../grading/judge/heuristic-judge.ts')).createHeuristicJudge()
  if (config.judge !== 'model') return undefined
  if (!models?.judge)
    throw new ConfigError('judge "model" needs models.judge (a provider chain) in the ragEval options')
  const [{ createModelJudge }, { loadRunPrompt }] = await Promise.all([
    import('../grading/judge/model-judge.ts'),
    import('./run-prompts.ts'),
  ])
  const allowSameModel = config.models?.judge?.allowSameModel
  return createModelJudge({
    client: models.judge,
    template: loadRunPrompt(config, 'judge.md'),
    generatorModel: models.generator?.model,
    allowSameModel,
  })
}
