/**
 * Resolving what a system names against the harness's own corpus. Every field of a reference is evidence,
 * and the evidence must agree: each field is looked up on its own, in every tenant
 * ({@link ./source-evidence.ts}), then the fields are weighed in a fixed, documented order, no field silently
 * overriding a contradicting one, and no tenant preferred. Pure: corpus in, a resolver function out.
 */
import { buildCorpusIndex } from '../../cases/locate-source.ts'
import type { Chunk, SourceDocument } from '../../corpus/types.ts'
import type { SourceMapFn } from './source-map.ts'
import {
  chunkIdsOf,
  defaultTenantPattern,
  describeField,
  hitsOfId,
  hitsOfKey,
  hitsOfLocator,
  hitsOfPath,
  hitsOfText,
  type Evidence,
  type Hit,
  type Lookup,
} from './source-evidence.ts'
import {
  describeReference,
  type EvidenceConflict,
  type ResolvedVia,
  type SourceReference,
  type SourceResolution,
  type TenancyPolicy,
} from './types.ts'

export { MIN_TEXT_MATCH, defaultTenantPattern } from './source-evidence.ts'

/** Resolves one reference for a case of `caseTenant` (handed to the `sourceMap`; it never breaks a tie). */
export type SourceResolver = (ref: SourceReference, caseTenant: string) => SourceResolution

/** How a resolver settles ties and reads tenants from paths. */
export interface ResolverOptions {
  /** See {@link TenancyPolicy}. Default `strict`. */
  tenancy?: TenancyPolicy
  /** Regular expression whose first group is a path's or URL's tenant. Default {@link defaultTenantPattern}. */
  tenantPattern?: string
}

type Named = Evidence & { via: ResolvedVia }

