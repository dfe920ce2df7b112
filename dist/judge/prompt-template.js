/**
 * Judge prompt templates: a small text format with a `version:` line, a system part and a user part, and
 * `{{name}}` placeholders. The template id and version enter the model cache key, so editing a template is a
 * cache miss and its scores are recorded under the new version.
 *
 * Format (see `evals/prompts/judge.md`):
 * ```text
 * id: judge
 * version: 1
 *
 * === system ===
 * ...
 * === user ===
 * ... {{question}} ... {{reference_answer}}
 * ```
 */
import { JudgePromptTemplateError } from "./errors.js";
/**
 * Parses template text. Throws {@link JudgePromptTemplateError} when the `id:`/`version:` header or a part is
 * missing, or when a `required` placeholder is absent.
 */
export function parsePromptTemplate(text, file, required = []) {
    const normalised = text.replace(/\r\n/g, '\n');
    const systemAt = normalised.indexOf('=== system ===');
    const userAt = normalised.indexOf('=== user ===');
    if (systemAt < 0 || userAt < systemAt) {
        throw new JudgePromptTemplateError(file, 'expected a "=== system ===" part followed by a "=== user ===" part');
    }
    const header = normalised.slice(0, systemAt);
    const id = /^id:\s*(\S+)\s*$/m.exec(header)?.[1];
    const version = /^version:\s*(\S+)\s*$/m.exec(header)?.[1];
    if (!id || !version)
        throw new JudgePromptTemplateError(file, 'the header needs an "id: <name>" and a "version: <n>" line');
    const template = {
        id,
        version,
        system: normalised.slice(systemAt + '=== system ==='.length, userAt).trim(),
        user: normalised.slice(userAt + '=== user ==='.length).trim(),
        file,
    };
    const missing = required.filter((name) => !`${template.system}\n${template.user}`.includes(`{{${name}}}`));
    if (missing.length > 0)
        throw new JudgePromptTemplateError(file, `missing placeholder(s) ${missing.map((m) => `{{${m}}}`).join(', ')}`);
    return template;
}
/** Fills `{{name}}` placeholders (in one pass, so a value containing `{{x}}` is never expanded again). */
export function fillPlaceholders(text, values) {
    return text.replace(/\{\{(\w+)\}\}/g, (whole, name) => values[name] ?? whole);
}
/** Renders a template into chat messages. */
export function renderPromptTemplate(template, values) {
    return [
        { role: 'system', content: fillPlaceholders(template.system, values) },
        { role: 'user', content: fillPlaceholders(template.user, values) },
    ];
}
//# sourceMappingURL=prompt-template.js.map