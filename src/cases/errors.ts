/**
 * Error classes for golden cases: thrown at the I/O edge when the data-level problem list is not empty.
 * Each carries the full list (never just the first) and a message that renders all of them.
 */
import { countProblemKinds, formatProblems, type Problem } from '../shared/problems/problems.ts'
import type { CodeOf } from '../shared/util/error-code-types.ts'
import { VitestRagError } from '../shared/util/errors.ts'

/** A golden file has problems (bad JSON, schema violations, rule failures, duplicate ids). */
export class GoldenFileError extends VitestRagError<CodeOf<'GoldenFileError'>> {
  readonly problems: Problem[]
  constructor(problems: Problem[]) {
    const files = [...new Set(problems.map((p) => p.file))].join(', ')
    super(
      'VITEST_RAG_GOLDEN_INVALID',
      `${problems.length} problem${problems.length === 1 ? '' : 's'} in golden file ${files}:\n${formatProblems(problems)}`,
    )
    this.problems = problems
  }
}

/** Golden cases point at nothing in the corpus (unknown tenant, slug, heading, entry, ticket, id, span); the heading counts them by kind. */
export class UnresolvedLocatorsError extends VitestRagError<CodeOf<'UnresolvedLocatorsError'>> {
  readonly problems: Problem[]
  constructor(problems: Problem[]) {
    super(
      'VITEST_RAG_UNRESOLVED_LOCATORS',
      `${problems.length} golden-case problem${problems.length === 1 ? '' : 's'} against the corpus (${countProblemKinds(problems)}); fix the golden file or the corpus:\n${formatProblems(problems)}`,
    )
    this.problems = problems
  }
}
