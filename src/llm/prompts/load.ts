/**
 * Reading prompt template files (the I/O half of `template.ts`): the bundled folder, each bundled prompt's
 * placeholder contract, and the one loader every stage uses.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PromptTemplateError } from './errors.ts'
import { parsePromptTemplate, type PromptContract, type PromptTemplate } from './template.ts'

/** The bundled templates' folder: `evals/prompts/` at the package root. */
export const BUNDLED_PROMPTS_DIR: string = fileURLToPath(new URL('../../../evals/prompts', import.meta.url))

/**
 * Every prompt vitest-rag sends, by file name, with the placeholders its caller fills. A user's edited copy
 * (in the `prompts` folder, or `calibrate --template`) is checked against the same contract.
 */
export const PROMPT_CONTRACTS = {
  /** The reference pipeline's answer. */
  'answer.md': { required: ['sources', 'query'], optional: ['history'] },
  /** The reference pipeline's follow-up rewrite. */
  'rewrite.md': { required: ['history', 'query'] },
  /** The answer judge. */
  'judge.md': { required: ['rubric', 'question', 'sources', 'answer', 'abstained', 'reference_answer'] },
  /** The graded-relevance (UMBRELA) judge. */
  'judge-relevance.md': { required: ['query', 'passage'] },
  /** Claim extraction (claim metrics). */
  'claims-extract.md': { required: ['question', 'text'] },
  /** Claim verification (claim metrics): every claim of a case against its passages, one call. */
  'claims-verify.md': { required: ['claims', 'passages'] },
  /** Response relevancy (`responseRelevancy: 'model'`): the questions an answer answers, and whether it commits. */
  'response-relevancy.md': { required: ['answer', 'count'] },
  /** Question synthesis (`synthesize`). */
  'synthesize-question.md': { required: ['passage'], optional: ['title'] },
} as const satisfies Record<string, PromptContract>

/** The name of a prompt vitest-rag sends (`answer.md`, `judge.md`, ...). */
export type PromptName = keyof typeof PROMPT_CONTRACTS

/**
 * Reads and parses the template at `path` that serves as prompt `name`, checking its placeholders against
 * that prompt's contract. An unreadable file or an invalid template is a {@link PromptTemplateError}
 * listing every problem.
 */
export function loadPromptTemplate(path: string, name: PromptName): PromptTemplate {
  let source: string
  try {
    source = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    throw new PromptTemplateError('VITEST_RAG_PROMPT_TEMPLATE_NOT_FOUND', [
      {
        code: 'unreadable',
        file: path,
        path: '',
        message: `cannot be read (${code})`,
        fix: `check the path; the bundled ${name} is in evals/prompts/`,
      },
    ])
  }
  return parsePromptTemplate(source, path, PROMPT_CONTRACTS[name])
}

/** The bundled template of prompt `name` (`evals/prompts/<name>`). */
export function loadBundledPrompt(name: PromptName): PromptTemplate {
  return loadPromptTemplate(join(BUNDLED_PROMPTS_DIR, name), name)
}
