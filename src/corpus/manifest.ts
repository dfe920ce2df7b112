/**
 * Corpus manifests on disk: the recorded per-document hashes a later `vitest-rag verify` compares against.
 * Format: `{ "version": 1, "fingerprint": "<sha256>", "documents": { "<doc id>": "<sha256>" } }`.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { canonicalJson } from '../shared/util/hash.ts'
import { writeFileAtomic } from '../shared/util/atomic-write.ts'
import { ManifestError } from './errors.ts'
import { fingerprintDocuments, fingerprintFromHashes } from './fingerprint.ts'
import type { SourceDocument } from './types.ts'

export { ManifestError }

/** The manifest format version this code reads and writes. */
export const MANIFEST_VERSION = 1

/** A recorded corpus: its fingerprint and each document's sha256 by id. */
export interface CorpusManifest {
  version: typeof MANIFEST_VERSION
  fingerprint: string
  documents: Record<string, string>
}

/** The manifest of a set of documents (pure). */
export function buildManifest(docs: ReadonlyArray<Pick<SourceDocument, 'id' | 'text'>>): CorpusManifest {
  const documents = fingerprintDocuments(docs)
  return { version: MANIFEST_VERSION, fingerprint: fingerprintFromHashes(documents), documents }
}

/** Reads the manifest at `path`; `undefined` when there is no file. Throws {@link ManifestError} when it is malformed. */
export async function readManifest(path: string): Promise<CorpusManifest | undefined> {
  if (!existsSync(path)) return undefined
  let json: unknown
  try {
    json = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw new ManifestError(path, `is not valid JSON: ${(error as Error).message}`)
  }
  const m = json as Partial<CorpusManifest> | null
  if (m === null || typeof m !== 'object') throw new ManifestError(path, 'is not a JSON object')
  if (m.version !== MANIFEST_VERSION)
    throw new ManifestError(
      path,
      `has version ${JSON.stringify(m.version)}, this vitest-rag reads version ${MANIFEST_VERSION}`,
    )
  if (typeof m.fingerprint !== 'string' || m.documents === null || typeof m.documents !== 'object') {
    throw new ManifestError(path, 'lacks "fingerprint" or "documents"')
  }
  return m as CorpusManifest
}

/** Writes `manifest` to `path` atomically, keys sorted and indented, so diffs of a committed manifest are readable. */
export async function writeManifest(path: string, manifest: CorpusManifest): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(JSON.parse(canonicalJson(manifest)), null, 2)}\n`)
}
