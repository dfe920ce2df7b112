/**
 * Locating one expected source (pure): the corpus indexed by (tenant, kind, key) and id, and the lookup that
 * turns a locator (doc + heading, changelog entry, ticket, document id + span) into a document and a
 * `[start, end)` span of it, or into a problem code, message and fix hint. `resolve-locators.ts` maps what it
 * finds to chunks.
 */
import type { Chunk, HeadingSection, SourceDocument } from '../corpus/types.ts'
import { closestMatch } from '../shared/problems/closest.ts'
import type { Locator } from './schema.ts'

/** The corpus indexed for locator lookups (built once per resolution by {@link buildCorpusIndex}). */
export interface CorpusIndex {
  byKey: Map<string, SourceDocument> // `${tenantId}\u0000${kind}\u0000${key}`
  byId: Map<string, SourceDocument>
  keysOf: Map<string, string[]> // `${tenantId}\u0000${kind}` -> keys
  tenantsOfKey: Map<string, string[]> // `${kind}\u0000${key}` -> tenants
  chunksOf: Map<string, Chunk[]>
  tenants: Set<string>
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** Indexes documents by (tenant, kind, key) and id, and chunks by document, for {@link locateSource}. */
export function buildCorpusIndex(documents: readonly SourceDocument[], chunks: readonly Chunk[]): CorpusIndex {
  const index: CorpusIndex = {
    byKey: new Map(),
    byId: new Map(),
    keysOf: new Map(),
    tenantsOfKey: new Map(),
    chunksOf: new Map(),
    tenants: new Set(),
  }
  for (const doc of documents) {
    index.tenants.add(doc.tenantId)
    index.byKey.set(`${doc.tenantId}\u0000${doc.kind}\u0000${doc.key}`, doc)
    index.byId.set(doc.id, doc)
    push(index.keysOf, `${doc.tenantId}\u0000${doc.kind}`, doc.key)
    push(index.tenantsOfKey, `${doc.kind}\u0000${doc.key}`, doc.tenantId)
  }
  for (const chunk of chunks) push(index.chunksOf, chunk.docId, chunk)
  return index
}

const normalizeHeading = (s: string): string => s.trim().replace(/\s+/g, ' ').toLowerCase()

/** Sections whose heading path ends with `heading` (one heading text, or a ` > ` path), case-insensitively. */
export function findSections(sections: readonly HeadingSection[], heading: string): HeadingSection[] {
  // Split on ` > ` with spaces, so a heading text holding an arrow such as `A -> B` stays whole.
  const wanted = heading.split(/\s+>\s+/).map(normalizeHeading)
  return sections.filter((s) => {
    if (s.path.length < wanted.length) return false
    const tail = s.path.slice(s.path.length - wanted.length).map(normalizeHeading)
    return tail.every((part, i) => part === wanted[i])
  })
}

/** Where a locator points: a document and a `[start, end)` span of it, or why it points nowhere. */
export type Located =
  | { ok: true; doc: SourceDocument; start: number; end: number }
  | { ok: false; code: string; message: string; fix?: string }

const KIND_NOUN = { doc: 'doc', changelog: 'changelog entry', ticket: 'ticket', document: 'document' } as const

function unknownKey(
  index: CorpusIndex,
  tenantId: string,
  kind: keyof typeof KIND_NOUN,
  key: string,
  code: string,
): Located {
  const elsewhere = (index.tenantsOfKey.get(`${kind}\u0000${key}`) ?? []).filter((t) => t !== tenantId)
  const near = closestMatch(key, index.keysOf.get(`${tenantId}\u0000${kind}`) ?? [])
  let fix: string | undefined
  if (elsewhere.length > 0) {
    // The case's tenant_id is what retrieval is filtered by: pointing only the expected source at the other
    // tenant would leave every metric at 0 in a green run.
    fix = `it exists in tenant ${elsewhere.map((t) => `"${t}"`).join(', ')}; if the case belongs there, set the case's "tenant_id" to ${JSON.stringify(elsewhere[0])}`
  } else if (near !== undefined) fix = `did you mean "${near}"?`
  return { ok: false, code, message: `no ${KIND_NOUN[kind]} "${key}" in tenant "${tenantId}"`, ...(fix ? { fix } : {}) }
}

/** Locates a doc, and the section of it `heading` names when there is one. */
function locateDoc(locator: Extract<Locator, { kind: 'doc' }>, doc: SourceDocument): Located {
  if (locator.heading === undefined) return { ok: true, doc, start: 0, end: doc.text.length }
  const sections = doc.sections ?? []
  const matches = findSections(sections, locator.heading)
  const [only] = matches
  if (matches.length === 1 && only) return { ok: true, doc, start: only.start, end: only.end }
  if (matches.length > 1) {
    const paths = matches.map((s) => `"${s.path.join(' > ')}"`)
    return {
      ok: false,
      code: 'ambiguous_heading',
      message: `heading "${locator.heading}" matches ${matches.length} sections of doc "${locator.slug}": ${paths.join(', ')}`,
      fix: `write more of the heading path, e.g. ${paths[0]}`,
    }
  }
  const candidates = [...new Set(sections.flatMap((s) => [s.path.at(-1) ?? '', s.path.join(' > ')]))]
  const near = closestMatch(locator.heading, candidates)
  return {
    ok: false,
    code: 'unknown_heading',
    message: `doc "${locator.slug}" has no heading "${locator.heading}"`,
    fix:
      near !== undefined
        ? `did you mean "${near}"?`
        : `headings: ${sections.map((s) => `"${s.path.at(-1) ?? ''}"`).join(', ') || 'none'}`,
  }
}

/** Locates a span of a document, or the whole document when the locator has no span. */
function locateSpan(locator: Extract<Locator, { kind: 'document' }>, doc: SourceDocument): Located {
  if (!locator.span) return { ok: true, doc, start: 0, end: doc.text.length }
  const [start, end] = locator.span
  if (end > doc.text.length) {
    return {
      ok: false,
      code: 'span_out_of_range',
      message: `span [${start}, ${end}) runs past the end of document "${locator.id}" (${doc.text.length} characters)`,
      fix: `keep end <= ${doc.text.length}`,
    }
  }
  return { ok: true, doc, start, end }
}

/** Finds what `locator` names in `tenantId`'s documents (see `resolveLocators` for the rules). */
export function locateSource(locator: Locator, tenantId: string, index: CorpusIndex): Located {
  const find = (kind: keyof typeof KIND_NOUN, key: string) => index.byKey.get(`${tenantId}\u0000${kind}\u0000${key}`)
  switch (locator.kind) {
    case 'doc': {
      const doc = find('doc', locator.slug)
      return doc ? locateDoc(locator, doc) : unknownKey(index, tenantId, 'doc', locator.slug, 'unknown_slug')
    }
    case 'changelog': {
      const doc = find('changelog', locator.entry)
      return doc
        ? { ok: true, doc, start: 0, end: doc.text.length }
        : unknownKey(index, tenantId, 'changelog', locator.entry, 'unknown_entry')
    }
    case 'ticket': {
      const doc = find('ticket', locator.ticket)
      return doc
        ? { ok: true, doc, start: 0, end: doc.text.length }
        : unknownKey(index, tenantId, 'ticket', locator.ticket, 'unknown_ticket')
    }
    case 'document': {
      // A bare key finds a generic document (BEIR `_id`); a full `<tenant>/<kind>/<key>` id finds any document.
      const byId = index.byId.get(locator.id)
      const doc = find('document', locator.id) ?? (byId?.tenantId === tenantId ? byId : undefined)
      return doc ? locateSpan(locator, doc) : unknownKey(index, tenantId, 'document', locator.id, 'unknown_document')
    }
  }
}
