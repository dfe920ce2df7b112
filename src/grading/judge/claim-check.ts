/**
 * Claim checkers: the two steps claim-level answer metrics need, behind one interface so the offline
 * heuristic and the model judge are interchangeable:
 * 1. `extractClaims`: a text (an answer or a reference answer) -> its atomic claims;
 * 2. `checkClaims`: claims + numbered passages -> for each claim, the passages that support it.
 * The model checker makes one `chatJson` call per extraction and ONE for all the claims of a case (batched),
 * each cached by the model client under its prompt template's id and version.
 */
import { z } from 'zod'
import type { ChatClient } from '../../llm/types.ts'
import { isConflictNote, splitClaims } from './claims.ts'
import { escapeFenced, fence } from './fence.ts'
import { isSupportedBy, readClaimEvidence } from './support.ts'
import { loadBundledPrompt } from '../../llm/prompts/load.ts'
import { declaredKey, renderPrompt } from '../../llm/prompts/render.ts'
import type { PromptTemplate } from '../../llm/prompts/template.ts'
import type { CodeOf } from '../../shared/util/error-code-types.ts'
import { VitestRagError } from '../../shared/util/errors.ts'

/** Extracts and checks claims. `caseId` only labels model calls (spend reports, checkpoints). */
export interface ClaimChecker {
  readonly kind: 'heuristic' | 'model'
  /** The model (model checkers only). */
  readonly model?: string
  /** Rule set or prompt versions, recorded beside the scores. */
  readonly version: string
  /** The atomic claims of `text`; `question` gives context (pronouns, what is asked). Empty text -> []. */
  extractClaims(text: string, question: string, caseId: string): Promise<string[]>
  /** Per claim (in order), the 0-based indices of the `passages` that support it, ascending. */
  checkClaims(
    claims: readonly string[],
    passages: readonly string[],
    question: string,
    caseId: string,
  ): Promise<number[][]>
}

/** Share of a claim's novel content words a passage must hold (with every number and identifier) to support it. */
export const DEFAULT_CLAIM_SUPPORT_OVERLAP = 0.6

/**
 * The offline checker's version, recorded beside its scores and in the scorecard's `producedBy`: its rule set
 * and support overlap. Example: `heuristic-claims-2@0.6`. Bump the rule set number when the rules change.
 */
export function heuristicClaimCheckerVersion(supportOverlap = DEFAULT_CLAIM_SUPPORT_OVERLAP): string {
  return `heuristic-claims-2@${supportOverlap}`
}

/**
 * The offline checker: claims are the answer's sentences (`splitClaims`: markers removed, abstentions
 * dropped), and a passage supports a claim when it holds at least 0.6 of the claim's content words that
 * the question does not already give, and every number and identifier literal of the claim (a conflict note,
 * "older docs say 50 seats", is checked without its attribution words: "older", "docs", "say").
 * Example: claim "Seats cost $12 per month", passage "Each extra seat costs $12 per month." -> words
 * {seat, cost, month} all found, literal 12 found -> supported; passage "... $15 ..." -> 12 missing -> not.
 */
export function createHeuristicClaimChecker(supportOverlap = DEFAULT_CLAIM_SUPPORT_OVERLAP): ClaimChecker {
  return {
    kind: 'heuristic',
    version: heuristicClaimCheckerVersion(supportOverlap),
    extractClaims: async (text) => splitClaims(text).claims.map((c) => c.text),
    checkClaims: async (claims, passages, question) =>
      claims.map((claim) => {
        // The claim is read once for all the passages (each passage's reading is memoised by its text).
        const evidence = readClaimEvidence(claim, question, isConflictNote(claim))
        const supporting: number[] = []
        passages.forEach((passage, i) => {
          if (isSupportedBy(evidence, passage, supportOverlap)) supporting.push(i)
        })
        return supporting
      }),
  }
}

