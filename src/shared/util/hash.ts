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

/**
 * JSON with object keys sorted at every depth; `undefined` members are dropped as JSON.stringify does. Plain
 * data (what JSON.parse and schema defaults make) is written by {@link plainCanonicalJson}, the same text
 * without a replacer call per value and a sorted copy per object (a fifth of parsing a 6,000-case golden file);
 * anything else takes {@link replacerCanonicalJson}, the definition.
 */
export function canonicalJson(value: unknown): string {
  return plainCanonicalJson(value) ?? replacerCanonicalJson(value)
}

/** An array index (`0`, `17`): such keys enumerate before the others whatever their insertion order. */
const INDEX_KEY = /^(?:0|[1-9]\d*)$/

/**
 * {@link replacerCanonicalJson}'s text for plain data: null, booleans, finite or not numbers, strings, arrays,
 * and objects of Object's (or no) prototype without `toJSON` or index-like keys (which a sorted copy would not
 * keep in sorted order). Undefined for anything else, so the caller takes the definition.
 */
export function plainCanonicalJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'number':
      return JSON.stringify(value)
    case 'object': {
      if (value === null) return 'null'
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return undefined
      if (Array.isArray(value)) {
        let out = '['
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i]
          // JSON writes undefined, functions and symbols in an array as null.
          const text =
            item === undefined || typeof item === 'function' || typeof item === 'symbol'
              ? 'null'
              : plainCanonicalJson(item)
          if (text === undefined) return undefined
          out += i === 0 ? text : `,${text}`
        }
        return `${out}]`
      }
      const proto: unknown = Object.getPrototypeOf(value)
      if (proto !== Object.prototype && proto !== null) return undefined
      const keys = Object.keys(value).sort()
      let out = '{'
      let first = true
      for (const key of keys) {
        if (INDEX_KEY.test(key)) return undefined
        const member: unknown = (value as Record<string, unknown>)[key]
        if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue
        const text = plainCanonicalJson(member)
        if (text === undefined) return undefined
        out += `${first ? '' : ','}${JSON.stringify(key)}:${text}`
        first = false
      }
      return `${out}}`
    }
    default:
      return undefined
  }
}

/** The definition of {@link canonicalJson}: JSON.stringify with a replacer that copies each object sorted. */
export function replacerCanonicalJson(value: unknown): string {
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
