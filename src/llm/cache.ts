/**
 * The response cache on disk: content-addressed files `<dir>/<key[0:2]>/<key>.json`, written atomically. Each
 * entry carries a format version and a sha256 checksum of its body; a corrupt, truncated or foreign entry is
 * warned about and treated as a miss (and overwritten by the next successful call in `read-write` mode).
 *
 * Modes: `off` (neither read nor write), `read-write` (default locally), `replay` (read only; a miss is an error,
 * for CI replaying a committed cache offline), `record` (never read, always call and overwrite).
 */
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../shared/util/atomic-write.ts'
import { canonicalJson, sha256 } from '../shared/util/hash.ts'
import { readTextIfExists } from '../shared/util/read-if-exists.ts'

/** How the cache is used. See the file comment. */
export const CacheModeSchema = z.enum(['off', 'read-write', 'replay', 'record'])
/** See {@link CacheModeSchema}. */
export type CacheMode = z.infer<typeof CacheModeSchema>

/** Default cache mode locally; CI should pass `replay`. */
export const defaultCacheMode: CacheMode = 'read-write'

/** Cache entry format version; an entry with another version is a miss (with a warning). */
export const cacheEntryVersion = 1

/** What one entry file holds. `checksum` = sha256(canonicalJson(body)). */
export interface CacheEntry<T> {
  version: number
  key: string
  kind: 'chat' | 'embedding'
  checksum: string
  createdAt: string
  body: T
}

/** Options for {@link ResponseCache}. */
export interface ResponseCacheOptions {
  dir: string
  mode: CacheMode
  /** Called with a one-line warning for a corrupt entry. Default: `process.emitWarning`. */
  warn?: (message: string) => void
}

/** Content-addressed response cache (see the file comment). */
export class ResponseCache {
  readonly dir: string
  readonly mode: CacheMode
  private readonly warn: (message: string) => void

  constructor(options: ResponseCacheOptions) {
    this.dir = options.dir
    this.mode = options.mode
    this.warn = options.warn ?? ((message) => process.emitWarning(message, { code: 'VITEST_RAG_CACHE_CORRUPT' }))
  }

  /** True when lookups consult the disk (`read-write`, `replay`). */
  get readsEnabled(): boolean {
    return this.mode === 'read-write' || this.mode === 'replay'
  }

  /** True when answers are written (`read-write`, `record`). */
  get writesEnabled(): boolean {
    return this.mode === 'read-write' || this.mode === 'record'
  }

  /** The file an entry with `key` lives in. */
  pathFor(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`)
  }

  /** The entry body for `key`, or `undefined` on a miss (including a corrupt entry, or reads disabled). */
  async read<T>(key: string): Promise<T | undefined> {
    if (!this.readsEnabled) return undefined
    const path = this.pathFor(key)
    const text = await readTextIfExists(path)
    if (text === undefined) return undefined
    const problem = validateEntryText(text, key)
    if (typeof problem === 'string') {
      this.warn(`vitest-rag: ignoring cache entry ${path}: ${problem}; treating it as a miss.`)
      return undefined
    }
    return problem.body as T
  }

  /** Writes an entry (no-op unless writes are enabled). */
  async write<T>(key: string, kind: CacheEntry<T>['kind'], body: T): Promise<void> {
    if (!this.writesEnabled) return
    const entry: CacheEntry<T> = {
      version: cacheEntryVersion,
      key,
      kind,
      checksum: sha256(canonicalJson(body)),
      createdAt: new Date().toISOString(),
      body,
    }
    await writeFileAtomic(this.pathFor(key), `${JSON.stringify(entry)}\n`)
  }
}

/** Parses and checks an entry's text; returns the entry or a description of what is wrong with it. */
export function validateEntryText(text: string, expectedKey: string): CacheEntry<unknown> | string {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return `not valid JSON (${text.length} bytes; truncated or corrupted)`
  }
  if (parsed === null || typeof parsed !== 'object') return 'not a JSON object'
  const entry = parsed as Partial<CacheEntry<unknown>>
  if (entry.version !== cacheEntryVersion) {
    return `format version ${JSON.stringify(entry.version)} (this build reads version ${cacheEntryVersion})`
  }
  if (entry.key !== expectedKey) return `its key ${JSON.stringify(entry.key)} does not match the file name`
  if (!('body' in entry) || typeof entry.checksum !== 'string') return 'missing body or checksum'
  const actual = sha256(canonicalJson(entry.body))
  if (actual !== entry.checksum)
    return `checksum mismatch (stored ${entry.checksum.slice(0, 12)}, actual ${actual.slice(0, 12)})`
  return entry as CacheEntry<unknown>
}
