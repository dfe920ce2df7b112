/**
 * How the sources the system named resolved over a run, and the level each case's retrieval was scored at.
 * Pure: records in, a section out.
 */
import type { ResolvedVia, RetrievalLevel } from '../../system/sources/types.ts'
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { inCaseIdOrder } from './case-order.ts'

/** Source resolution over the run; an unresolved reference is a per-case problem listed here. */
export interface SourcesSection {
  /** References the system named (retrieved items and shown sources). */
  references: number
  unresolved: number
  /** Resolved references per way of resolving (`id`, `locator`, `source_map`, `text`). */
  byVia: Partial<Record<ResolvedVia, number>>
  /** Cases per retrieval level: the level each case's retrieval metrics were computed at. */
  levels: Partial<Record<RetrievalLevel, number>>
  /** The run's level: the one level of every case, or `mixed`; absent when no case was scored. */
  level?: RetrievalLevel | 'mixed'
  /** References ambiguous between tenants (never credited, each a tenancy failure). Absent: none. */
  ambiguous?: number
  /** References whose tie between tenants the system's own label settled, under `tenancy: 'label'`. Absent: none. */
  labelTieBreaks?: number
  /** Cases with references that name nothing in the corpus, in case order. */
  problems: Array<{ caseId: string; file: string; line: number; unresolved: string[] }>
}

/**
 * Sums the per-case source tallies. Example: case A named 10 references, 2 unresolved, at chunk level; case B
 * 5, none unresolved, at chunk level -> references 15, unresolved 2, levels { chunk: 2 }, level chunk.
 */
export function summarizeSources(records: readonly CaseRecord[]): SourcesSection {
  const section: SourcesSection = { references: 0, unresolved: 0, byVia: {}, levels: {}, problems: [] }
  for (const r of inCaseIdOrder(records, (record) => record.caseId)) {
    const level = r.retrieval.level
    if (level !== undefined && r.retrieval.scored && r.error === undefined)
      section.levels[level] = (section.levels[level] ?? 0) + 1
    if (!r.sources) continue
    section.references += r.sources.references
    section.unresolved += r.sources.unresolvedCount
    if (r.sources.ambiguous) section.ambiguous = (section.ambiguous ?? 0) + r.sources.ambiguous
    if (r.sources.labelTieBreaks) section.labelTieBreaks = (section.labelTieBreaks ?? 0) + r.sources.labelTieBreaks
    for (const [via, n] of Object.entries(r.sources.via) as Array<[ResolvedVia, number]>)
      section.byVia[via] = (section.byVia[via] ?? 0) + n
    if (r.sources.unresolved.length > 0)
      section.problems.push({ caseId: r.caseId, file: r.file, line: r.line, unresolved: [...r.sources.unresolved] })
  }
  const levels = Object.keys(section.levels) as RetrievalLevel[]
  if (levels.length === 1) section.level = levels[0]
  else if (levels.length > 1) section.level = 'mixed'
  return section
}

/**
 * One line naming the level(s) of the retrieval metrics, for the console and Markdown, and the references
 * that were ambiguous or placed by the system's label. Example: `chunk level (85 cases)`.
 */
export function levelLine(section: SourcesSection): string {
  const parts = (Object.entries(section.levels) as Array<[RetrievalLevel, number]>).map(
    ([level, n]) => `${level} level (${n} case${n === 1 ? '' : 's'})`,
  )
  const levels = parts.length === 0 ? 'no scored cases' : parts.join(', ')
  const ambiguous = section.ambiguous
    ? `; ${section.ambiguous} reference(s) ambiguous between tenants, not credited`
    : ''
  const labelled = section.labelTieBreaks
    ? `; ${section.labelTieBreaks} reference(s) placed by the system's own tenant label (tenancy: 'label')`
    : ''
  return levels + ambiguous + labelled
}

/** ` (41 clusters)` when the run's cases form fewer clusters than cases, else nothing. */
export function clusterNote(run: { cases: number; clusters?: number }): string {
  return run.clusters !== undefined && run.clusters < run.cases ? ` (${run.clusters} clusters)` : ''
}
