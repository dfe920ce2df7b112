/**
 * Synthetic questions: one question per sampled chunk, written by the generator model through the model client
 * (so every call is cached, priced and held under the spend limit), turned into golden cases marked
 * `"synthetic": true`. The scorecard reports them apart from human-written cases, because a question written
 * from its own passage overstates retrieval quality.
 */
import { z } from 'zod'
import type { GoldenCaseInput } from '../../cases/schema.ts'
import type { Chunk, SourceDocument } from '../../corpus/types.ts'
import { escapeFenced } from '../../grading/judge/fence.ts'
import { loadBundledPrompt } from '../../llm/prompts/load.ts'
import { declaredKey, renderPrompt } from '../../llm/prompts/render.ts'
import type { PromptTemplate } from '../../llm/prompts/template.ts'
import { plannedJsonCalls, SpendLimitError, type ChatClient, type PlannedCall } from '../../llm/index.ts'
import { sha256 } from '../../shared/util/hash.ts'
import { NO_SHARED_WORD_TAG, sharesNoContentWord } from './question-vocabulary.ts'

/** What the model must return. */
export const SynthesizedQuestionSchema = z.object({
  question: z.string().trim().min(5).max(400),
  answer: z.string().trim().min(1).max(400),
})

/** How to synthesize. */
export interface SynthesizeOptions {
  /** Chunks to sample (one question each). */
  count: number
  /** Seed of the hash that orders chunks. */
  seed: number
  /** Chunks shorter than this many characters carry too little to ask about. Default 120. */
  minChunkChars: number
  /** Case id prefix: `<prefix>-<12 hex of the chunk id>`. */
  idPrefix: string
}

/** Defaults of {@link SynthesizeOptions}. */
export const defaultSynthesizeOptions: SynthesizeOptions = {
  count: 20,
  seed: 20261130,
  minChunkChars: 120,
  idPrefix: 'SYN',
}

/** The chunks to ask about: `count` of those long enough, ordered by a seeded hash of their id (stable as the corpus grows). */
export function sampleChunks(
  chunks: readonly Chunk[],
  options: Pick<SynthesizeOptions, 'count' | 'seed' | 'minChunkChars'>,
): Chunk[] {
  return chunks
    .filter((c) => c.text.trim().length >= options.minChunkChars)
    .map((c) => ({ c, rank: sha256(`${options.seed}:${c.id}`) }))
    .sort((a, b) => a.rank.localeCompare(b.rank))
    .slice(0, options.count)
    .map(({ c }) => c)
}

/** What a synthesis run produced. */
export interface SynthesisResult {
  cases: GoldenCaseInput[]
  /** Chunks whose reply could not be parsed after the client's retry. */
  failed: string[]
  /**
   * Case ids of questions that share no content word with their document: written as drafts (`"status":
   * "draft"`, tag `vocabulary:no-shared-word`), so they never run until a reviewer activates them.
   */
  unanchored: string[]
  /** Set when the spend limit stopped the run early (the cases so far are kept). */
  stoppedBySpendLimit?: string
  calls: number
  cachedCalls: number
  costUsd: number
}

/** Output token cap of a question request. */
const QUESTION_MAX_TOKENS = 300

function questionPrompt(template: PromptTemplate, chunk: Chunk) {
  return renderPrompt(template, { title: escapeFenced(chunk.title), passage: escapeFenced(chunk.text) })
}

/**
 * The worst case of {@link synthesizeCases} before any call: per chunk, its rendered prompt (exact characters)
 * asked once and re-asked once after an unusable reply, each with up to 300 output tokens (no cache hit assumed).
 */
export function planSynthesisCalls(
  chunks: readonly Chunk[],
  model: string,
  template: PromptTemplate = loadBundledPrompt('synthesize-question.md'),
): PlannedCall[] {
  return chunks.flatMap((chunk) =>
    plannedJsonCalls(
      model,
      questionPrompt(template, chunk).reduce((sum, m) => sum + m.content.length, 0),
      QUESTION_MAX_TOKENS,
    ),
  )
}

/** Asks for one question per chunk; never more calls than chunks (plus the client's one re-ask of a bad reply). */
export async function synthesizeCases(
  chunks: readonly Chunk[],
  documents: ReadonlyMap<string, SourceDocument>,
  client: ChatClient,
  options: SynthesizeOptions,
  template: PromptTemplate = loadBundledPrompt('synthesize-question.md'),
): Promise<SynthesisResult> {
  const result: SynthesisResult = { cases: [], failed: [], unanchored: [], calls: 0, cachedCalls: 0, costUsd: 0 }
  for (const chunk of chunks) {
    const doc = documents.get(chunk.docId)
    let outcome
    try {
      outcome = await client.chatJson(
        {
          messages: questionPrompt(template, chunk),
          temperature: 0,
          maxTokens: QUESTION_MAX_TOKENS,
          responseFormat: { type: 'json_object' },
          template: declaredKey(template),
          caseId: chunk.id,
        },
        SynthesizedQuestionSchema,
      )
    } catch (error) {
      if (error instanceof SpendLimitError) {
        result.stoppedBySpendLimit = error.message
        break
      }
      throw error
    }
    if (outcome.result) {
      result.calls += 1
      if (outcome.result.cached) result.cachedCalls += 1
      result.costUsd += outcome.result.costUsd
    }
    if (!outcome.ok || !doc) {
      result.failed.push(chunk.id)
      continue
    }
    const caseId = `${options.idPrefix}-${sha256(chunk.id).slice(0, 12)}`
    const unanchored = sharesNoContentWord(outcome.value.question, doc.text)
    if (unanchored) result.unanchored.push(caseId)
    result.cases.push({
      case_id: caseId,
      case_type: 'normal',
      tenant_id: chunk.tenantId,
      query: outcome.value.question,
      reference_answer: outcome.value.answer,
      expected_sources: [{ locator: { kind: 'document', id: doc.id, span: [chunk.start, chunk.end] }, grade: 3 }],
      synthetic: true,
      ...(unanchored ? { status: 'draft' as const, tags: [NO_SHARED_WORD_TAG] } : {}),
      notes: `synthesized by ${outcome.result.model} from ${chunk.id}`,
    })
  }
  return result
}
