/**
 * Error classes of the golden-set life cycle (build, synthesize, feedback, promote), each with a stable code
 * and a message that names the file and says the fix.
 */
import { formatProblems, type Problem } from '../../shared/problems/problems.ts'
import type { CodeOf } from '../../shared/util/error-code-types.ts'
import { VitestRagError } from '../../shared/util/errors.ts'

/** A labelled corpus or rows folder has problems; every one is listed. */
export class TestsetInputError extends VitestRagError<CodeOf<'TestsetInputError'>> {
  readonly problems: Problem[]
  constructor(source: string, problems: Problem[]) {
    super(
      'VITEST_RAG_TESTSET_INPUT',
      `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${source}:\n${formatProblems(problems)}`,
    )
    this.problems = problems
  }
}

/** A feedback or promote request names a run or case that does not exist, or a file is malformed. */
export class FeedbackError extends VitestRagError<CodeOf<'FeedbackError'>> {
  constructor(message: string) {
    super('VITEST_RAG_FEEDBACK', message)
  }
}

/** A multi-file write failed; none of its files changed. */
export class AtomicPairError extends VitestRagError<CodeOf<'AtomicPairError'>> {
  constructor(message: string, options?: { cause?: unknown }) {
    super('VITEST_RAG_ATOMIC_WRITE', message, options)
  }
}
