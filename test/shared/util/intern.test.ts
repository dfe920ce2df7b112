import { deserialize, serialize } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { internString, internStrings, type StringPool } from '../../../src/shared/util/intern.ts'

describe('internStrings', () => {
  it('leaves the value equal and shares one copy of each text between values', () => {
    const pool: StringPool = new Map()
    const make = () => ({
      tenantId: 't1',
      hard: [{ name: 'toContainAll', passed: true, message: 'contains all 1 required literal(s)' }],
      retrieval: { retrieved: ['a#1', 'b#2'], metrics: { 'recall@5': 0.5 } },
      judge: { reasons: { crag: 'answered although it should have abstained' } },
      nothing: null,
      count: 3,
    })
    // Deserialised copies, as a worker's messages arrive: equal texts, separate strings.
    const a = deserialize(serialize(make())) as ReturnType<typeof make>
    const b = deserialize(serialize(make())) as ReturnType<typeof make>
    internStrings(a, pool)
    internStrings(b, pool)
    expect(a).toEqual(make())
    expect(b).toEqual(make())
    // Six distinct texts: 't1', the check's name and message, two chunk ids, the judge reason.
    expect(pool.size).toBe(6)
    expect(pool.get('a#1')).toBe(a.retrieval.retrieved[0])
    expect(internString(pool, 'toContainAll')).toBe(b.hard[0]!.name)
  })

  it('ignores primitives and keeps numbers and nested arrays as they are', () => {
    const pool: StringPool = new Map()
    internStrings('text', pool)
    internStrings(undefined, pool)
    const list: unknown[] = [1, 'x', [2, 'y']]
    internStrings(list, pool)
    expect(list).toEqual([1, 'x', [2, 'y']])
    expect([...pool.keys()]).toEqual(['x', 'y'])
  })
})
