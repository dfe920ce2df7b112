/**
 * Where a run's relevance grades came from, when it scored retrieval with a pooled qrels file: judged chunks
 * per deciding source, summed over the scored cases, so a reader sees how much of a recall figure rests on
 * the golden file's own locators and how much on model (or heuristic) pooling and human overrides. Pure.
 */
import type { CaseRecord } from '../../evaluation/case-record.ts'

/** Judged chunks per source over the run, and how many scored cases used any pooled (non-golden) grade. */
export interface GradeSourceSection {
  /** Source (`provenance`, `llm`, `heuristic`, `human`) to judged chunks. Example: { provenance: 120, llm: 35 }. */
  bySource: Record<string, number>
  /** Scored cases with at least one grade that did not come from the golden file. */
  casesWithPooledGrades: number
  /** Scored cases that carried grade sources. */
  cases: number
}

/** Sums the records' grade sources; undefined when no record has any (golden grades only). */
export function summarizeGradeSources(records: readonly CaseRecord[]): GradeSourceSection | undefined {
  const withSources = records.filter((r) => r.retrieval.gradeSources !== undefined)
  if (withSources.length === 0) return undefined
  const bySource: Record<string, number> = {}
  let pooledCases = 0
  for (const r of withSources) {
    const sources = r.retrieval.gradeSources ?? {}
    for (const [source, n] of Object.entries(sources)) bySource[source] = (bySource[source] ?? 0) + (n ?? 0)
    if (Object.entries(sources).some(([source, n]) => source !== 'provenance' && (n ?? 0) > 0)) pooledCases += 1
  }
  return { bySource, casesWithPooledGrades: pooledCases, cases: withSources.length }
}

/** One line for the console and Markdown: `provenance 120, llm 35, human 1 (35 of 57 scored cases use pooled grades)`. */
export function describeGradeSources(section: GradeSourceSection): string {
  const order = ['provenance', 'human', 'llm', 'heuristic']
  const parts = Object.entries(section.bySource)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([source, n]) => `${source === 'provenance' ? 'golden' : source} ${n}`)
  return `${parts.join(', ')} (${section.casesWithPooledGrades} of ${section.cases} scored cases use pooled grades)`
}
