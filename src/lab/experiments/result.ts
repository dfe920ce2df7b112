/**
 * The versioned JSON result every experiment command writes: what ran (command line, configuration
 * snapshot, golden set and corpus identity), the printed table, and the command's own data. Pure.
 */
import type { TextTable } from './text-table.ts'

/**
 * Version of the {@link ExperimentResult} shape. Bump on an incompatible change; readers refuse another
 * version with a message saying to re-run the experiment.
 */
export const EXPERIMENT_RESULT_VERSION = 1

/** The experiment commands. */
export type ExperimentKind = 'eval-retrieval' | 'chunking-experiment' | 'tune' | 'compare' | 'noise'

/** One experiment's result document. `T` is the command's own data. */
export interface ExperimentResult<T = unknown> {
  version: typeof EXPERIMENT_RESULT_VERSION
  kind: ExperimentKind
  harnessVersion: string
  /** ISO timestamp of the run's end. */
  createdAt: string
  /** The arguments after `vitest-rag`, as typed. */
  argv: string[]
  /** The configuration the experiment ran with (secrets removed), shaped like a scorecard's `configSnapshot`. */
  configSnapshot: unknown
  /** Identity of what was evaluated, so two results can be told apart or paired. */
  goldenSetHash?: string
  corpusFingerprint?: string
  /** Golden cases evaluated. */
  cases: number
  /** The table the command printed (cells as printed). */
  table: TextTable
  data: T
}

/** The result as written: pretty JSON ending with a newline. */
export function serializeExperimentResult(result: ExperimentResult): string {
  return `${JSON.stringify(result, null, 2)}\n`
}
