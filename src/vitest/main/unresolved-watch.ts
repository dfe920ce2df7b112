/**
 * Watches the case records as they arrive (in the main process, across every worker) and says when the run
 * must stop because the system's source references do not resolve (see `src/system/sources/unresolved-budget.ts`).
 * Cases finish in any order; the budget is judged on the cases that finished in golden order (the longest
 * prefix of each golden file's cases, files by path, with every case of it reported), so the same system
 * stops after the same cases, with the same message, however the workers interleave.
 */
import type { CaseRecord } from '../../evaluation/case-record.ts'
import {
  addCase,
  defaultUnresolvedBudget,
  emptyTally,
  shouldStop,
  unresolvedMessage,
  type UnresolvedBudget,
  type UnresolvedTally,
} from '../../system/sources/unresolved-budget.ts'

/** The run-wide tally of unresolved references, and the stop message once it trips. */
export class UnresolvedSourcesWatch {
  private tally: UnresolvedTally = emptyTally()
  /** Case ids of each golden module, in file order, by module id. */
  private readonly order = new Map<string, readonly string[]>()
  /** The case ids of every module in golden order (modules by id), rebuilt only when a module is added. */
  private golden: readonly string[] = []
  private readonly arrived = new Map<string, CaseRecord | undefined>()
  /** How many cases of the golden order are already in the tally. */
  private counted = 0
  /** Set once the budget is exceeded; the run is then stopped and fails with this message. */
  stopMessage: string | undefined

  constructor(private readonly budget: UnresolvedBudget = defaultUnresolvedBudget) {}

  /** Starts a new run. */
  reset(): void {
    this.tally = emptyTally()
    this.order.clear()
    this.golden = []
    this.arrived.clear()
    this.counted = 0
    this.stopMessage = undefined
  }

  /**
   * Adds one case of the golden module `moduleId`, whose cases are `caseIds` in file order; returns the stop
   * message the first time the budget is exceeded over the cases finished in golden order, else undefined.
   */
  add(
    caseId: string,
    record: CaseRecord | undefined,
    moduleId = '',
    caseIds: readonly string[] = [caseId],
  ): string | undefined {
    if (this.stopMessage !== undefined) return undefined
    if (!this.order.has(moduleId)) {
      this.order.set(moduleId, caseIds)
      // Once per module, not per case: rebuilding it per case made a 6,078-case run quadratic (9 s of its main
      // process).
      this.golden = [...this.order.keys()].sort().flatMap((id) => this.order.get(id) ?? [])
      // A module that sorts before one already counted moves that one's cases later in the golden order: the
      // counted prefix is no longer a prefix, so count again from the start (else its cases would be counted twice
      // and the new module's skipped).
      this.tally = emptyTally()
      this.counted = 0
    }
    this.arrived.set(caseId, record)
    const golden = this.golden
    while (this.counted < golden.length && this.arrived.has(golden[this.counted]!)) {
      const next = this.arrived.get(golden[this.counted]!)
      this.counted += 1
      if (next?.sources)
        this.tally = addCase(this.tally, {
          caseId: next.caseId,
          references: next.sources.references,
          unresolvedCount: next.sources.unresolvedCount,
          unresolved: next.sources.unresolved,
        })
      if (shouldStop(this.tally, this.budget)) {
        this.stopMessage = unresolvedMessage(this.tally)
        return this.stopMessage
      }
    }
    return undefined
  }
}
