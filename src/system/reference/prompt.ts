/**
 * The answer prompt: fencing the numbered sources, the conversation so far, and the answer request built
 * from the `answer.md` template (parsed and rendered by `src/llm/prompts/`). Pure.
 */
import type { Turn } from '../../cases/schema.ts'
import type { ChatRequest } from '../../llm/types.ts'
import { renderPrompt, templateKey } from '../../llm/prompts/render.ts'
import type { PromptTemplate } from '../../llm/prompts/template.ts'

/** A source as the prompt shows it. */
export interface PromptSource {
  marker: number
  title: string
  text: string
  date?: string
  version?: string
  headingPath?: string[]
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/\n/g, ' ')
}

/**
 * Numbers and fences the sources: `<source id="1" title="..." date="..." version="...">text</source>`.
 * Corpus text is data: a `</source` inside it is escaped to `<\/source` so a document cannot close its
 * fence and speak as the instructions.
 */
export function formatSources(sources: readonly PromptSource[]): string {
  return sources
    .map((s) => {
      const attrs = [`id="${s.marker}"`, `title="${attribute([s.title, ...(s.headingPath ?? [])].join(' > '))}"`]
      if (s.date !== undefined) attrs.push(`date="${attribute(s.date)}"`)
      if (s.version !== undefined) attrs.push(`version="${attribute(s.version)}"`)
      const body = s.text.replace(/<\s*\/\s*source/gi, '<\\/source')
      return `<source ${attrs.join(' ')}>\n${body}\n</source>`
    })
    .join('\n\n')
}

/** Prior turns as `User: ...` / `Assistant: ...` lines, or `(none)`. */
export function formatHistory(history: readonly Turn[]): string {
  if (history.length === 0) return '(none)'
  return history
    .map((t) => `${t.role === 'user' ? 'User' : 'Assistant'}: ${t.content.replace(/\s+/g, ' ').trim()}`)
    .join('\n')
}

/** The answer call: the rendered template's messages, its cache-key template field, temperature 0. */
export function buildAnswerRequest(
  template: PromptTemplate,
  input: { query: string; sources: readonly PromptSource[]; history: readonly Turn[]; caseId?: string; trial?: number },
  options: { maxTokens?: number; seed?: number } = {},
): ChatRequest {
  const request: ChatRequest = {
    messages: renderPrompt(template, {
      query: input.query,
      sources: formatSources(input.sources),
      history: formatHistory(input.history),
    }),
    temperature: 0,
    template: templateKey(template),
  }
  if (options.maxTokens !== undefined) request.maxTokens = options.maxTokens
  if (options.seed !== undefined) request.seed = options.seed
  if (input.caseId !== undefined) request.caseId = input.caseId
  if (input.trial !== undefined) request.trial = input.trial
  return request
}
