/**
 * Step 1 of a case evaluation: resolve every source the system named (retrieved items, shown sources)
 * against the harness's own corpus, and tally how they resolved.
 */
import type { ResolvedOutput } from '../system/resolved-output.ts'
import type { RecordedSources } from './case-record.ts'
import { createSourceResolver, type SourceResolver } from '../system/sources/resolve-source.ts'
import type { SourceResolution } from '../system/sources/types.ts'
import type { PreparedCorpus } from '../corpus/prepare-corpus.ts'

const resolvers = new WeakMap<PreparedCorpus, SourceResolver>()

/** The resolver of a prepared corpus without a source map (built once per corpus). */
export function defaultResolver(prepared: PreparedCorpus): SourceResolver {
  let resolver = resolvers.get(prepared)
  if (!resolver) {
    resolver = createSourceResolver(prepared.corpus.documents, prepared.chunks)
    resolvers.set(prepared, resolver)
  }
  return resolver
}

const documentTexts = new WeakMap<PreparedCorpus, Map<string, string>>()

/**
 * The corpus text a resolved source covers (`doc.text.slice(start, end)`), for a shown source the system sent
 * without its text: the judge then reads what the source says, not nothing.
 */
export function sourceText(prepared: PreparedCorpus, resolution: SourceResolution | undefined): string | undefined {
  if (!resolution?.resolved) return undefined
  let texts = documentTexts.get(prepared)
  if (!texts) {
    texts = new Map(prepared.corpus.documents.map((d) => [d.id, d.text]))
    documentTexts.set(prepared, texts)
  }
  return texts.get(resolution.docId)?.slice(resolution.start, resolution.end)
}

/**
 * Counts references, the unresolved ones (listed once per description), the ambiguous ones and the ways the
 * others resolved; `problems` lists (up to 10) fields that disagreed and references ambiguous between tenants.
 */
export function tallySources(resolved: ResolvedOutput): RecordedSources {
  const all = [...resolved.retrieved, ...resolved.shown]
  const via: RecordedSources['via'] = {}
  const unresolved = new Set<string>()
  const problems = new Set<string>()
  let unresolvedCount = 0
  let ambiguous = 0
  let labelTieBreaks = 0
  for (const r of all) {
    if (r.resolved) {
      via[r.via] = (via[r.via] ?? 0) + 1
      if (r.tieBrokenBy === 'label') labelTieBreaks += 1
      for (const c of r.conflicts ?? [])
        problems.add(`${r.evidence ?? r.docId} is ${r.docId}, but ${c.evidence} is ${c.docId}`)
    } else if (r.ambiguous) {
      ambiguous += 1
      const placed = r.ambiguous.evidence?.map((e) => `${e.evidence} is ${e.docId}`).join(', but ')
      problems.add(
        placed ??
          `${r.reference} is ambiguous between tenants ${r.ambiguous.tenants.join(', ')} (${r.ambiguous.docIds.join(', ')})`,
      )
    } else {
      unresolvedCount += 1
      unresolved.add(r.reference)
    }
  }
  return {
    references: all.length,
    unresolvedCount,
    unresolved: [...unresolved],
    via,
    ...(ambiguous > 0 ? { ambiguous } : {}),
    ...(labelTieBreaks > 0 ? { labelTieBreaks } : {}),
    ...(problems.size > 0 ? { problems: [...problems].slice(0, 10) } : {}),
  }
}
