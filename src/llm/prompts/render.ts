/**
 * Rendering a prompt template into chat messages, and the template's part of the model cache key. Pure.
 */
import type { ChatMessage, ChatRequest } from '../types.ts'
import { PromptTemplateError } from './errors.ts'
import { PLACEHOLDER, type PromptTemplate } from './template.ts'

/**
 * Replaces each `{{name}}` in `text` with `values[name]` in one pass, so a value that itself holds `{{...}}`
 * (corpus text, a user's question: data) is never expanded. A placeholder with no value is a
 * {@link PromptTemplateError} naming it and the values that were given.
 * Example: `fillPlaceholders('Q: {{ query }}', { query: '{{x}}' }, 'a.md')` -> `'Q: {{x}}'`.
 */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>, path: string): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = values[name]
    if (value !== undefined) return value
    const known = Object.keys(values).join(', ') || 'none'
    throw new PromptTemplateError('VITEST_RAG_PROMPT_VARIABLE_MISSING', [
      {
        code: 'no_value',
        file: path,
        path: '',
        message: `uses {{${name}}} but no value was given (known: ${known})`,
        fix: 'use one of the known placeholders',
      },
    ])
  })
}

/**
 * The template's chat messages with `values` filled in. Each message is filled on its own (a value holding a
 * line `[system]` stays inside its message) and then trimmed, so an empty value at a message's edge leaves
 * no blank lines. Example: `[user]\n{{sources}}\n\nQ: {{query}}` with `sources: ''`, `query: 'Hi '` ->
 * `[{ role: 'user', content: 'Q: Hi' }]`.
 */
export function renderPrompt(template: PromptTemplate, values: Readonly<Record<string, string>>): ChatMessage[] {
  return template.messages.map((m) => ({
    role: m.role,
    content: fillPlaceholders(m.text, values, template.path).trim(),
  }))
}

/**
 * The `template` field of a request to the reference pipeline's generator (part of the model cache key): the
 * id, and the declared version joined with the first 12 hex digits of the file hash, so editing a template
 * is a cache miss even when its author forgot to bump `version`. Example: `{ id: 'answer', version: '3+9f86d081884c' }`.
 */
export function templateKey(template: PromptTemplate): NonNullable<ChatRequest['template']> {
  return { id: template.id, version: `${template.version}+${template.hash.slice(0, 12)}` }
}

/**
 * The `template` field of a judge, claim-check or synthesis request: the id and the declared version only.
 * These calls have always been keyed so (their rendered messages are in the key too), and keeping it keeps
 * their cached verdicts valid. Example: `{ id: 'judge', version: '1' }`.
 */
export function declaredKey(template: PromptTemplate): NonNullable<ChatRequest['template']> {
  return { id: template.id, version: template.version }
}
