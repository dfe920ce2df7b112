import { sha256 } from "../util/hash.js";
import { GenerationError } from "./errors.js";
/** Parses a template file's content; `path` is only used for the default id and in messages. */
export function parsePromptTemplate(source, path) {
    const normalised = source.replace(/\r\n?/g, '\n');
    const m = /^---\n([\s\S]*?)\n---\n?/.exec(normalised);
    if (m === null) {
        throw new GenerationError('PROMPT_TEMPLATE_INVALID', `prompt template ${path} has no front matter; start it with "---", a line "version: 1" and "---"`);
    }
    const fields = new Map();
    for (const line of (m[1] ?? '').split('\n')) {
        const kv = /^\s*([A-Za-z_][\w-]*)\s*:\s*(.*?)\s*$/.exec(line);
        if (kv !== null)
            fields.set(kv[1], kv[2].replace(/^["']|["']$/g, ''));
    }
    const version = fields.get('version');
    if (version === undefined || version === '') {
        throw new GenerationError('PROMPT_TEMPLATE_INVALID', `prompt template ${path} has no "version:" line in its front matter; add one (e.g. "version: 1")`);
    }
    const base = path.split(/[\\/]/).pop() ?? path;
    return {
        id: fields.get('id') ?? base.replace(/\.md$/, ''),
        version,
        text: normalised.slice(m[0].length),
        path,
        hash: sha256(normalised),
    };
}
/**
 * The `template` field of a ChatRequest (part of the model cache key): the id, and the declared version
 * joined with the first 12 hex digits of the file hash, so editing a template is a cache miss even when
 * its author forgot to bump `version`. Example: `{ id: 'answer', version: '3+9f86d081884c' }`.
 */
export function templateKey(template) {
    return { id: template.id, version: `${template.version}+${template.hash.slice(0, 12)}` };
}
/**
 * Replaces each `{{name}}` with `vars[name]` in one pass, so a value containing `{{...}}` (corpus text is
 * data) is never expanded. A name with no value is an error naming it.
 */
export function renderTemplate(text, vars, path = 'template') {
    return text.replace(/\{\{\s*([A-Za-z_][\w]*)\s*\}\}/g, (_all, name) => {
        const value = vars[name];
        if (value === undefined) {
            throw new GenerationError('PROMPT_VARIABLE_MISSING', `prompt template ${path} uses {{${name}}} but no value was given (known: ${Object.keys(vars).join(', ') || 'none'})`);
        }
        return value;
    });
}
/** Splits a rendered template into messages at lines `[system]`, `[user]` and `[assistant]`. */
export function toMessages(rendered, path = 'template') {
    const messages = [];
    let current;
    for (const line of rendered.split('\n')) {
        const role = /^\[(system|user|assistant)\]\s*$/.exec(line)?.[1];
        if (role !== undefined) {
            current = { role, content: '' };
            messages.push(current);
        }
        else if (current !== undefined) {
            current.content += `${line}\n`;
        }
        else if (line.trim() !== '') {
            throw new GenerationError('PROMPT_TEMPLATE_INVALID', `prompt template ${path} has text before its first [system]/[user] line: "${line.slice(0, 60)}"`);
        }
    }
    for (const m of messages)
        m.content = m.content.trim();
    if (!messages.some((m) => m.role === 'user')) {
        throw new GenerationError('PROMPT_TEMPLATE_INVALID', `prompt template ${path} has no [user] message; add a line "[user]" before the question`);
    }
    return messages;
}
function attribute(value) {
    return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/\n/g, ' ');
}
/**
 * Numbers and fences the sources: `<source id="1" title="..." date="..." version="...">text</source>`.
 * Corpus text is data: a `</source` inside it is escaped to `<\/source` so a document cannot close its
 * fence and speak as the instructions.
 */
export function formatSources(sources) {
    return sources
        .map((s) => {
        const attrs = [`id="${s.marker}"`, `title="${attribute([s.title, ...(s.headingPath ?? [])].join(' > '))}"`];
        if (s.date !== undefined)
            attrs.push(`date="${attribute(s.date)}"`);
        if (s.version !== undefined)
            attrs.push(`version="${attribute(s.version)}"`);
        const body = s.text.replace(/<\s*\/\s*source/gi, '<\\/source');
        return `<source ${attrs.join(' ')}>\n${body}\n</source>`;
    })
        .join('\n\n');
}
/** Prior turns as `User: ...` / `Assistant: ...` lines, or `(none)`. */
export function formatHistory(history) {
    if (history.length === 0)
        return '(none)';
    return history.map((t) => `${t.role === 'user' ? 'User' : 'Assistant'}: ${t.content.replace(/\s+/g, ' ').trim()}`).join('\n');
}
/** The answer call: the rendered template's messages, its cache-key template field, temperature 0. */
export function buildAnswerRequest(template, input, options = {}) {
    const rendered = renderTemplate(template.text, { query: input.query, sources: formatSources(input.sources), history: formatHistory(input.history) }, template.path);
    const request = {
        messages: toMessages(rendered, template.path),
        temperature: 0,
        template: templateKey(template),
    };
    if (options.maxTokens !== undefined)
        request.maxTokens = options.maxTokens;
    if (options.seed !== undefined)
        request.seed = options.seed;
    if (input.caseId !== undefined)
        request.caseId = input.caseId;
    if (input.trial !== undefined)
        request.trial = input.trial;
    return request;
}
//# sourceMappingURL=prompt.js.map