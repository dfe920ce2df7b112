/**
 * The model judge: grades one case with a (different, larger) chat model through `ChatClient.chatJson`,
 * against the rubric, and returns a zod-validated verdict. A verdict that cannot be parsed after the
 * client's one retry is recorded as `failed: true`: not a score, never a zero.
 *
 * Self-preference: a model grading its own answers favours them, so the judge refuses to run when its model
 * is the generator's model (the model client enforces the reversed provider chain too; this is the judge's
 * own guard, with its own error, for clients built elsewhere).
 */
import type { ChatClient } from '../../llm/types.ts'
import { JudgeIsGeneratorError } from '../../llm/errors.ts'
import { buildJudgeMessages } from './judge-prompt.ts'
import { declaredKey } from '../../llm/prompts/render.ts'
import type { PromptTemplate } from '../../llm/prompts/template.ts'
import { VerdictSchema, type Verdict } from './rubric.ts'
import type { Judge, JudgeInput, JudgeVerdict } from './types.ts'

/** How to build a model judge. */
export interface ModelJudgeOptions {
  /** The judge's chat client (role `judge`). */
  client: ChatClient
  /** The answer judge's template (`judge.md`, see `loadPromptTemplate` in `src/llm/prompts/load.ts`). */
  template: PromptTemplate
  /** The generator's model: the judge refuses to be it. */
  generatorModel?: string
  /** Accept a judge that is its generator's model (biased). Default false. */
  allowSameModel?: boolean
  /** Sampling temperature. Default 0 (the most repeatable verdicts). */
  temperature?: number
  /** Output token cap. Default 800. */
  maxTokens?: number
}

/** Defaults of {@link ModelJudgeOptions}' optional knobs. */
export const DEFAULT_MODEL_JUDGE_OPTIONS = { allowSameModel: false, temperature: 0, maxTokens: 800 } as const

/** Turns a parsed model verdict into the recorded shape (criterion names to camelCase fields). */
export function verdictToJudgement(verdict: Verdict, model: string): JudgeVerdict {
  return {
    kind: 'model',
    model,
    failed: false,
    faithfulness: verdict.faithfulness.score,
    citationAccuracy: verdict.citation_accuracy.score,
    answerRelevance: verdict.answer_relevance.score,
    crag: verdict.crag.grade,
    reasons: {
      faithfulness: verdict.faithfulness.reason,
      citation_accuracy: verdict.citation_accuracy.reason,
      answer_relevance: verdict.answer_relevance.reason,
      crag: verdict.crag.reason,
    },
    claims: verdict.claims.map((c) => ({
      text: c.text,
      markers: c.markers,
      supportingMarkers: c.supporting_markers,
      supported: c.supported,
    })),
  }
}

/**
 * Builds a model judge. Throws {@link JudgeIsGeneratorError} when `client.model === generatorModel` and
 * `allowSameModel` is not set.
 */
export function createModelJudge(options: ModelJudgeOptions): Judge {
  const { client, template } = options
  const resolved = { ...DEFAULT_MODEL_JUDGE_OPTIONS, ...options }
  if (options.generatorModel !== undefined && client.model === options.generatorModel && !resolved.allowSameModel) {
    throw new JudgeIsGeneratorError(client.model)
  }
  return {
    kind: 'model',
    model: client.model,
    promptVersion: `${template.id}@${template.version}`,
    async judge(input: JudgeInput): Promise<JudgeVerdict> {
      const outcome = await client.chatJson(
        {
          messages: buildJudgeMessages(input, template),
          temperature: resolved.temperature,
          maxTokens: resolved.maxTokens,
          responseFormat: { type: 'json_object' },
          template: declaredKey(template),
          caseId: input.caseId,
        },
        VerdictSchema,
      )
      if (outcome.ok) return verdictToJudgement(outcome.value, outcome.result.model)
      return {
        kind: 'model',
        model: outcome.result?.model ?? client.model,
        failed: true,
        reasons: { verdict: `unparseable judge verdict after retry: ${outcome.error}` },
        claims: [],
      }
    },
  }
}
