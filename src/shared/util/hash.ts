/**
 * Content hashing: sha256 of bytes, of text, and of a canonical JSON form (object keys sorted), so the
 * same value always hashes the same whatever order its keys were built in.
 */
import * as crypto from 'node:crypto'

/**
 * Node's one-shot digest (20.12+, 21.7+), about twice as fast as a `createHash` object per call, which the
 * report pays several times per case (a 6,000-case run hashed ~20,000 short strings); older Nodes fall back.
 */
const oneShot = (crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: 'hex') => string }).hash

/** Hex sha256 of a string (UTF-8) or bytes. */
export function sha256(data: string | Uint8Array): string {
  return oneShot ? oneShot('sha256', data, 'hex') : crypto.createHash('sha256').update(data).digest('hex')
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
