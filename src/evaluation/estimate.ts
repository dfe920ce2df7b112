/**
 * The dry run: estimates what a full system run will cost from the golden set, the prompt templates and the
 * corpus, without calling anything, so a run whose estimate exceeds the spend limit is refused before its
 * first paid call. Worst case per call: the prompt (chars / 4 tokens) plus the call's max output tokens.
 */
import { readFileSync } from 'node:fs'
import { promptPath } from '../config/resolve.ts'
import type { RagEvalConfig } from '../config/schema.ts'
import { estimateRunCost, mergePrices, type PlannedCall, type RunCostEstimate } from '../llm/index.ts'
import { PROBE_TEXT } from '../llm/probe.ts'
import { primaryJudgeModel } from '../llm/providers.ts'
import { MAX_CLAIMS_CHECKED } from '../grading/judge/claim-metrics.ts'
import { verifyMaxTokens } from '../grading/judge/claim-check.ts'
import { DEFAULT_RELEVANCY_QUESTIONS, relevancyMaxTokens } from '../grading/judge/response-relevancy.ts'
import type { GoldenSet } from './golden-set/golden-set.ts'
import type { GoldenCase } from '../cases/schema.ts'
import type { PreparedCorpus } from '../corpus/prepare-corpus.ts'

/** Output token caps the estimate assumes when the config sets none (the pipeline's and judge's defaults). */
export const ESTIMATE_DEFAULTS = {
  answerMaxTokens: 400,
  judgeMaxTokens: 800,
  rewriteMaxTokens: 120,
  sourcesShown: 3,
} as const

function templateChars(config: RagEvalConfig, name: string): number {
  try {
    return readFileSync(promptPath(config, name), 'utf8').length
  } catch {
    return 2000
  }
}

/** Template lengths read once per estimate (a case's calls would otherwise read each template again). */
type TemplateLengths = (name: string) => number

function templateLengths(config: RagEvalConfig): TemplateLengths {
  const lengths = new Map<string, number>()
  return (name) => {
    let n = lengths.get(name)
    if (n === undefined) lengths.set(name, (n = templateChars(config, name)))
    return n
  }
}

/** Texts sent to the embedder per request in the estimate (the client batches; the total is what matters). */
const EMBED_BATCH_CHARS = 100_000

/**
 * The planned embedding calls: every chunk of the corpus, every selected query and the one dimension probe,
 * when an embedding model serves the vector or hybrid arm (input tokens only; a cached index makes them free,
 * but the worst case does not assume it).
 */
function planEmbeddingCalls(
  config: RagEvalConfig,
  cases: readonly GoldenCase[],
  prepared: PreparedCorpus,
  models: NonNullable<RagEvalConfig['models']>,
): PlannedCall[] {
  const embedder = models.embedder?.chain[0]?.model
  const vectorArm = config.search.arm === 'vector' || config.search.arm === 'hybrid'
  if (!embedder || !vectorArm || config.adapter.kind !== 'reference') return []
  const queryChars = cases.reduce((s, c) => s + c.query.length, 0)
  const total = prepared.chunks.reduce((s, c) => s + c.text.length, 0) + queryChars + PROBE_TEXT.length
  const calls: PlannedCall[] = []
  for (let left = total; left > 0; left -= EMBED_BATCH_CHARS)
    calls.push({ model: embedder, promptChars: Math.min(left, EMBED_BATCH_CHARS), maxTokens: 0 })
  return calls
}

/**
 * The planned model calls of a run over the selected cases: a rewrite for each case with history (retrieval
 * mode runs the same query rewrite as system mode); in system mode one answer per case on the generator, and,
 * when the judge is a model, a verdict per case plus the one re-ask the judge makes after an unparseable verdict
 * (the re-ask resends the prompt and the bad reply), plus the claim-level metrics' checks with
 * `claimMetrics: 'model'` and response relevancy's two calls with `responseRelevancy: 'model'`; in any mode, the
 * embedder's calls ({@link planEmbeddingCalls}). The sources shown per answer follow the pipeline's `maxSources`.
 * Undefined when no model is configured (an offline run costs nothing).
 */
export function planModelCalls(
  config: RagEvalConfig,
  set: GoldenSet,
  prepared: PreparedCorpus,
): PlannedCall[] | undefined {
  const selected = set.files
    .flatMap((f) => f.parsed.cases)
    .map(({ case: c }) => c)
    .filter((c) => set.selected.has(c.case_id))
  return planCaseCalls(config, selected, prepared)
}

