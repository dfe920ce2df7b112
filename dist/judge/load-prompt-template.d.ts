import { type PromptTemplate } from './prompt-template.js';
/** The answer judge's template shipped with vitest-rag. */
export declare const DEFAULT_JUDGE_TEMPLATE_PATH: string;
/** The graded-relevance (UMBRELA) judge's template shipped with vitest-rag. */
export declare const DEFAULT_RELEVANCE_TEMPLATE_PATH: string;
/** Placeholders the answer judge's template must hold. */
export declare const JUDGE_TEMPLATE_PLACEHOLDERS: readonly ["rubric", "question", "sources", "answer", "abstained", "reference_answer"];
/** Placeholders the relevance judge's template must hold. */
export declare const RELEVANCE_TEMPLATE_PLACEHOLDERS: readonly ["query", "passage"];
/** Reads and parses a template file; a missing file is a {@link JudgePromptTemplateError} naming it. */
export declare function loadPromptTemplate(path: string, required?: readonly string[]): PromptTemplate;
/** The answer judge's template (default: `evals/prompts/judge.md`). */
export declare function loadJudgePromptTemplate(path?: string): PromptTemplate;
/** The relevance judge's template (default: `evals/prompts/judge-relevance.md`). */
export declare function loadRelevancePromptTemplate(path?: string): PromptTemplate;
