/**
 * Why a run stops early, watched in the main process as case records arrive from every worker: the system's
 * source references do not resolve (`unresolved-watch.ts`), or the system under test failed on each of the
 * first cases (down, unreachable, answering errors), when every further case would fail the same way.
 */
import type { RagEvalConfig } from '../../config/schema.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { UnresolvedSourcesWatch } from './unresolved-watch.ts'

/** The failure the scorecard records for a run stopped because its system failed from the start. */
export const SYSTEM_DOWN_FAILURE =
  'vitest-rag: the run was stopped because the system under test failed on every case it started with (the message above names the first failure); the gate fails closed.'

/**
 * The one message of a run whose first `count` cases all failed in the system, e.g. `... failed on each of the
 * first 3 cases; the first: POST http://127.0.0.1:8787/rag failed for case c1: connection refused`.
 */
export function systemDownMessage(count: number, first: string): string {
  return [
    `vitest-rag: the run stopped: the system under test failed on each of the first ${count} cases, so every other case would fail the same way; the first:`,
    `  ${first.replace(/^vitest-rag: /, '')}`,
    'Check that the system is running and reachable at the configured adapter (adapter.url or adapter.path), then re-run.',
    `(ragEval({ stopAfterSystemFailures: N }) sets how many failures at the start stop a run; 0 never stops.)`,
  ].join('\n')
}

/** The consecutive system failures at the start of a run; trips once `limit` are seen (never when 0). */
export class SystemFailureWatch {
  private failures = 0
  private first: string | undefined
  /** Whether the start of the run is over: a case reached the system, or the limit was reached. */
  private settled = false
  /** Set once the run must stop. */
  stopMessage: string | undefined

  constructor(private readonly limit: number) {}

  /** Starts a new run. */
  reset(): void {
    this.failures = 0
    this.first = undefined
    this.settled = false
    this.stopMessage = undefined
  }

  /** Adds one case; returns the stop message the first time the limit is reached, else undefined. */
  add(record: CaseRecord | undefined): string | undefined {
    if (this.settled || this.limit === 0 || !record) return undefined
    if (record.systemFailed !== true) {
      this.settled = true
      return undefined
    }
    this.failures++
    this.first ??= record.error ?? 'no error message'
    if (this.failures < this.limit) return undefined
    this.settled = true
    this.stopMessage = systemDownMessage(this.failures, this.first)
    return this.stopMessage
  }
}

/** Both early stops of a run, fed every case record; the first to trip stops the run. */
export class RunStopWatch {
  private readonly unresolved: UnresolvedSourcesWatch
  private readonly system: SystemFailureWatch

  constructor(config: Pick<RagEvalConfig, 'unresolvedSources' | 'stopAfterSystemFailures'>) {
    this.unresolved = new UnresolvedSourcesWatch(config.unresolvedSources)
    // Undefined in a config resolved before the option existed (a record written by an older harness).
    this.system = new SystemFailureWatch(config.stopAfterSystemFailures ?? 3)
  }

  /** Starts a new run. */
  reset(): void {
    this.unresolved.reset()
    this.system.reset()
  }

  /**
   * Adds one case (`caseId`, its record, its golden module and the module's case ids, as the unresolved watch
   * takes them); returns the message to print when the run must stop now, else undefined.
   */
  add(
    caseId: string,
    record: CaseRecord | undefined,
    moduleId?: string,
    caseIds?: readonly string[],
  ): string | undefined {
    if (this.stopFailure !== undefined) return undefined
    return this.system.add(record) ?? this.unresolved.add(caseId, record, moduleId, caseIds)
  }

  /** The run failure the scorecard records when the run was stopped, else undefined. */
  get stopFailure(): string | undefined {
    if (this.system.stopMessage !== undefined) return SYSTEM_DOWN_FAILURE
    if (this.unresolved.stopMessage !== undefined)
      return 'vitest-rag: the run was stopped because the sources the system names do not resolve (the message above shows examples and how to map them); the gate fails closed.'
    return undefined
  }
}
