/**
 * The judge `calibrate` scores with, and what a model judge's run may cost: the heuristic judge, or the model
 * judge over `--models FILE` or the project's own `models` option (with the model cache either way, so a repeated
 * calibration pays for nothing twice). A model judge's worst case is printed before its first call, refused over
 * the spend limit, and `--dry-run` stops there, as on every paid command (`spend-guard.ts`).
 */
import { resolve } from 'node:path'
import type { RagEvalConfig } from '../../config/schema.ts'
import { promptPath } from '../../config/resolve.ts'
import { createHeuristicJudge } from '../../grading/judge/heuristic-judge.ts'
import { createModelJudge, DEFAULT_MODEL_JUDGE_OPTIONS } from '../../grading/judge/model-judge.ts'
import type { Judge } from '../../grading/judge/types.ts'
import { estimateRunCost, plannedJsonCalls, type ModelClients, type RunCostEstimate } from '../../llm/index.ts'
import { loadPromptTemplate } from '../../llm/prompts/load.ts'
import type { PromptTemplate } from '../../llm/prompts/template.ts'
import { splitHalves } from '../../shared/stats/roc.ts'
import { CliUsageError, type CliIo } from './command.ts'
import { judgeModelClients } from './project-models.ts'

/** What `calibrate` reads to choose its judge: `--judge`, `--models FILE`, `--template FILE`. */
export interface JudgeChoice {
  /** --judge; undefined: the project's judge option. */
  judge: 'heuristic' | 'model' | undefined
  models?: string
  template?: string
}

/** The judge, and for a model judge what its worst case is priced with. */
export interface CalibrationJudge {
  judge: Judge
  spend?: { model: string; template: PromptTemplate; clients: ModelClients }
}

/** The judge kind to calibrate: `--judge`, else the project's judge option (`off` calibrates the heuristic judge). */
function judgeKind(choice: JudgeChoice, config: RagEvalConfig): 'heuristic' | 'model' {
  return choice.judge ?? (config.judge === 'model' ? 'model' : 'heuristic')
}

/**
 * The judge of a calibration: the heuristic judge, or the model judge over `--models FILE` (else the project's
 * `models` option) and `--template FILE` (else the project's `judge.md`, else the bundled one).
 */
export function buildCalibrationJudge(choice: JudgeChoice, io: CliIo, project: RagEvalConfig): CalibrationJudge {
  if (judgeKind(choice, project) === 'heuristic') return { judge: createHeuristicJudge() }
  const clients = judgeModelClients(io, project, choice.models)
  const templatePath =
    choice.template === undefined ? promptPath(project, 'judge.md') : resolve(io.cwd, choice.template)
  const template = loadPromptTemplate(templatePath, 'judge.md')
  const judge = createModelJudge({
    client: clients.judge,
    template,
    ...(clients.generator ? { generatorModel: clients.generator.model } : {}),
    // As the models file (or the project's option) said: resolved with the chain, not read again.
    allowSameModel: clients.judgeChain?.allowSameModel ?? false,
  })
  return { judge, spend: { model: clients.judge.model, template, clients } }
}

/**
 * The worst case of a model judge's calibration: one judging per row of the reporting half (the only rows
 * judged), each the judge's template plus the longest labelled line (query, context and answer: an upper bound
 * on one filled prompt), asked and re-asked once, at the judge's token cap, no cache hit assumed.
 * Example: 9 labelled lines split into 4 tuning and 5 reporting rows -> 5 x 2 = 10 planned calls.
 */
export function calibrationEstimate(
  labelsText: string,
  seed: number,
  spend: NonNullable<CalibrationJudge['spend']>,
): RunCostEstimate {
  const lines = labelsText.split('\n').filter((l) => l.trim() !== '' && !l.trimStart().startsWith('//'))
  const rows = splitHalves(lines.length, seed).reporting.length
  const templateChars = spend.template.messages.reduce((n, m) => n + m.text.length, 0)
  const longest = lines.reduce((n, l) => Math.max(n, l.length), 0)
  const one = plannedJsonCalls(spend.model, templateChars + longest, DEFAULT_MODEL_JUDGE_OPTIONS.maxTokens)
  return estimateRunCost({ calls: Array.from({ length: rows }, () => one).flat() }, spend.clients.prices)
}