/** {@link planModelCalls} over a list of cases (the experiment commands' cases, which are no golden set). */
export function planCaseCalls(
  config: RagEvalConfig,
  cases: readonly GoldenCase[],
  prepared: PreparedCorpus,
): PlannedCall[] | undefined {
  const models = config.models
  if (!models) return undefined
  const calls: PlannedCall[] = planEmbeddingCalls(config, cases, prepared, models)
  const generator = models.generator?.chain[0]?.model
  const maxTokens = config.pipeline.maxTokens ?? ESTIMATE_DEFAULTS.answerMaxTokens
  const judge = config.judge === 'model' ? primaryJudgeModel(models) : undefined
  const meanChunk = prepared.chunks.reduce((s, c) => s + c.text.length, 0) / Math.max(1, prepared.chunks.length)
  const sourcesChars = (config.pipeline.maxSources ?? ESTIMATE_DEFAULTS.sourcesShown) * meanChunk
  const chars = templateLengths(config)
  const relevancy = relevancyModels(config, models)
  for (const c of cases) {
    const historyChars = c.history.reduce((s, t) => s + t.content.length, 0)
    // Without a generator a system of your own answers: no rewrite or answer call is ours, but the judge's,
    // the claim checks' and response relevancy's calls on its answers are (an answer bounded as ours would be).
    if (generator && c.history.length > 0)
      calls.push({
        model: generator,
        promptChars: chars('rewrite.md') + historyChars + c.query.length,
        maxTokens: ESTIMATE_DEFAULTS.rewriteMaxTokens,
      })
    if (config.mode === 'retrieval') continue
    if (generator)
      calls.push({
        model: generator,
        promptChars: chars('answer.md') + sourcesChars + c.query.length + historyChars,
        maxTokens,
      })
    if (judge) calls.push(...plannedJudgeCalls(config, chars, judge, sourcesChars, maxTokens * 4, c))
    if (relevancy) calls.push(...plannedRelevancyCalls(relevancy, chars, c, maxTokens * 4))
  }
  return calls
}

/**
 * The judge's calls for one answered case, worst case: one judging (the template, the sources shown, the answer
 * at its token cap, the reference answer and the question), one re-ask with the first reply added, and with
 * `claimMetrics: 'model'` the claim calls ({@link plannedClaimCalls}).
 */
function plannedJudgeCalls(
  config: RagEvalConfig,
  chars: TemplateLengths,
  judge: string,
  sourcesChars: number,
  answerChars: number,
  c: GoldenCase,
): PlannedCall[] {
  const judgePrompt = chars('judge.md') + sourcesChars + answerChars + c.reference_answer.length + c.query.length
  return [
    { model: judge, promptChars: judgePrompt, maxTokens: ESTIMATE_DEFAULTS.judgeMaxTokens },
    {
      model: judge,
      promptChars: judgePrompt + ESTIMATE_DEFAULTS.judgeMaxTokens * 4,
      maxTokens: ESTIMATE_DEFAULTS.judgeMaxTokens,
    },
    ...(config.claimMetrics === 'model'
      ? plannedClaimCalls(judge, sourcesChars, answerChars, c.reference_answer.length)
      : []),
  ]
}

/**
 * Response relevancy's calls for one case with `responseRelevancy: 'model'`, worst case: one question-generation
 * call on the judge model (the template and the answer, room for {@link DEFAULT_RELEVANCY_QUESTIONS} questions),
 * then one embeddings call for the question and the generated questions (about 200 characters each).
 */
function plannedRelevancyCalls(
  models: { judge: string; embedder: string },
  chars: TemplateLengths,
  c: GoldenCase,
  answerChars: number,
): PlannedCall[] {
  const n = DEFAULT_RELEVANCY_QUESTIONS
  return [
    {
      model: models.judge,
      promptChars: chars('response-relevancy.md') + answerChars,
      maxTokens: relevancyMaxTokens(n),
    },
    { model: models.embedder, promptChars: c.query.length + n * 200, maxTokens: 0 },
  ]
}

/**
 * The judge and embedder models response relevancy calls (`responseRelevancy: 'model'` in a system run, both
 * configured), resolved once per estimate; undefined when it makes no call.
 */
function relevancyModels(
  config: RagEvalConfig,
  models: NonNullable<RagEvalConfig['models']>,
): { judge: string; embedder: string } | undefined {
  const embedder = models.embedder?.chain[0]?.model
  if (config.mode !== 'system' || config.responseRelevancy !== 'model' || !models.judge || !embedder) return undefined
  const judge = primaryJudgeModel(models)
  return judge ? { judge, embedder } : undefined
}

/**
 * The claim-level metrics' calls on the model judge for one case, worst case: two extractions (answer,
 * reference), then one batched check of {@link MAX_CLAIMS_CHECKED} answer and as many reference claims
 * (about 200 characters each) against the sources and the reference answer.
 */
function plannedClaimCalls(
  model: string,
  sourcesChars: number,
  answerChars: number,
  referenceChars: number,
): PlannedCall[] {
  const extract = 1500
  const claims = 2 * MAX_CLAIMS_CHECKED
  return [
    { model, promptChars: extract + answerChars, maxTokens: 600 },
    { model, promptChars: extract + referenceChars, maxTokens: 600 },
    {
      model,
      promptChars: 1500 + claims * 250 + sourcesChars + referenceChars,
      maxTokens: verifyMaxTokens(claims),
    },
  ]
}

/** The worst-case cost of the planned calls, priced with the config's prices over the built-in table. */
export function estimateEvalCost(
  config: RagEvalConfig,
  set: GoldenSet,
  prepared: PreparedCorpus,
): RunCostEstimate | undefined {
  const calls = planModelCalls(config, set, prepared)
  if (!calls) return undefined
  return estimateRunCost({ calls }, mergePrices(config.models?.prices))
}
