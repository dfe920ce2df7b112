/**
 * Reading prompt template files (the I/O half of `prompt.ts`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GenerationError } from "./errors.js";
import { parsePromptTemplate } from "./prompt.js";
/** The bundled templates' folder: `evals/prompts/` at the package root. */
export const defaultPromptsDir = fileURLToPath(new URL('../../evals/prompts/', import.meta.url));
/** Reads and parses a template file (`id`, `version` from its front matter, `text` after it). */
export function loadPromptTemplate(path) {
    let source;
    try {
        source = readFileSync(path, 'utf8');
    }
    catch (error) {
        throw new GenerationError('PROMPT_TEMPLATE_NOT_FOUND', `cannot read prompt template "${path}" (${error.code ?? String(error)}); check the path or the "promptsDir" option`);
    }
    return parsePromptTemplate(source, path);
}
//# sourceMappingURL=load-prompt.js.map