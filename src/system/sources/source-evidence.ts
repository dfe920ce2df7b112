/**
 * What each field of a reference says on its own: the documents (and spans) it could name, in every tenant.
 * Pure. {@link ./resolve-source.ts} weighs these against each other; no field here prefers any tenant.
 */
import { locateSource, type CorpusIndex } from '../../cases/locate-source.ts'
import type { Locator } from '../../cases/schema.ts'
import type { Chunk, SourceDocument } from '../../corpus/types.ts'
import type { RetrievalLevel } from './types.ts'
import { coversContent } from './span-credit.ts'

/** Shortest passage matched by text: shorter ones ("Yes.") would match anywhere. */
export const MIN_TEXT_MATCH = 20

/**
 * The default tenant pattern of a path or URL: the `kb` layout's `tenants/<tenant>/` segment. A pattern is a
 * regular expression whose first capture group is the tenant id, matched against the path or the whole URL.
 */
export const defaultTenantPattern = '(?:^|/)tenants/([^/]+)/'

/** One place a field could point: a document and the `[start, end)` span of it, at a level. */
export interface Hit {
  doc: SourceDocument
  level: RetrievalLevel
  start: number
  end: number
  /** Set for a chunk id: that one chunk. Otherwise the chunks overlapping the span are taken. */
  chunkIds?: string[]
}

/** One field's evidence: its description for messages (`path "…/tenants/acme/docs/x.md"`) and its hits. */
export interface Evidence {
  field: 'chunkId' | 'docId' | 'locator' | 'url' | 'path' | 'sourceMap' | 'text'
  describe: string
  hits: Hit[]
}

/** The corpus looked up by every field. */
export interface Lookup {
  index: CorpusIndex
  chunkById: Map<string, Chunk>
  docsByKey: Map<string, SourceDocument[]>
  /** JSON Lines records by `<origin file>\u0000<line>` (changelog entries, tickets). */
  recordsByLine: Map<string, SourceDocument>
  documents: readonly SourceDocument[]
  tenantPattern: RegExp
}

/** `field "value"`, the value cut to its last 59 characters when longer than 60. */
export function describeField(field: string, value: string): string {
  return `${field} ${JSON.stringify(value.length > 60 ? `…${value.slice(-59)}` : value)}`
}

function whole(doc: SourceDocument): Hit {
  return { doc, level: 'document', start: 0, end: doc.text.length }
}

/** An exact harness chunk id or document id: at most one hit. */
export function hitsOfId(id: string, lookup: Lookup): Hit[] {
  const chunk = lookup.chunkById.get(id)
  if (chunk) {
    const doc = lookup.index.byId.get(chunk.docId)
    return doc ? [{ doc, level: 'chunk', start: chunk.start, end: chunk.end, chunkIds: [chunk.id] }] : []
  }
  const doc = lookup.index.byId.get(id)
  return doc ? [whole(doc)] : []
}

/** A document key (slug, entry id, ticket id, BEIR `_id`): every tenant's document of that key. */
export function hitsOfKey(key: string, lookup: Lookup): Hit[] {
  return (lookup.docsByKey.get(key) ?? []).map(whole)
}

/** A locator, located in every tenant that has its key (a narrowed locator gives a span). */
export function hitsOfLocator(locator: Locator, lookup: Lookup): Hit[] {
  const key =
    locator.kind === 'doc'
      ? locator.slug
      : locator.kind === 'changelog'
        ? locator.entry
        : locator.kind === 'ticket'
          ? locator.ticket
          : locator.id
  const kind = locator.kind
  const own = lookup.index.byId.get(key)?.tenantId
  const tenants = new Set([...(lookup.index.tenantsOfKey.get(`${kind}\u0000${key}`) ?? []), ...(own ? [own] : [])])
  const hits: Hit[] = []
  for (const t of tenants) {
    const located = locateSource(locator, t, lookup.index)
    if (!located.ok) continue
    const narrowed = located.start !== 0 || located.end !== located.doc.text.length
    hits.push(
      narrowed ? { doc: located.doc, level: 'span', start: located.start, end: located.end } : whole(located.doc),
    )
  }
  return hits
}

