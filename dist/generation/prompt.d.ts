/**
 * Prompt templates and the answer prompt: parsing a template file's front matter, a tiny `{{var}}`
 * renderer, splitting a rendered template into chat messages, and fencing the numbered sources. Pure (the
 * file read lives in `load-prompt.ts`).
 *
 * A template file is markdown with a front matter holding `id:` and `version:`, then the messages, each
 * introduced by a line `[system]`, `[user]` or `[assistant]` (few-shot examples are real user/assistant
 * turns):
 * ```
 * ---
 * id: answer
 * version: 3
 * ---
 * [system]
 * Answer only from the numbered sources...
 * [user]
 * {{sources}}
 * Question: {{query}}
 * ```
 */
import type { Turn } from '../cases/schema.js';
import type { ChatMessage, ChatRequest } from '../llm/types.js';
/** A loaded prompt template. */
export interface PromptTemplate {
    /** The `id:` of the front matter (default: the file name without `.md`). */
    id: string;
    /** The `version:` of the front matter, as written. */
    version: string;
    /** The template body after the front matter. */
    text: string;
    /** Where it came from (for messages). */
    path: string;
    /** sha256 of the whole file: any edit changes it, even one that forgets to bump `version`. */
    hash: string;
}
/** Parses a template file's content; `path` is only used for the default id and in messages. */
export declare function parsePromptTemplate(source: string, path: string): PromptTemplate;
/**
 * The `template` field of a ChatRequest (part of the model cache key): the id, and the declared version
 * joined with the first 12 hex digits of the file hash, so editing a template is a cache miss even when
 * its author forgot to bump `version`. Example: `{ id: 'answer', version: '3+9f86d081884c' }`.
 */
export declare function templateKey(template: PromptTemplate): {
    id: string;
    version: string;
};
/**
 * Replaces each `{{name}}` with `vars[name]` in one pass, so a value containing `{{...}}` (corpus text is
 * data) is never expanded. A name with no value is an error naming it.
 */
export declare function renderTemplate(text: string, vars: Readonly<Record<string, string>>, path?: string): string;
/** Splits a rendered template into messages at lines `[system]`, `[user]` and `[assistant]`. */
export declare function toMessages(rendered: string, path?: string): ChatMessage[];
/** A source as the prompt shows it. */
export interface PromptSource {
    marker: number;
    title: string;
    text: string;
    date?: string;
    version?: string;
    headingPath?: string[];
}
/**
 * Numbers and fences the sources: `<source id="1" title="..." date="..." version="...">text</source>`.
 * Corpus text is data: a `</source` inside it is escaped to `<\/source` so a document cannot close its
 * fence and speak as the instructions.
 */
export declare function formatSources(sources: readonly PromptSource[]): string;
/** Prior turns as `User: ...` / `Assistant: ...` lines, or `(none)`. */
export declare function formatHistory(history: readonly Turn[]): string;
/** The answer call: the rendered template's messages, its cache-key template field, temperature 0. */
export declare function buildAnswerRequest(template: PromptTemplate, input: {
    query: string;
    sources: readonly PromptSource[];
    history: readonly Turn[];
    caseId?: string;
    trial?: number;
}, options?: {
    maxTokens?: number;
    seed?: number;
}): ChatRequest;
