import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { canonicalJson, plainCanonicalJson, replacerCanonicalJson, sha256 } from '../../../src/shared/util/hash.ts'

describe('sha256', () => {
  it('is the hex digest createHash gives, for text and bytes', () => {
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

  // Every value here must give the replacer definition's text, byte for byte: canonical JSON keys caches,
  // checkpoints and case hashes, so a differing text would orphan all of them.
  const values: unknown[] = [
    null,
    0,
    -0,
    1.5e-7,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    'plain',
    'quote " backslash \\ newline \n tab \t',
    'lone surrogate \ud800 and emoji 😀',
    true,
    [],
    {},
    [undefined, () => 1, Symbol('s'), 2],
    // A hole: JSON writes it as null.
    // eslint-disable-next-line no-sparse-arrays
    [1, , 3],
    { a: undefined, b: () => 1, c: Symbol('s'), d: 1 },
    { 'key with "quotes"': 1, é: 2, Z: 3, a: 4 },
    Object.assign(Object.create(null) as object, { b: 2, a: 1 }),
    { case_id: 'S-00001', expected_sources: [{ locator: { kind: 'doc', slug: 'x' }, grade: 3 }], must_contain: [] },
    // Index-like keys enumerate numerically in the definition's sorted copy: "9" before "10".
    { b: 1, 10: 2, 9: 3 },
    { nested: { 2: 'x', 1: 'y' } },
    // toJSON, typed arrays, Maps and Dates take the definition.
    { at: new Date(0) },
    { v: new Uint8Array([1, 2]) },
    { m: new Map([[1, 2]]) },
    { j: { toJSON: () => 'custom' } },
    Object.assign([1, 2], { toJSON: () => 'array custom' }),
    { s: new String('boxed') },
  ]
  it.each(values.map((v, i) => [i, v] as const))('value %i gives the definition’s text', (_i, value) => {
    expect(canonicalJson(value)).toBe(replacerCanonicalJson(value))
  })

  it('writes plain data itself and leaves the rest to the definition', () => {
    expect(plainCanonicalJson({ b: [1, 'x'], a: null })).toBe('{"a":null,"b":[1,"x"]}')
    // Index-like keys, Dates and typed arrays: undefined, so canonicalJson takes the definition.
    expect(plainCanonicalJson({ 10: 1 })).toBeUndefined()
    expect(plainCanonicalJson({ at: new Date(0) })).toBeUndefined()
    expect(plainCanonicalJson([new Uint8Array(1)])).toBeUndefined()
    expect(plainCanonicalJson(10n)).toBeUndefined()
    expect(() => canonicalJson({ n: 10n })).toThrow(TypeError)
  })
})