/** A path or URL as a `/`-separated path: the URL's decoded pathname (host kept for the tenant pattern). */
function pathOf(value: string): { path: string; full: string; line?: number } | undefined {
  let path = value
  let full = value
  try {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
      const url = new URL(value)
      path = decodeURIComponent(url.pathname) + url.hash
      full = `${url.host}${path}`
    }
  } catch {
    return undefined
  }
  const lineMatch = /#L(\d+)$/.exec(path)
  path = path
    .replace(/[?#].*$/, '')
    .replace(/\\/g, '/')
    .replace(/\/+$/, '')
  return { path, full: full.replace(/\\/g, '/'), ...(lineMatch ? { line: Number(lineMatch[1]) } : {}) }
}

/**
 * A URL or path: its tenant segment (the tenant pattern; a segment naming no tenant of the corpus names
 * nothing) and the longest document key its end names (extension and fragment dropped), or, for a JSON Lines
 * file of the corpus, the record at `line` (`#L<n>` or the reference's `line` field, 1-based).
 */
export function hitsOfPath(value: string, lookup: Lookup, line?: number): Hit[] {
  const parsed = pathOf(value)
  if (!parsed) return []
  const tenant = lookup.tenantPattern.exec(parsed.full)?.[1]
  if (tenant !== undefined && !lookup.index.tenants.has(tenant)) return []
  const inTenant = (hits: Hit[]) => (tenant === undefined ? hits : hits.filter((h) => h.doc.tenantId === tenant))
  const recordLine = parsed.line ?? line
  if (/\.jsonl$/i.test(parsed.path)) {
    if (recordLine === undefined) return []
    const hits: Hit[] = []
    for (const [where, doc] of lookup.recordsByLine) {
      const [origin, at] = where.split('\u0000')
      if (
        Number(at) === recordLine &&
        origin !== undefined &&
        (parsed.path === origin || parsed.path.endsWith(`/${origin}`) || origin.endsWith(`/${parsed.path}`))
      )
        hits.push(whole(doc))
    }
    return inTenant(hits)
  }
  const path = parsed.path.replace(/\.(md|mdx|html?|txt|json)$/i, '')
  let best: string | undefined
  for (const key of lookup.docsByKey.keys()) {
    if ((path === key || path.endsWith(`/${key}`)) && key.length > (best?.length ?? 0)) best = key
  }
  return best === undefined ? [] : inTenant(hitsOfKey(best, lookup))
}

/**
 * A passage found verbatim: first in `within` (the documents other fields named), and only when it is in
 * none of them, in every document of the corpus. Shorter than {@link MIN_TEXT_MATCH}: nothing.
 */
export function hitsOfText(text: string, lookup: Lookup, within: readonly SourceDocument[]): Hit[] {
  const passage = text.trim()
  if (passage.length < MIN_TEXT_MATCH) return []
  const find = (docs: readonly SourceDocument[]) => {
    const hits: Hit[] = []
    for (const doc of docs) {
      const at = doc.text.indexOf(passage)
      if (at >= 0) hits.push({ doc, level: 'span', start: at, end: at + passage.length })
    }
    return hits
  }
  const inNamed = find(within)
  return inNamed.length > 0 ? inNamed : find(lookup.documents)
}

/**
 * The chunk ids a hit covers: its own chunk; every chunk of a whole document; for a span, the chunks whose
 * content it covers (see {@link coversContent}: a heading line alone earns nothing).
 */
export function chunkIdsOf(hit: Hit, lookup: Lookup): string[] {
  if (hit.chunkIds) return hit.chunkIds
  const chunks = lookup.index.chunksOf.get(hit.doc.id) ?? []
  return (hit.level === 'document' ? chunks : chunks.filter((c) => coversContent(c, hit.start, hit.end))).map(
    (c) => c.id,
  )
}
