/**
 * What a system under test may name as a source, and what the harness makes of it. A real chatbot does not
 * know the harness's chunk ids (`tenant/doc/slug#hash`): it knows its own document ids, URLs, paths, a
 * locator, or the passage text. The harness resolves each reference against its OWN corpus, so metrics,
 * tenancy and citations rest on what the harness knows, never on what the system claims.
 */
import type { Locator } from '../../cases/schema.ts'

/**
 * One source as a system names it. At least one field is set; the harness tries them in the order of
 * {@link ResolvedVia}: `chunkId` (exact harness chunk or document id), `locator` / `docId` / `url` / `path`,
 * then the user's `sourceMap`, then `text` against the chunk and document texts.
 */
export interface SourceReference {
  /** A harness chunk id (`acme/doc/billing/seats#1a2b`), or any id the system uses (then map it). */
  chunkId?: string
  /** A document id: the harness's (`acme/doc/billing/seats`), a document key (`billing/seats`, a BEIR `_id`), or the system's own. */
  docId?: string
  /** A URL whose path ends with a document key (`https://help.example.com/docs/billing/seats`). */
  url?: string
  /** A file path whose end is a document key (`kb/docs/billing/seats.md`). */
  path?: string
  /** A golden-style locator: doc slug + heading, changelog entry, ticket, or document id + span. */
  locator?: Locator
  /** The passage text itself (found in a chunk, or as a span of a document). */
  text?: string
  /** 1-based line of a record in the JSON Lines file `path` or `url` names (same as a `#L<n>` fragment). */
  line?: number
  /** The system's tenant label: never evidence, except to break a tie under `tenancy: 'label'`. */
  tenantId?: string
}

/**
 * How a reference that fits documents of several tenants is settled: `strict` (default) leaves it ambiguous
 * (never credited, fails `toNotLeakAcrossTenants`); `label` takes the system's own tenant label when it is one
 * of those tenants, and the scorecard says so.
 */
export type TenancyPolicy = 'strict' | 'label'

/** Where one field of a reference placed it (a document and its tenant), for messages and the record. */
export interface EvidenceConflict {
  /** The field and its value, e.g. `path "…/tenants/brassmoth/docs/api/rate-limits.md"`. */
  evidence: string
  docId: string
  tenantId: string
}

/** How a reference was resolved, in the order tried. */
export type ResolvedVia = 'id' | 'locator' | 'source_map' | 'text'

/**
 * The level at which a retrieval list is scored:
 * - `chunk`: the system returned harness chunks; qrels are the expected chunks with their grades;
 * - `document`: it returned documents; qrels are per document, at the best grade of its expected chunks;
 * - `span`: it returned passages (text or narrowed locators); each counts for the expected chunk it overlaps.
 */
export type RetrievalLevel = 'chunk' | 'document' | 'span'

/** A reference found in the corpus: its true document and tenant, and the chunks it covers. */
export interface ResolvedSource {
  resolved: true
  via: ResolvedVia
  level: RetrievalLevel
  /** Harness document id. */
  docId: string
  /** The tenant the harness's corpus says the source belongs to (the truth, whatever the system labelled). */
  tenantId: string
  /** Harness chunk ids the reference covers (one for a chunk, every chunk of a document, overlaps for a span). */
  chunkIds: string[]
  /** Character span `[start, end)` of the document the reference covers. */
  start: number
  end: number
  /** The field that placed it, for messages: `path "…/tenants/acme/docs/billing/seats.md"`. */
  evidence?: string
  /** Fields that named another document of the same tenant (the text's document was kept, else the first in order). */
  conflicts?: EvidenceConflict[]
  /** Set when the system's label settled a tie between tenants (`tenancy: 'label'`). */
  tieBrokenBy?: 'label'
}

/**
 * A reference that names nothing in the corpus, or (`ambiguous`) one whose evidence fits documents of more
 * than one tenant: never credited, and a tenancy failure. `reference` is its short description for messages.
 */
export interface UnresolvedSource {
  resolved: false
  reference: string
  ambiguous?: {
    tenants: string[]
    docIds: string[]
    /** Where each field placed it, when its fields disagreed across tenants (up to 5). */
    evidence?: EvidenceConflict[]
  }
}

/** The outcome of resolving one reference. */
export type SourceResolution = ResolvedSource | UnresolvedSource

/**
 * A short, bounded description of a reference for messages: its first set field.
 * Example: `{ docId: 'KB-7' }` -> `docId "KB-7"`; a text is cut to 60 characters.
 */
export function describeReference(ref: SourceReference): string {
  if (ref.chunkId !== undefined) return `chunkId ${JSON.stringify(ref.chunkId)}`
  if (ref.docId !== undefined) return `docId ${JSON.stringify(ref.docId)}`
  if (ref.url !== undefined) return `url ${JSON.stringify(ref.url)}`
  if (ref.path !== undefined) return `path ${JSON.stringify(ref.path)}`
  if (ref.locator !== undefined) return `locator ${JSON.stringify(ref.locator)}`
  if (ref.text !== undefined)
    return `text ${JSON.stringify(ref.text.length > 60 ? `${ref.text.slice(0, 59)}…` : ref.text)}`
  return '(empty reference)'
}
