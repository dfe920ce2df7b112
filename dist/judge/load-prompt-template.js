/**
 * Reads a judge prompt template file (I/O beside the pure `prompt-template.ts`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { JudgePromptTemplateError } from "./errors.js";
import { parsePromptTemplate } from "./prompt-template.js";
/** The answer judge's template shipped with vitest-rag. */
export const DEFAULT_JUDGE_TEMPLATE_PATH = fileURLToPath(new URL('../../evals/prompts/judge.md', import.meta.url));
/** The graded-relevance (UMBRELA) judge's template shipped with vitest-rag. */
export const DEFAULT_RELEVANCE_TEMPLATE_PATH = fileURLToPath(new URL('../../evals/prompts/judge-relevance.md', import.meta.url));
/** Placeholders the answer judge's template must hold. */
export const JUDGE_TEMPLATE_PLACEHOLDERS = ['rubric', 'question', 'sources', 'answer', 'abstained', 'reference_answer'];
/** Placeholders the relevance judge's template must hold. */
export const RELEVANCE_TEMPLATE_PLACEHOLDERS = ['query', 'passage'];
/** Reads and parses a template file; a missing file is a {@link JudgePromptTemplateError} naming it. */
export function loadPromptTemplate(path, required = []) {
    let text;
    try {
        text = readFileSync(path, 'utf8');
    }
    catch {
        throw new JudgePromptTemplateError(path, 'cannot be read; check the path (the default lives in evals/prompts/)');
    }
    return parsePromptTemplate(text, path, required);
}
/** The answer judge's template (default: `evals/prompts/judge.md`). */
export function loadJudgePromptTemplate(path = DEFAULT_JUDGE_TEMPLATE_PATH) {
    return loadPromptTemplate(path, JUDGE_TEMPLATE_PLACEHOLDERS);
}
/** The relevance judge's template (default: `evals/prompts/judge-relevance.md`). */
export function loadRelevancePromptTemplate(path = DEFAULT_RELEVANCE_TEMPLATE_PATH) {
    return loadPromptTemplate(path, RELEVANCE_TEMPLATE_PLACEHOLDERS);
}
//# sourceMappingURL=load-prompt-template.js.map