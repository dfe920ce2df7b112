import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { canonicalJson, sha256 } from '../../../src/shared/util/hash.ts'

describe('sha256', () => {
  it('is the hex digest createHash gives, for text and bytes (the one-shot digest changes no hash)', () => {
    // The well-known digest of "abc".
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256('héllo')).toBe(createHash('sha256').update('héllo').digest('hex'))
    const bytes = new Uint8Array([0, 1, 2, 255])
    expect(sha256(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'))
  })
})

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: true, y: null }], c: 'x' }, u: undefined })).toBe(
      '{"a":{"c":"x","d":[1,{"y":null,"z":true}]},"b":1}',
    )
  })
})
