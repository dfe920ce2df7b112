/**
 * Pooling: finds the retrieved chunks no judgment covers yet and grades them with a relevance grader
 * (a model via an UMBRELA-style prompt, or the offline lexical fallback), returning new qrels rows to append.
 */
import type { ChatClient } from '../../llm/types.ts'
import { plannedJsonCalls, type PlannedCall } from '../../llm/index.ts'
import { z } from 'zod'
import { escapeFenced } from '../../grading/judge/fence.ts'
import { contentWords } from '../../grading/judge/lexical.ts'
import { declaredKey, renderPrompt } from '../../llm/prompts/render.ts'
import type { PromptTemplate } from '../../llm/prompts/template.ts'
import { locatorKey, type QrelsRow } from '../../grading/qrels/qrels.ts'

/** A retrieved chunk that may need a judgment. */
export interface PoolCandidate {
  chunkId: string
  /** The chunker spec that produced the chunk id (one line, e.g. `structural:1500:100`). */
  chunker: string
  docId: string
  /** `[start, end)` offsets of the chunk in its document. */
  start: number
  end: number
  text: string
}

/** A graded-relevance judgment of one passage. */
export interface RelevanceGrade {
  /** 0 (unrelated), 1 (related, does not answer), 2 (partly answers), 3 (dedicated, exact answer). */
  grade: 0 | 1 | 2 | 3
  reason: string
}

/** A relevance grader. `grade` resolves to undefined when it failed (nothing is recorded then). */
export interface RelevanceGrader {
  readonly source: 'llm' | 'heuristic'
  readonly model?: string
  readonly promptVersion: string
  grade(query: string, passage: string, caseId: string): Promise<RelevanceGrade | undefined>
}

/**
 * True when some row of `caseId` already judges the candidate: a row for its chunk id (same chunker), or a
 * row for its document whose span overlaps the chunk (golden provenance is by document span).
 */
export function isJudged(candidate: PoolCandidate, caseId: string, rows: readonly QrelsRow[]): boolean {
  const chunkKey = locatorKey({ chunk_id: candidate.chunkId, chunker: candidate.chunker })
  return rows.some((row) => {
    if (row.case_id !== caseId) return false
    const loc = row.chunk_locator
    if (!('doc_id' in loc)) return locatorKey(loc) === chunkKey
    if (loc.doc_id !== candidate.docId) return false
    return loc.span === undefined || (loc.span[0] < candidate.end && candidate.start < loc.span[1])
  })
}

/** The candidates no row judges yet, first occurrence of each chunk kept. */
export function selectUnjudged(
  caseId: string,
  candidates: readonly PoolCandidate[],
  rows: readonly QrelsRow[],
): PoolCandidate[] {
  const seen = new Set<string>()
  return candidates.filter((c) => {
    if (seen.has(c.chunkId)) return false
    seen.add(c.chunkId)
    return !isJudged(c, caseId, rows)
  })
}

/** Grades the unjudged candidates of one case; returns the new rows (append them with `appendQrelsRows`). */
export async function judgePool(args: {
  caseId: string
  query: string
  candidates: readonly PoolCandidate[]
  rows: readonly QrelsRow[]
  grader: RelevanceGrader
  now?: () => Date
}): Promise<QrelsRow[]> {
  const now = args.now ?? (() => new Date())
  const out: QrelsRow[] = []
  for (const candidate of selectUnjudged(args.caseId, args.candidates, args.rows)) {
    const judged = await args.grader.grade(args.query, candidate.text, args.caseId)
    if (judged === undefined) continue
    out.push({
      case_id: args.caseId,
      chunk_locator: { chunk_id: candidate.chunkId, chunker: candidate.chunker },
      grade: judged.grade,
      source: args.grader.source,
      ...(args.grader.model === undefined ? {} : { judge_model: args.grader.model }),
      prompt_version: args.grader.promptVersion,
      reason: judged.reason,
      at: now().toISOString(),
    })
  }
  return out
}

/** Share thresholds of the lexical grader: query coverage for grade 2 and grade 1. */
export const DEFAULT_HEURISTIC_RELEVANCE = { grade2Coverage: 0.75, grade1Coverage: 0.4 } as const

/**
 * Offline lexical grade: the share of the query's content words the passage holds. At least 0.75 -> 2,
 * at least 0.4 -> 1, else 0. Never 3: "contains the exact answer" is beyond word overlap.
 * Example: query "seat price Team plan" {seat, price, team, plan}, passage holding seat, team, plan -> 0.75 -> 2.
 */
export function gradeRelevanceLexically(
  query: string,
  passage: string,
  thresholds = DEFAULT_HEURISTIC_RELEVANCE,
): RelevanceGrade {
  const queryWords = [...contentWords(query)]
  const passageWords = contentWords(passage)
  const coverage =
    queryWords.length === 0 ? 0 : queryWords.filter((w) => passageWords.has(w)).length / queryWords.length
  const grade = coverage >= thresholds.grade2Coverage ? 2 : coverage >= thresholds.grade1Coverage ? 1 : 0
  return { grade, reason: `query word coverage ${coverage.toFixed(2)}` }
}

/** The offline grader behind the {@link RelevanceGrader} interface (rows get `source: 'heuristic'`). */
export function createHeuristicRelevanceGrader(): RelevanceGrader {
  return {
    source: 'heuristic',
    promptVersion: 'heuristic-relevance-1',
    grade: async (query, passage) => gradeRelevanceLexically(query, passage),
  }
}

/** The model grader's reply. */
export const RelevanceVerdictSchema = z.object({
  grade: z.coerce.number().int().min(0).max(3),
  reason: z.string().min(1).max(600),
})

/** Output token cap of a relevance verdict. */
const VERDICT_MAX_TOKENS = 200

/**
 * The worst case of a `qrels pool` run with the model grader, before any search or call: `gradings` verdicts
 * (the pool's bound: min(--cap, cases x arms x k)), each on the longest query and the longest chunk (the
 * rendered prompt's exact characters), asked once and re-asked once after an unusable reply.
 */
export function planRelevanceCalls(
  gradings: number,
  longest: { query: string; passage: string },
  model: string,
  template: PromptTemplate,
): PlannedCall[] {
  const messages = renderPrompt(template, {
    query: escapeFenced(longest.query),
    passage: escapeFenced(longest.passage),
  })
  const chars = messages.reduce((sum, m) => sum + m.content.length, 0)
  return Array.from({ length: gradings }, () => plannedJsonCalls(model, chars, VERDICT_MAX_TOKENS)).flat()
}

/** A model grader (UMBRELA-style prompt, `evals/prompts/judge-relevance.md`) through `chatJson`. */
export function createModelRelevanceGrader(client: ChatClient, template: PromptTemplate): RelevanceGrader {
  return {
    source: 'llm',
    model: client.model,
    promptVersion: `${template.id}@${template.version}`,
    async grade(query, passage, caseId) {
      const values = { query: escapeFenced(query), passage: escapeFenced(passage) }
      const outcome = await client.chatJson(
        {
          messages: renderPrompt(template, values),
          temperature: 0,
          maxTokens: VERDICT_MAX_TOKENS,
          responseFormat: { type: 'json_object' },
          template: declaredKey(template),
          caseId,
        },
        RelevanceVerdictSchema,
      )
      if (!outcome.ok) return undefined
      return { grade: outcome.value.grade as RelevanceGrade['grade'], reason: outcome.value.reason }
    },
  }
}
