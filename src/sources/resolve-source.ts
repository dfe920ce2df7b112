/**
 * Resolving what a system names against the harness's own corpus, in a fixed order, recording how each
 * reference resolved: exact id (chunk, then document) -> locator, document key, URL or path -> the user's
 * `sourceMap` -> the passage text. Pure: corpus in, a resolver function out.
 */
import { buildCorpusIndex, chunkOverlaps, locateSource, type CorpusIndex } from '../cases/resolve-locators.ts'
import type { Locator } from '../cases/schema.ts'
import type { Chunk, SourceDocument } from '../corpus/types.ts'
import type { SourceMapFn } from './source-map.ts'
import { describeReference, type ResolvedSource, type ResolvedVia, type SourceReference, type SourceResolution } from './types.ts'

/** Resolves one reference for a case of `caseTenant` (the tenant tried first when a key exists in several). */
export type SourceResolver = (ref: SourceReference, caseTenant: string) => SourceResolution

/** Shortest passage matched by text: shorter ones ("Yes.") would match anywhere. */
export const MIN_TEXT_MATCH = 20

interface Lookup {
  index: CorpusIndex
  chunkById: Map<string, Chunk>
  docsByKey: Map<string, SourceDocument[]>
  chunks: readonly Chunk[]
  documents: readonly SourceDocument[]
}

function whole(doc: SourceDocument, lookup: Lookup, via: ResolvedVia): ResolvedSource {
  const chunkIds = (lookup.index.chunksOf.get(doc.id) ?? []).map((c) => c.id)
  return { resolved: true, via, level: 'document', docId: doc.id, tenantId: doc.tenantId, chunkIds, start: 0, end: doc.text.length }
}

function span(doc: SourceDocument, start: number, end: number, lookup: Lookup, via: ResolvedVia): ResolvedSource {
  const chunkIds = (lookup.index.chunksOf.get(doc.id) ?? []).filter((c) => chunkOverlaps(c, start, end)).map((c) => c.id)
  return { resolved: true, via, level: 'span', docId: doc.id, tenantId: doc.tenantId, chunkIds, start, end }
}

/** The case's tenant first, then the others in corpus order. */
function preferTenant<T extends { tenantId: string }>(items: readonly T[], tenant: string): T[] {
  return [...items.filter((i) => i.tenantId === tenant), ...items.filter((i) => i.tenantId !== tenant)]
}

function byId(id: string, lookup: Lookup, via: ResolvedVia): ResolvedSource | undefined {
  const chunk = lookup.chunkById.get(id)
  if (chunk) return { resolved: true, via, level: 'chunk', docId: chunk.docId, tenantId: chunk.tenantId, chunkIds: [chunk.id], start: chunk.start, end: chunk.end }
  const doc = lookup.index.byId.get(id)
  return doc ? whole(doc, lookup, via) : undefined
}

function byKey(key: string, tenant: string, lookup: Lookup, via: ResolvedVia): ResolvedSource | undefined {
  const [doc] = preferTenant(lookup.docsByKey.get(key) ?? [], tenant)
  return doc ? whole(doc, lookup, via) : undefined
}

