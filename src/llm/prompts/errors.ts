/**
 * The prompt templates' errors, with stable codes. A template's problems are collected as a list and thrown
 * together, so a user fixes an edited template in one pass.
 */
import { formatProblems, type Problem } from '../../shared/problems/problems.ts'
import type { CodeOf } from '../../shared/util/error-code-types.ts'
import { VitestRagError } from '../../shared/util/errors.ts'

/** The stable codes of {@link PromptTemplateError}. */
export type PromptTemplateErrorCode = CodeOf<'PromptTemplateError'>

/** A prompt template that cannot be read, parsed or rendered; `problems` lists what to fix. */
export class PromptTemplateError extends VitestRagError<PromptTemplateErrorCode> {
  readonly problems: Problem[]
  constructor(code: PromptTemplateErrorCode, problems: Problem[]) {
    const files = [...new Set(problems.map((p) => p.file))].join(', ')
    const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`
    super(code, `prompt template ${files}: ${count}:\n${formatProblems(problems)}`)
    this.problems = problems
  }
}
