/**
 * Error class for corpora: thrown by a loader when its input has problems, carrying all of them.
 */
import { formatProblems, type Problem } from '../shared/problems/problems.ts'
import type { CodeOf } from '../shared/util/error-code-types.ts'
import { VitestRagError } from '../shared/util/errors.ts'

/** A corpus has bad input (a malformed changelog line, a duplicate ticket id, a missing folder...). */
export class CorpusError extends VitestRagError<CodeOf<'CorpusError'>> {
  readonly problems: Problem[]
  constructor(root: string, problems: Problem[]) {
    super(
      'VITEST_RAG_CORPUS_INVALID',
      `${problems.length} problem${problems.length === 1 ? '' : 's'} in corpus ${root}:\n${formatProblems(problems)}`,
    )
    this.problems = problems
  }
}

/** A chunker spec string that does not parse, e.g. `fixed:800/900` (overlap must be smaller than size). */
export class ChunkerSpecError extends VitestRagError<CodeOf<'ChunkerSpecError'>> {
  constructor(spec: string, reason: string) {
    super(
      'VITEST_RAG_CHUNKER_SPEC',
      `chunker spec ${JSON.stringify(spec)} is invalid: ${reason} (expected "fixed", "fixed:<size>/<overlap>" such as "fixed:800/100", "structural" or "structural:<maxSize>/<overlap>")`,
    )
  }
}

/** A manifest file that cannot be read as a version-1 manifest. */
export class ManifestError extends VitestRagError<CodeOf<'ManifestError'>> {
  constructor(path: string, reason: string) {
    super(
      'VITEST_RAG_MANIFEST_INVALID',
      `manifest ${path} ${reason} (fix: re-record it with \`vitest-rag verify --write\`)`,
    )
  }
}
