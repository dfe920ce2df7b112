import { type PromptTemplate } from './prompt.js';
/** The bundled templates' folder: `evals/prompts/` at the package root. */
export declare const defaultPromptsDir: string;
/** Reads and parses a template file (`id`, `version` from its front matter, `text` after it). */
export declare function loadPromptTemplate(path: string): PromptTemplate;
