/**
 * Corpus data types shared by every stage: source documents, chunks and chunker configuration.
 * Pure types; no I/O.
 */

/** The kinds of source a corpus holds. */
export type SourceKind = 'doc' | 'changelog' | 'ticket' | 'document'

/** A heading section of a markdown doc: its heading path and its `[start, end)` span in the doc text. */
export interface HeadingSection {
  /** Heading texts from the outermost to this one, e.g. `['Billing', 'Seat limits']`. */
  path: string[]
  /** Markdown heading level of the last element (1-6). */
  level: number
  /** Offset of the heading line's first character. */
  start: number
  /** Offset just past the section (the next heading of the same or a higher level, or the doc's end). */
  end: number
}

/**
 * One source document. Every document belongs to exactly one tenant.
 * `text` is the normalised text (NFC, `\n` line ends, trailing whitespace per line kept); offsets of
 * chunks, headings and span locators all index into it.
 */
export interface SourceDocument {
  /** Corpus-unique id, `<tenant>/<kind>/<key>` (e.g. `acme/doc/billing/seats`, `acme/ticket/TCK-1042`). */
  id: string
  /** The id a locator or an outside dataset uses: slug, entry id, ticket id or document id. */
  key: string
  tenantId: string
  kind: SourceKind
  title: string
  text: string
  /** Heading sections (markdown docs only). */
  sections?: HeadingSection[]
  /** Version string (changelog entries), e.g. `4.2.0`. */
  version?: string
  /** ISO date (changelog entries, tickets), used by the conflict rule: newer wins. */
  date?: string
  /** Path of the file it came from, relative to the corpus root, for messages. */
  origin?: string
  /** 1-based line of its record in a JSON Lines file (changelog entries, tickets); absent for a whole file. */
  line?: number
}

/** One retrievable unit: a `[start, end)` span of one document. `text === doc.text.slice(start, end)`. */
export interface Chunk {
  /** Stable id derived from (document id, chunker config, offsets). */
  id: string
  docId: string
  tenantId: string
  kind: SourceKind
  text: string
  start: number
  end: number
  /** Title of the document, for display and prompts. */
  title: string
  /** Heading path of the section the chunk starts in (markdown docs). */
  headingPath?: string[]
  version?: string
  date?: string
}

/** Fixed-size chunking: windows of `size` characters with `overlap`, moved to whitespace boundaries. */
export interface FixedChunkerConfig {
  kind: 'fixed'
  /** Target chunk size in characters. Default 800. */
  size: number
  /** Characters shared by consecutive chunks. Default 100. */
  overlap: number
}

/**
 * Structural chunking: one chunk per markdown heading section, per changelog entry and per ticket; generic
 * documents and any section longer than `maxSize` fall back to `fixed` with `maxSize` and `overlap`.
 */
export interface StructuralChunkerConfig {
  kind: 'structural'
  /** Longest chunk before falling back to fixed windows. Default 1500. */
  maxSize: number
  overlap: number
}

/** The chunker is one line of configuration. */
export type ChunkerConfig = FixedChunkerConfig | StructuralChunkerConfig

/** A loaded corpus: documents plus its fingerprint. */
export interface Corpus {
  documents: SourceDocument[]
  /** sha256 over the sorted per-document fingerprints. */
  fingerprint: string
  /** Where it was loaded from (for reports). */
  root: string
}
