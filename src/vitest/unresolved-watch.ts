/**
 * Watches the case records as they arrive (in the main process, across every worker) and says when the run
 * must stop because the system's source references do not resolve (see `src/sources/unresolved-budget.ts`).
 */
import type { CaseRecord } from '../scorecard/case-record.ts'
import { addCase, defaultUnresolvedBudget, emptyTally, shouldStop, unresolvedMessage, type UnresolvedBudget, type UnresolvedTally } from '../sources/unresolved-budget.ts'

/** The run-wide tally of unresolved references, and the stop message once it trips. */
export class UnresolvedSourcesWatch {
  private tally: UnresolvedTally = emptyTally()
  /** Set once the budget is exceeded; the run is then stopped and fails with this message. */
  stopMessage: string | undefined

  constructor(private readonly budget: UnresolvedBudget = defaultUnresolvedBudget) {}

  /** Starts a new run. */
  reset(): void {
    this.tally = emptyTally()
    this.stopMessage = undefined
  }

  /** Adds one case; returns the stop message the first time the budget is exceeded, else undefined. */
  add(record: CaseRecord | undefined): string | undefined {
    if (this.stopMessage !== undefined || !record?.sources) return undefined
    this.tally = addCase(this.tally, { caseId: record.caseId, references: record.sources.references, unresolvedCount: record.sources.unresolvedCount, unresolved: record.sources.unresolved })
    if (!shouldStop(this.tally, this.budget)) return undefined
    this.stopMessage = unresolvedMessage(this.tally)
    return this.stopMessage
  }
}
