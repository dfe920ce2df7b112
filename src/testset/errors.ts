/**
 * Error classes of the golden-set life cycle (build, synthesize, feedback, promote), each with a stable code
 * and a message that names the file and says the fix.
 */
import { formatProblems, type Problem } from '../cases/problems.ts'

/** A labelled corpus or rows folder has problems; every one is listed. */
export class TestsetInputError extends Error {
  readonly code = 'VITEST_RAG_TESTSET_INPUT'
  readonly problems: Problem[]
  constructor(source: string, problems: Problem[]) {
    super(`vitest-rag: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${source}:\n${formatProblems(problems)}`)
    this.name = 'TestsetInputError'
    this.problems = problems
  }
}

/** A feedback or promote request names a run or case that does not exist, or a file is malformed. */
export class FeedbackError extends Error {
  readonly code = 'VITEST_RAG_FEEDBACK'
  constructor(message: string) {
    super(`vitest-rag: ${message}`)
    this.name = 'FeedbackError'
  }
}

/** A multi-file write failed; none of its files changed. */
export class AtomicPairError extends Error {
  readonly code = 'VITEST_RAG_ATOMIC_WRITE'
  constructor(message: string, options?: { cause?: unknown }) {
    super(`vitest-rag: ${message}`, options)
    this.name = 'AtomicPairError'
  }
}