/** The fields other than text that name something, in order: chunkId, docId, locator, url, path. */
function directEvidence(ref: SourceReference, lookup: Lookup, viaMap?: 'source_map'): Named[] {
  const named: Named[] = []
  const add = (field: Evidence['field'], value: string, via: ResolvedVia, hits: Hit[]) => {
    if (hits.length > 0) named.push({ field, describe: describeField(field, value), via: viaMap ?? via, hits })
  }
  if (ref.chunkId !== undefined) add('chunkId', ref.chunkId, 'id', hitsOfId(ref.chunkId, lookup))
  if (ref.docId !== undefined) {
    const exact = hitsOfId(ref.docId, lookup)
    add(
      'docId',
      ref.docId,
      exact.length > 0 ? 'id' : 'locator',
      exact.length > 0 ? exact : hitsOfKey(ref.docId, lookup),
    )
  }
  if (ref.locator !== undefined)
    add('locator', JSON.stringify(ref.locator), 'locator', hitsOfLocator(ref.locator, lookup))
  // A line field shows in messages as the `#L<n>` fragment it is equivalent to.
  const withLine = (v: string) => (ref.line !== undefined && !/#L\d+$/.test(v) ? `${v}#L${ref.line}` : v)
  if (ref.url !== undefined) add('url', withLine(ref.url), 'locator', hitsOfPath(ref.url, lookup, ref.line))
  if (ref.path !== undefined) add('path', withLine(ref.path), 'locator', hitsOfPath(ref.path, lookup, ref.line))
  return named
}

/** What the user's `sourceMap` makes of the reference (it receives every field), looked up like a field. */
function mappedEvidence(ref: SourceReference, caseTenant: string, lookup: Lookup, sourceMap: SourceMapFn): Named[] {
  const mapped = sourceMap(ref, caseTenant)
  if (mapped === undefined) return []
  const target: SourceReference =
    typeof mapped === 'string' ? { chunkId: mapped, docId: mapped, path: mapped } : { locator: mapped }
  const [first] = directEvidence(target, lookup, 'source_map')
  return first
    ? [{ ...first, field: 'sourceMap', describe: `${describeReference(ref)} (mapped to ${JSON.stringify(mapped)})` }]
    : []
}

interface Weighed {
  hits: Hit[]
  evidence: Named
  conflicts: EvidenceConflict[]
}

const conflictOf = (describe: string, h: Hit): EvidenceConflict => ({
  evidence: describe,
  docId: h.doc.id,
  tenantId: h.doc.tenantId,
})

/**
 * The documents every named field agrees on, at the first field's level (its hits in those documents). When
 * they agree on none, the first field in order wins and every other field's documents are conflicts.
 */
function weigh(named: readonly Named[]): Weighed | undefined {
  const [first] = named
  if (!first) return undefined
  let common = new Set(first.hits.map((h) => h.doc.id))
  for (const e of named.slice(1)) {
    const docs = new Set(e.hits.map((h) => h.doc.id))
    common = new Set([...common].filter((id) => docs.has(id)))
  }
  if (common.size > 0) {
    // Name the field that decided the tenant: the first whose own hits are all in one tenant.
    const decisive = named.find((e) => new Set(e.hits.map((h) => h.doc.tenantId)).size === 1) ?? first
    return { hits: first.hits.filter((h) => common.has(h.doc.id)), evidence: decisive, conflicts: [] }
  }
  const winners = new Set(first.hits.map((h) => h.doc.id))
  const conflicts = named
    .slice(1)
    .flatMap((e) => e.hits.filter((h) => !winners.has(h.doc.id)).map((h) => conflictOf(e.describe, h)))
  return { hits: first.hits, evidence: first, conflicts }
}

/** Weighs the text against the other fields: where it is in none of their documents, the text's documents win. */
function weighText(text: string, weighed: Weighed | undefined, lookup: Lookup): Weighed | undefined {
  const textHits = hitsOfText(text, lookup, weighed?.hits.map((h) => h.doc) ?? [])
  if (textHits.length === 0) return weighed
  const textDocs = new Set(textHits.map((h) => h.doc.id))
  const kept = weighed?.hits.filter((h) => textDocs.has(h.doc.id)) ?? []
  if (weighed && kept.length > 0) return { ...weighed, hits: kept }
  const evidence: Named = { field: 'text', describe: describeField('text', text.trim()), via: 'text', hits: textHits }
  const overruled = weighed ? weighed.hits.map((h) => conflictOf(weighed.evidence.describe, h)) : []
  return { hits: textHits, evidence, conflicts: [...(weighed?.conflicts ?? []), ...overruled] }
}

/** Ambiguous between the tenants of `hits` and of the conflicting fields, with each field's placement. */
function ambiguous(weighed: Weighed, hits: readonly Hit[]): SourceResolution {
  const placed = [...hits.map((h) => conflictOf(weighed.evidence.describe, h)), ...weighed.conflicts]
  const tenants = [...new Set(placed.map((p) => p.tenantId))].sort()
  const docIds = [...new Set(placed.map((p) => p.docId))].sort()
  return {
    resolved: false,
    reference: weighed.evidence.describe,
    ambiguous: { tenants, docIds, ...(weighed.conflicts.length > 0 ? { evidence: placed.slice(0, 5) } : {}) },
  }
}

/**
 * The one document left. Ambiguous (fail closed) when fields disagree across tenants, or when the hits span
 * several tenants; under `tenancy: 'label'` the system's label settles the latter, never the former.
 */
function settle(weighed: Weighed, ref: SourceReference, lookup: Lookup, tenancy: TenancyPolicy): SourceResolution {
  let { hits } = weighed
  const tenants = new Set(hits.map((h) => h.doc.tenantId))
  if (weighed.conflicts.some((c) => !tenants.has(c.tenantId))) return ambiguous(weighed, hits)
  let tieBrokenBy: 'label' | undefined
  if (tenants.size > 1) {
    if (tenancy !== 'label' || ref.tenantId === undefined || !tenants.has(ref.tenantId)) return ambiguous(weighed, hits)
    hits = hits.filter((h) => h.doc.tenantId === ref.tenantId)
    tieBrokenBy = 'label'
  }
  const [hit] = hits as [Hit, ...Hit[]]
  return {
    resolved: true,
    via: weighed.evidence.via,
    level: hit.level,
    docId: hit.doc.id,
    tenantId: hit.doc.tenantId,
    chunkIds: chunkIdsOf(hit, lookup),
    start: hit.start,
    end: hit.end,
    evidence: weighed.evidence.describe,
    ...(weighed.conflicts.length > 0 ? { conflicts: weighed.conflicts.slice(0, 5) } : {}),
    ...(tieBrokenBy ? { tieBrokenBy } : {}),
  }
}

function buildLookup(documents: readonly SourceDocument[], chunks: readonly Chunk[], tenantPattern: string): Lookup {
  const docsByKey = new Map<string, SourceDocument[]>()
  const recordsByLine = new Map<string, SourceDocument>()
  for (const doc of documents) {
    docsByKey.set(doc.key, [...(docsByKey.get(doc.key) ?? []), doc])
    if (doc.line !== undefined && doc.origin !== undefined) recordsByLine.set(`${doc.origin}\u0000${doc.line}`, doc)
  }
  return {
    index: buildCorpusIndex(documents, chunks),
    chunkById: new Map(chunks.map((c) => [c.id, c])),
    docsByKey,
    recordsByLine,
    documents,
    tenantPattern: new RegExp(tenantPattern),
  }
}

/**
 * Builds the resolver over a corpus. Each field is looked up on its own, in every tenant: `chunkId` (an
 * exact harness chunk or document id, `via: 'id'`), `docId` (an exact id, else a document key), `locator`,
 * `url` and `path` (their tenant segment, see {@link defaultTenantPattern}, and the document key or JSON Lines
 * record they end with; `via: 'locator'`). Only when none of them names anything is the user's `sourceMap`
 * asked (`source_map`). The fields must agree: their common documents are kept, at the first field's level;
 * fields that name different documents of one tenant keep the first in that order and are recorded as
 * `conflicts`; a `text` found in none of the kept documents wins over them (span level, `text`), the others
 * becoming conflicts. Fields that place the reference in different tenants, and what still fits documents of
 * more than one tenant, are ambiguous: never credited, a tenancy failure (see {@link TenancyPolicy}; a label
 * may break a tie between documents of one key, never a disagreement). Nothing found: `{ resolved: false }`.
 * Example: `{ path: 'kb/tenants/acme/docs/billing/seats.md' }` -> `acme/doc/billing/seats`, document level;
 * `{ docId: 'billing/seats' }` where acme and globex both have it -> ambiguous, tenants acme and globex.
 */
export function createSourceResolver(
  documents: readonly SourceDocument[],
  chunks: readonly Chunk[],
  sourceMap?: SourceMapFn,
  options: ResolverOptions = {},
): SourceResolver {
  const lookup = buildLookup(documents, chunks, options.tenantPattern ?? defaultTenantPattern)
  const tenancy = options.tenancy ?? 'strict'
  return (ref, caseTenant) => {
    let named = directEvidence(ref, lookup)
    if (named.length === 0 && sourceMap) named = mappedEvidence(ref, caseTenant, lookup, sourceMap)
    let weighed = weigh(named)
    if (ref.text !== undefined) weighed = weighText(ref.text, weighed, lookup)
    return weighed ? settle(weighed, ref, lookup, tenancy) : { resolved: false, reference: describeReference(ref) }
  }
}
