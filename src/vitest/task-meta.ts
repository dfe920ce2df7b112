/**
 * The channel from a golden case's test to the reporter, on Vitest's `TaskMeta` (it survives worker boundaries
 * and blob merges): `task.meta.rag` holds the case's record as one JSON string, `task.meta.ragTally` the few
 * figures the main process watches while the run goes on (spend, unresolved sources).
 *
 * Why a string and not the record object: Vitest keeps every test's meta in the worker's and the main
 * process's task trees for the whole run, and serialises it across the process boundary. A record of ~2 KB of
 * JSON is several times that as objects on both heaps, and the structured-clone walk of 30-odd nested objects
 * per case was a tenth of the worker's time at 6,000 cases; one string is copied, held compactly, and parsed
 * once, by the reporter, when it builds the scorecard.
 */
import type { CaseRecord, RecordedExpected } from '../scorecard/case-record.ts'
// The module this file augments, imported so the augmentation holds in any program that includes this file
// (a consumer's type check that reaches it through the package entry, not only Vitest's own test files).
import type {} from 'vitest'

/** What live watchers read of a case as it finishes, without parsing its record. */
export interface CaseTally {
  /** Model spend of the case, USD. */
  costUsd: number
  /** How the sources the system named resolved (absent when the case never reached resolution). */
  sources?: NonNullable<CaseRecord['sources']>
}

declare module 'vitest' {
  interface TaskMeta {
    /** The vitest-rag record of a golden case, encoded by {@link encodeCaseRecord}. */
    rag?: string
    /** The figures of the case that watchers read while the run goes on. */
    ragTally?: CaseTally
  }
}

/**
 * Encodes a record for `task.meta.rag`. Lists the record repeats are left out and restored by
 * {@link decodeCaseRecord}: the qrels at the scored level when they are the expected chunks (chunk level), and
 * the ranked ids when they are the retrieved chunk ids.
 */
export function encodeCaseRecord(record: CaseRecord): string {
  const { judged, ranked } = record.retrieval
  const sameJudged = judged !== undefined && sameExpected(judged, record.retrieval.expected)
  const sameRanked = ranked !== undefined && ranked.length === record.retrieval.retrieved.length && ranked.every((id, i) => id === record.retrieval.retrieved[i]!.chunkId)
  if (!sameJudged && !sameRanked) return JSON.stringify(record)
  const retrieval = { ...record.retrieval, ...(sameJudged ? { judged: SAME } : {}), ...(sameRanked ? { ranked: SAME } : {}) }
  return JSON.stringify({ ...record, retrieval })
}

/** The record of `task.meta.rag`, or undefined when the case left none. */
export function decodeCaseRecord(encoded: string | undefined): CaseRecord | undefined {
  if (encoded === undefined) return undefined
  const record = JSON.parse(encoded) as CaseRecord
  const retrieval: Omit<CaseRecord['retrieval'], 'judged' | 'ranked'> & { judged?: unknown; ranked?: unknown } = record.retrieval
  if (retrieval.judged === SAME) record.retrieval.judged = retrieval.expected.map((e) => ({ ...e }))
  if (retrieval.ranked === SAME) record.retrieval.ranked = retrieval.retrieved.map((h) => h.chunkId)
  return record
}

/** The tally of a record, for `task.meta.ragTally`. */
export function caseTally(record: CaseRecord): CaseTally {
  return { costUsd: record.usage.costUsd, ...(record.sources ? { sources: record.sources } : {}) }
}

/** Marks a list left out because it equals another one of the record (never a real list: those are arrays). */
const SAME = '=' as const

function sameExpected(a: RecordedExpected[], b: RecordedExpected[]): boolean {
  return a.length === b.length && a.every((e, i) => e.chunkId === b[i]!.chunkId && e.grade === b[i]!.grade)
}