/** A URL or path whose end (extension and fragment dropped) is a document key: the longest such key wins. */
function byPath(value: string, tenant: string, lookup: Lookup): ResolvedSource | undefined {
  let path = value
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) path = decodeURIComponent(new URL(value).pathname)
  } catch {
    return undefined
  }
  path = path.replace(/[?#].*$/, '').replace(/\\/g, '/').replace(/\/+$/, '').replace(/\.(md|mdx|html?|txt|json)$/i, '')
  let best: string | undefined
  for (const key of lookup.docsByKey.keys()) {
    if ((path === key || path.endsWith(`/${key}`)) && key.length > (best?.length ?? 0)) best = key
  }
  return best === undefined ? undefined : byKey(best, tenant, lookup, 'locator')
}

function byLocator(locator: Locator, tenant: string, lookup: Lookup, via: ResolvedVia): ResolvedSource | undefined {
  const key = locator.kind === 'doc' ? locator.slug : locator.kind === 'changelog' ? locator.entry : locator.kind === 'ticket' ? locator.ticket : locator.id
  const kind = locator.kind === 'document' ? 'document' : locator.kind
  const own = lookup.index.byId.get(key)?.tenantId
  const tenants = [tenant, ...(lookup.index.tenantsOfKey.get(`${kind}\u0000${key}`) ?? []), ...(own ? [own] : [])]
  for (const t of new Set(tenants)) {
    const located = locateSource(locator, t, lookup.index)
    if (!located.ok) continue
    const narrowed = located.start !== 0 || located.end !== located.doc.text.length
    return narrowed ? span(located.doc, located.start, located.end, lookup, via) : whole(located.doc, lookup, via)
  }
  return undefined
}

/** A passage: inside one chunk (that chunk, at span level), else a span of a document. Case tenant first. */
function byText(text: string, tenant: string, lookup: Lookup): ResolvedSource | undefined {
  const passage = text.trim()
  if (passage.length < MIN_TEXT_MATCH) return undefined
  for (const doc of preferTenant(lookup.documents, tenant)) {
    const at = doc.text.indexOf(passage)
    if (at >= 0) return span(doc, at, at + passage.length, lookup, 'text')
  }
  return undefined
}

function resolveDirect(ref: SourceReference, tenant: string, lookup: Lookup, via: 'id' | 'source_map'): ResolvedSource | undefined {
  const fromLocator = via === 'id' ? 'locator' : via
  return (
    (ref.chunkId !== undefined ? byId(ref.chunkId, lookup, via) : undefined) ??
    (ref.docId !== undefined ? byId(ref.docId, lookup, via) : undefined) ??
    (ref.locator !== undefined ? byLocator(ref.locator, tenant, lookup, fromLocator) : undefined) ??
    (ref.docId !== undefined ? byKey(ref.docId, tenant, lookup, fromLocator) : undefined) ??
    (ref.url !== undefined ? byPath(ref.url, tenant, lookup) : undefined) ??
    (ref.path !== undefined ? byPath(ref.path, tenant, lookup) : undefined)
  )
}

/**
 * Builds the resolver over a corpus. Order for each reference: (1) `chunkId` or `docId` is a harness chunk or
 * document id (`via: 'id'`); (2) `locator`, a `docId` that is a document key, or a `url` / `path` ending in
 * one (`locator`); (3) the user's `sourceMap`, whose answer (a harness id, key or locator) is resolved by
 * (1)-(2) (`source_map`); (4) `text` found verbatim in a document (`text`, span level). Nothing found:
 * `{ resolved: false }`, never a guess.
 * Example: `{ docId: 'billing/seats' }` in tenant acme -> document `acme/doc/billing/seats`, level document.
 */
export function createSourceResolver(documents: readonly SourceDocument[], chunks: readonly Chunk[], sourceMap?: SourceMapFn): SourceResolver {
  const docsByKey = new Map<string, SourceDocument[]>()
  for (const doc of documents) docsByKey.set(doc.key, [...(docsByKey.get(doc.key) ?? []), doc])
  const lookup: Lookup = { index: buildCorpusIndex(documents, chunks), chunkById: new Map(chunks.map((c) => [c.id, c])), docsByKey, chunks, documents }
  return (ref, caseTenant) => {
    const direct = resolveDirect(ref, caseTenant, lookup, 'id')
    if (direct) return direct
    const mapped = sourceMap?.(ref, caseTenant)
    if (mapped !== undefined) {
      const target: SourceReference = typeof mapped === 'string' ? { chunkId: mapped, docId: mapped, path: mapped } : { locator: mapped }
      const viaMap = resolveDirect(target, caseTenant, lookup, 'source_map')
      if (viaMap) return { ...viaMap, via: 'source_map' }
    }
    const viaText = ref.text !== undefined ? byText(ref.text, caseTenant, lookup) : undefined
    return viaText ?? { resolved: false, reference: describeReference(ref) }
  }
}
