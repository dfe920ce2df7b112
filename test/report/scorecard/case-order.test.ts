import { describe, expect, test } from 'vitest'
import { byCaseId, inCaseIdOrder } from '../../../src/report/scorecard/case-order.ts'

const id = (item: { id: string }) => item.id

describe('items in case-id order', () => {
  test('out of order: sorted by the collation, as a plain sort by byCaseId gives', () => {
    // The collation sorts 'GC-10' before 'GC-2' (character by character, '1' < '2').
    const items = [{ id: 'GC-2' }, { id: 'GC-10' }, { id: 'AB-1' }]
    expect(inCaseIdOrder(items, id).map(id)).toEqual(['AB-1', 'GC-10', 'GC-2'])
    expect(inCaseIdOrder(items, id)).toEqual([...items].sort((a, b) => byCaseId(a.id, b.id)))
    // The input is not sorted in place.
    expect(items.map(id)).toEqual(['GC-2', 'GC-10', 'AB-1'])
  })

  test('already in order: a new array with the same items in the same order', () => {
    const items = [{ id: 'A-1' }, { id: 'A-1', n: 2 }, { id: 'B-1' }]
    const out = inCaseIdOrder(items, id)
    expect(out).not.toBe(items)
    expect(out).toEqual(items)
  })

  test('equal ids keep their input order (stable), in order or not', () => {
    const items = [
      { id: 'B', n: 1 },
      { id: 'A', n: 2 },
      { id: 'B', n: 3 },
    ]
    expect(inCaseIdOrder(items, id).map((i) => `${i.id}${i.n}`)).toEqual(['A2', 'B1', 'B3'])
  })
})