/** The bundled claim prompts (`evals/prompts/claims-extract.md`, `claims-verify.md`). */
export function loadClaimPromptTemplates(): { extract: PromptTemplate; verify: PromptTemplate } {
  return {
    extract: loadBundledPrompt('claims-extract.md'),
    verify: loadBundledPrompt('claims-verify.md'),
  }
}

/** What the extraction call must return. */
export const ExtractedClaimsSchema = z.object({ claims: z.array(z.string().min(1).max(600)).max(40) })
/**
 * What the batched verification call must return for `claims` claims: one verdict per claim number (1-based, as
 * the prompt shows them), each with the 1-based numbers of its supporting passages. A reply that leaves a claim
 * out fails the schema, so the client re-asks once instead of a missing verdict becoming "unsupported".
 */
export function claimSupportSchema(claims: number) {
  return z
    .object({
      verdicts: z.array(
        z.object({
          claim: z.coerce.number().int().positive(),
          supporting: z.array(z.coerce.number().int().positive()),
        }),
      ),
    })
    .refine(
      (v) => Array.from({ length: claims }, (_, i) => i + 1).every((n) => v.verdicts.some((x) => x.claim === n)),
      { message: `give one verdict for every claim, 1 to ${claims}` },
    )
}

/** Output tokens the batched verification may use: room for one short verdict per claim. */
export function verifyMaxTokens(claims: number): number {
  return 100 + 40 * claims
}

/**
 * The model checker. A call whose reply cannot be parsed after the client's one retry throws
 * {@link ClaimCheckError}: a claim metric computed from a missing verdict would be a made-up number.
 */
export function createModelClaimChecker(client: ChatClient, templates = loadClaimPromptTemplates()): ClaimChecker {
  const call = async <T>(
    template: PromptTemplate,
    values: Record<string, string>,
    schema: z.ZodType<T>,
    caseId: string,
    maxTokens: number,
  ): Promise<T> => {
    const outcome = await client.chatJson(
      {
        messages: renderPrompt(template, values),
        temperature: 0,
        maxTokens,
        responseFormat: { type: 'json_object' },
        template: declaredKey(template),
        caseId,
      },
      schema,
    )
    if (!outcome.ok)
      throw new ClaimCheckError(`${template.id} for case ${caseId}: unparseable reply after retry (${outcome.error})`)
    return outcome.value
  }
  return {
    kind: 'model',
    model: client.model,
    version: `${templates.extract.id}@${templates.extract.version}+${templates.verify.id}@${templates.verify.version}`,
    async extractClaims(text, question, caseId) {
      if (text.trim() === '') return []
      const value = await call(
        templates.extract,
        { question: escapeFenced(question), text: escapeFenced(text) },
        ExtractedClaimsSchema,
        caseId,
        600,
      )
      return value.claims
    },
    async checkClaims(claims, passages, _question, caseId) {
      if (passages.length === 0 || claims.length === 0) return claims.map(() => [])
      const numbered = claims.map((c, i) => fence('claim', c, { n: i + 1 })).join('\n')
      const rendered = passages.map((p, i) => fence('passage', p, { n: i + 1 })).join('\n\n')
      const value = await call(
        templates.verify,
        { claims: numbered, passages: rendered },
        claimSupportSchema(claims.length),
        caseId,
        verifyMaxTokens(claims.length),
      )
      return claims.map((_, i) => {
        const verdict = value.verdicts.find((v) => v.claim === i + 1)
        const numbers = (verdict?.supporting ?? []).filter((n) => n <= passages.length).map((n) => n - 1)
        return [...new Set(numbers)].sort((a, b) => a - b)
      })
    },
  }
}

/** A model claim check returned no usable verdict. */
export class ClaimCheckError extends VitestRagError<CodeOf<'ClaimCheckError'>> {
  constructor(message: string) {
    super('VITEST_RAG_CLAIM_CHECK_FAILED', `claim check failed: ${message}`)
  }
}
