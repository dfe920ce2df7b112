import type { ChatMessage } from '../llm/types.js';
/** A parsed prompt template. */
export interface PromptTemplate {
    id: string;
    version: string;
    system: string;
    user: string;
    /** Where it came from, for messages. */
    file: string;
}
/**
 * Parses template text. Throws {@link JudgePromptTemplateError} when the `id:`/`version:` header or a part is
 * missing, or when a `required` placeholder is absent.
 */
export declare function parsePromptTemplate(text: string, file: string, required?: readonly string[]): PromptTemplate;
/** Fills `{{name}}` placeholders (in one pass, so a value containing `{{x}}` is never expanded again). */
export declare function fillPlaceholders(text: string, values: Record<string, string>): string;
/** Renders a template into chat messages. */
export declare function renderPromptTemplate(template: PromptTemplate, values: Record<string, string>): ChatMessage[];
