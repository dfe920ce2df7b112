/**
 * Query rewriting: a multi-turn conversation's latest message becomes a standalone search query.
 *
 * With a rewriter model: one call through the `rewrite` template. Without one: the deterministic rule
 * below, which is what the offline sample runs.
 *
 * **The deterministic rule.** A follow-up *refers back* when it holds a pronoun or demonstrative (`it`,
 * `its`, `that`, `this`, `they`, `them`, `their`, `these`, `those`, `there`, `one`), opens elliptically
 * (`and ...`, `what about ...`, `how about ...`, `what if ...`, `also ...`, `same for ...`), or has at most two
 * content words. A follow-up that refers back gets the content words of the latest prior USER turn appended
 * (words it already has, by stem, are not repeated). For an elliptical follow-up that swaps one modifier for
 * another ("What about the Enterprise plan?" after "How many seats does the Team plan include?") the prior
 * turn's word right before a shared word (`Team` before `plan`) is the one being replaced and is dropped:
 * -> "What about the Enterprise plan? many seats include". A follow-up that does not refer back, or a case
 * without a prior user turn, is used as it is.
 */
import type { Turn } from '../../cases/schema.ts'
import type { ChatClient, ChatResult } from '../../llm/types.ts'
import { isAbstention } from '../../shared/text/abstention.ts'
import { renderPrompt, templateKey } from '../../llm/prompts/render.ts'
import type { PromptTemplate } from '../../llm/prompts/template.ts'
import { formatHistory } from './prompt.ts'
import { contentTerms, isStopword, stem, tokenize } from './terms.ts'

const REFERRING_WORD = /\b(?:it|its|that|this|they|them|their|these|those|there|one)\b/i
const ELLIPTICAL_OPENING = /^\s*(?:and|also|what about|how about|what if|same for|but what about|and what about)\b/i

/** Whether a follow-up refers back to an earlier turn (see the module doc). */
export function refersBack(followUp: string): boolean {
  return REFERRING_WORD.test(followUp) || ELLIPTICAL_OPENING.test(followUp) || contentTerms(followUp).length <= 2
}

/** The deterministic rewrite (see the module doc). Returns `query` unchanged when no rewrite applies. */
export function rewriteDeterministic(query: string, history: readonly Turn[]): string {
  const prior = [...history].reverse().find((t) => t.role === 'user')
  if (prior === undefined || !refersBack(query)) return query
  const have = new Set(contentTerms(query))
  const priorTokens = tokenize(prior.content)
  const replaced = new Set<number>()
  if (ELLIPTICAL_OPENING.test(query)) {
    priorTokens.forEach((token, i) => {
      const before = priorTokens[i - 1]
      if (i > 0 && have.has(stem(token)) && !isStopword(token) && before !== undefined && !have.has(stem(before))) {
        replaced.add(i - 1)
      }
    })
  }
  const added: string[] = []
  const addedStems = new Set<string>()
  priorTokens.forEach((token, i) => {
    if (isStopword(token) || replaced.has(i)) return
    const s = stem(token)
    if (have.has(s) || addedStems.has(s)) return
    addedStems.add(s)
    added.push(surfaceOf(prior.content, token))
  })
  return added.length === 0 ? query : `${query.trim()} ${added.join(' ')}`
}

/** The token as written in `text` (original case), so identifiers like `ERR-4012` keep their spelling. */
function surfaceOf(text: string, token: string): string {
  const i = text.toLowerCase().indexOf(token)
  return i < 0 ? token : text.slice(i, i + token.length)
}

/** A rewrite and the model call it took, if any. */
export interface RewriteResult {
  query: string
  /** `model` when the rewriter answered, `deterministic` otherwise, `none` when there was no history. */
  method: 'model' | 'deterministic' | 'none'
  call?: ChatResult
}

/**
 * Rewrites `query` given `history`: no history -> unchanged; a rewriter client -> one call through the
 * `rewrite` template (its first non-empty line is the query, without a `Query:` label or quotes; an empty or
 * declining reply falls back to the deterministic rule); otherwise the deterministic rule.
 */
export async function rewriteQuery(
  query: string,
  history: readonly Turn[],
  options: { rewriter?: ChatClient; template?: PromptTemplate; caseId?: string; trial?: number } = {},
): Promise<RewriteResult> {
  if (history.length === 0) return { query, method: 'none' }
  const { rewriter, template } = options
  if (rewriter === undefined || template === undefined)
    return { query: rewriteDeterministic(query, history), method: 'deterministic' }
  const call = await rewriter.chat({
    messages: renderPrompt(template, { history: formatHistory(history), query }),
    temperature: 0,
    maxTokens: 120,
    template: templateKey(template),
    ...(options.caseId !== undefined ? { caseId: options.caseId } : {}),
    ...(options.trial !== undefined ? { trial: options.trial } : {}),
  })
  const line = call.text
    .split('\n')
    .map((l) =>
      l
        .trim()
        .replace(/^(?:standalone |rewritten |search )?query:\s*/i, '')
        .replace(/^["'`]|["'`]$/g, ''),
    )
    .find((l) => l !== '')
  if (line === undefined || isAbstention(line))
    return { query: rewriteDeterministic(query, history), method: 'deterministic', call }
  return { query: line, method: 'model', call }
}
