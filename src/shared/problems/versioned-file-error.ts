/**
 * The one error of the versioned artifacts a run reads back (the baseline, the scorecard): a file another
 * harness version wrote, or one that is not the artifact's shape. The message names the file, what is wrong
 * and how to get a readable one again; the code says which artifact and which failure.
 */
import type { CodeOf } from '../util/error-code-types.ts'
import { VitestRagError } from '../util/errors.ts'
import type { VersionedJsonFailure } from './versioned-json.ts'

/** The artifacts read through {@link VersionedFileError}. */
export type VersionedArtifact = 'baseline' | 'scorecard'

/** `VITEST_RAG_BASELINE_VERSION`, `VITEST_RAG_SCORECARD_FORMAT`, ...: artifact and failure. */
export type VersionedFileErrorCode = CodeOf<'VersionedFileError'>

const CODES: Record<VersionedArtifact, Record<VersionedJsonFailure['kind'], VersionedFileErrorCode>> = {
  baseline: { version: 'VITEST_RAG_BASELINE_VERSION', format: 'VITEST_RAG_BASELINE_FORMAT' },
  scorecard: { version: 'VITEST_RAG_SCORECARD_VERSION', format: 'VITEST_RAG_SCORECARD_FORMAT' },
}

/** How a user gets a readable artifact again, after each failure. */
const REMEDIES: Record<VersionedArtifact, Record<VersionedJsonFailure['kind'], string>> = {
  baseline: {
    version: 're-run the evals and accept a new baseline: npx vitest-rag baseline accept',
    format: 'accept a new one: npx vitest-rag baseline accept',
  },
  scorecard: {
    version: 're-run the evals (npx vitest run --project evals) to write a current scorecard',
    format: 'run the evals to write it',
  },
}

function describeFailure(artifact: VersionedArtifact, source: string, failure: VersionedJsonFailure): string {
  return failure.kind === 'version'
    ? `${source} is a ${artifact} of version ${JSON.stringify(failure.found)}, this harness reads version ${failure.expected}`
    : `${source} is not a valid ${artifact}: ${failure.detail}`
}

/**
 * A baseline or scorecard file that cannot be used. Example message:
 * `vitest-rag: baselines/evals.json is a baseline of version 1, this harness reads version 2; re-run the
 * evals and accept a new baseline: npx vitest-rag baseline accept`.
 */
export class VersionedFileError extends VitestRagError<VersionedFileErrorCode> {
  readonly artifact: VersionedArtifact
  readonly failure: VersionedJsonFailure['kind']
  constructor(artifact: VersionedArtifact, source: string, failure: VersionedJsonFailure) {
    super(
      CODES[artifact][failure.kind],
      `${describeFailure(artifact, source, failure)}; ${REMEDIES[artifact][failure.kind]}`,
    )
    this.artifact = artifact
    this.failure = failure.kind
  }
}
