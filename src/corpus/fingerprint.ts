/**
 * Corpus fingerprints (pure): one sha256 per document over its normalised text, and one per corpus over the
 * sorted `id:hash` lines, so a run records exactly which corpus it scored and `verify` can name what changed.
 */
import { sha256 } from '../shared/util/hash.ts'
import { normalizeText } from '../shared/text/normalize.ts'
import type { SourceDocument } from './types.ts'

/** Hex sha256 of the document's normalised text (so CRLF vs LF or NFD vs NFC do not count as a change). */
export function fingerprintDocument(doc: Pick<SourceDocument, 'text'>): string {
  return sha256(normalizeText(doc.text))
}

/** Per-document fingerprints by document id. */
export function fingerprintDocuments(docs: ReadonlyArray<Pick<SourceDocument, 'id' | 'text'>>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const doc of docs) out[doc.id] = fingerprintDocument(doc)
  return out
}

/** The corpus fingerprint from per-document hashes: sha256 over the sorted `id:hash` lines joined by `\n`. */
export function fingerprintFromHashes(hashes: Readonly<Record<string, string>>): string {
  const lines = Object.keys(hashes)
    .sort()
    .map((id) => `${id}:${hashes[id]}`)
  return sha256(lines.join('\n'))
}

/** The corpus fingerprint: independent of document order. */
export function fingerprintCorpus(docs: ReadonlyArray<Pick<SourceDocument, 'id' | 'text'>>): string {
  return fingerprintFromHashes(fingerprintDocuments(docs))
}

/** What differs between a recorded set of document hashes and the current one; each list sorted by id. */
export interface FingerprintDiff {
  changed: string[]
  added: string[]
  removed: string[]
}

/** Compares recorded per-document hashes with current ones: which ids changed, appeared or vanished. */
export function diffFingerprints(
  recorded: Readonly<Record<string, string>>,
  current: Readonly<Record<string, string>>,
): FingerprintDiff {
  const changed: string[] = []
  const added: string[] = []
  const removed: string[] = []
  for (const id of Object.keys(current)) {
    if (!(id in recorded)) added.push(id)
    else if (recorded[id] !== current[id]) changed.push(id)
  }
  for (const id of Object.keys(recorded)) if (!(id in current)) removed.push(id)
  return { changed: changed.sort(), added: added.sort(), removed: removed.sort() }
}
