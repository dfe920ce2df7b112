import type { SourceDocument } from './types.js';
/** Hex sha256 of the document's normalised text (so CRLF vs LF or NFD vs NFC do not count as a change). */
export declare function fingerprintDocument(doc: Pick<SourceDocument, 'text'>): string;
/** Per-document fingerprints by document id. */
export declare function fingerprintDocuments(docs: ReadonlyArray<Pick<SourceDocument, 'id' | 'text'>>): Record<string, string>;
/** The corpus fingerprint from per-document hashes: sha256 over the sorted `id:hash` lines joined by `\n`. */
export declare function fingerprintFromHashes(hashes: Readonly<Record<string, string>>): string;
/** The corpus fingerprint: independent of document order. */
export declare function fingerprintCorpus(docs: ReadonlyArray<Pick<SourceDocument, 'id' | 'text'>>): string;
/** What differs between a recorded set of document hashes and the current one; each list sorted by id. */
export interface FingerprintDiff {
    changed: string[];
    added: string[];
    removed: string[];
}
/** Compares recorded per-document hashes with current ones: which ids changed, appeared or vanished. */
export declare function diffFingerprints(recorded: Readonly<Record<string, string>>, current: Readonly<Record<string, string>>): FingerprintDiff;
