import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { parseBaseline } from '../../../src/report/gate/baseline.ts'
import { parseVersionedJson } from '../../../src/shared/problems/versioned-json.ts'

const Schema = z.object({ version: z.literal(2), name: z.string(), size: z.number() })

describe('parseVersionedJson', () => {
  test('reports every schema issue, not only the first', () => {
    expect(parseVersionedJson('{"version":2,"name":1,"size":"x"}', Schema, 2)).toEqual({
      ok: false,
      kind: 'format',
      detail:
        'name: Invalid input: expected string, received number; size: Invalid input: expected number, received string',
    })
  })

  test('checks JSON, then object, then version, then shape', () => {
    expect(parseVersionedJson('{', Schema, 2)).toMatchObject({
      ok: false,
      kind: 'format',
      detail: expect.stringMatching(/^not JSON \(/),
    })
    expect(parseVersionedJson('[]', Schema, 2)).toEqual({ ok: false, kind: 'format', detail: 'not a JSON object' })
    // A file of another version is a version problem even when its shape is wrong too: the fix is to regenerate it.
    expect(parseVersionedJson('{"version":1}', Schema, 2)).toEqual({
      ok: false,
      kind: 'version',
      found: 1,
      expected: 2,
    })
    expect(parseVersionedJson('{"version":2,"name":"a","size":3,"extra":true}', Schema, 2)).toEqual({
      ok: true,
      json: { version: 2, name: 'a', size: 3, extra: true },
      data: { version: 2, name: 'a', size: 3 },
    })
  })

  test('corrected disagreement: a baseline with two bad fields names both (it used to name only the first)', () => {
    expect(() => parseBaseline('{"version":1,"goldenSetHash":7,"mode":"nope"}', 'b.json')).toThrow(
      /mode: Invalid option.*; goldenSetHash: Invalid input: expected string, received number; /,
    )
  })
})
