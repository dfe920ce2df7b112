/**
 * RAGAS response relevancy through the model client: the judge model writes N questions from the answer (one
 * `chatJson` call per case, cached under the `response-relevancy` template's id and version, retried and
 * spend-limited like every call), the embedding model embeds the original question and those N (one embeddings
 * call, each text cached by content), and {@link responseRelevancy} turns the vectors into the score.
 */
import { z } from 'zod'
import type { ChatClient, EmbeddingClient } from '../../llm/types.ts'
import { loadBundledPrompt } from '../../llm/prompts/load.ts'
import { declaredKey, renderPrompt } from '../../llm/prompts/render.ts'
import type { PromptTemplate } from '../../llm/prompts/template.ts'
import { responseRelevancy } from '../metrics/response-relevancy.ts'
import { escapeFenced } from './fence.ts'

/** Questions generated per answer (RAGAS's `strictness`, default 3). */
export const DEFAULT_RELEVANCY_QUESTIONS = 3

/** Output tokens the question-generation call may use: room for N short questions and the flag. */
export function relevancyMaxTokens(questions: number): number {
  return 60 + 80 * questions
}

/** What the question-generation call must return for `count` questions; fewer fails the schema (one re-ask). */
export function generatedQuestionsSchema(count: number) {
  return z.object({
    questions: z.array(z.string().min(1).max(600)).min(count),
    noncommittal: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1),
  })
}

/** The questions a model wrote from an answer, and whether it read the answer as noncommittal. */
export interface GeneratedQuestions {
  questions: string[]
  noncommittal: boolean
}

/** Scores one answer's response relevancy. `caseId` only labels model calls (spend reports, errors). */
export interface ResponseRelevancyScorer {
  /** `<template id>@<version>` with the chat and embedding models, recorded in the scorecard's `producedBy`. */
  readonly version: string
  /** The score, or undefined when the model's reply could not be parsed after its one re-ask (unscored). */
  score(question: string, answer: string, caseId: string): Promise<number | undefined>
}

/** Options of {@link createResponseRelevancyScorer}. */
export interface ResponseRelevancyOptions {
  chat: ChatClient
  embedder: EmbeddingClient
  /** Questions generated per answer. Default {@link DEFAULT_RELEVANCY_QUESTIONS}. */
  questions?: number
  template?: PromptTemplate
}

/**
 * The scorer: one question-generation call on `chat` (the answer fenced as data) and one embeddings call.
 * A noncommittal answer still costs its one chat call but no embedding (its score is 0 whatever the vectors).
 */
export function createResponseRelevancyScorer(options: ResponseRelevancyOptions): ResponseRelevancyScorer {
  const count = options.questions ?? DEFAULT_RELEVANCY_QUESTIONS
  const template = options.template ?? loadBundledPrompt('response-relevancy.md')
  const schema = generatedQuestionsSchema(count)
  return {
    version: `${template.id}@${template.version} ${options.chat.model}+${options.embedder.model}`,
    async score(question, answer, caseId) {
      const outcome = await options.chat.chatJson(
        {
          messages: renderPrompt(template, { answer: escapeFenced(answer), count: String(count) }),
          temperature: 0,
          maxTokens: relevancyMaxTokens(count),
          responseFormat: { type: 'json_object' },
          template: declaredKey(template),
          caseId,
        },
        schema,
      )
      if (!outcome.ok) return undefined
      const generated = outcome.value.questions.slice(0, count)
      // A noncommittal answer scores 0 whatever its questions are: no embeddings are bought for it.
      if (outcome.value.noncommittal) return 0
      const { vectors } = await options.embedder.embed([question, ...generated])
      return responseRelevancy(vectors[0]!, vectors.slice(1), false)
    },
  }
}
