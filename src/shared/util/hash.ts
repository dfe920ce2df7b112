/**
 * Content hashing: sha256 of bytes, of text, and of a canonical JSON form (object keys sorted), so the
 * same value always hashes the same whatever order its keys were built in.
 */
import { createHash } from 'node:crypto'

/** Hex sha256 of a string (UTF-8) or bytes. */
export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

/** JSON with object keys sorted at every depth; `undefined` members are dropped as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v)) {
      const sorted: Record<string, unknown> = {}
      for (const k of Object.keys(v as Record<string, unknown>).sort()) sorted[k] = (v as Record<string, unknown>)[k]
      return sorted
    }
    return v
  })
}

/** Hex sha256 of {@link canonicalJson}(value). */
export function hashJson(value: unknown): string {
  return sha256(canonicalJson(value))
}
