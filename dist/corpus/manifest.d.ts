import { ManifestError } from './errors.js';
import type { SourceDocument } from './types.js';
export { ManifestError };
/** The manifest format version this code reads and writes. */
export declare const MANIFEST_VERSION = 1;
/** A recorded corpus: its fingerprint and each document's sha256 by id. */
export interface CorpusManifest {
    version: typeof MANIFEST_VERSION;
    fingerprint: string;
    documents: Record<string, string>;
}
/** The manifest of a set of documents (pure). */
export declare function buildManifest(docs: ReadonlyArray<Pick<SourceDocument, 'id' | 'text'>>): CorpusManifest;
/** Reads the manifest at `path`; `undefined` when there is no file. Throws {@link ManifestError} when it is malformed. */
export declare function readManifest(path: string): Promise<CorpusManifest | undefined>;
/** Writes `manifest` to `path` atomically, keys sorted and indented, so diffs of a committed manifest are readable. */
export declare function writeManifest(path: string, manifest: CorpusManifest): Promise<void>;
