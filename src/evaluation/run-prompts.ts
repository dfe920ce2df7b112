/**
 * The prompt templates a run sends, read once: the runtime uses them, and the global setup reads them first so
 * a broken template (a user's edited copy in the `prompts` folder) stops the run once, with every problem in
 * every template listed, instead of failing each test file with the first one.
 */
import { promptPath } from '../config/resolve.ts'
import type { RagEvalConfig } from '../config/schema.ts'
import { PromptTemplateError } from '../llm/prompts/errors.ts'
import { loadPromptTemplate, type PromptName } from '../llm/prompts/load.ts'
import type { PromptTemplate } from '../llm/prompts/template.ts'

/** The prompts `config` sends: the reference pipeline's answer and rewrite, the model judge's, response relevancy's. */
export function runPromptNames(config: RagEvalConfig): PromptName[] {
  const names: PromptName[] = config.adapter.kind === 'reference' ? ['answer.md', 'rewrite.md'] : []
  if (config.mode === 'system' && config.judge === 'model') names.push('judge.md')
  if (config.mode === 'system' && config.responseRelevancy === 'model') names.push('response-relevancy.md')
  return names
}

/** Loads one of the run's templates: the `prompts` folder's copy, else the bundled one. */
export function loadRunPrompt(config: RagEvalConfig, name: PromptName): PromptTemplate {
  return loadPromptTemplate(promptPath(config, name), name)
}

/** Reads every template the run sends; one {@link PromptTemplateError} lists the problems of all of them. */
export function checkRunPrompts(config: RagEvalConfig): void {
  const errors = runPromptNames(config).flatMap((name) => {
    try {
      loadRunPrompt(config, name)
      return []
    } catch (error) {
      if (error instanceof PromptTemplateError) return [error]
      throw error
    }
  })
  if (errors.length === 0) return
  const code = errors.some((e) => e.code === 'VITEST_RAG_PROMPT_TEMPLATE_INVALID')
    ? 'VITEST_RAG_PROMPT_TEMPLATE_INVALID'
    : errors[0]!.code
  throw new PromptTemplateError(
    code,
    errors.flatMap((e) => e.problems),
  )
}
