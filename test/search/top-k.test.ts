import fc from 'fast-check'
import { expect, test } from 'vitest'
import { TopK } from '../../src/search/top-k.ts'

test('the bounded heap returns the same first k as a full sort by score desc, index asc, sorted or drained (property)', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 60 }),
      fc.integer({ min: 0, max: 12 }),
      (scores, k) => {
        const heap = new TopK(k)
        scores.forEach((s, i) => heap.push(s, i))
        const expected = scores
          .map((score, index) => ({ index, score }))
          .sort((a, b) => b.score - a.score || a.index - b.index)
          .slice(0, k)
        expect(heap.sorted()).toEqual(expected)
        // rankedRows drains the same order as rows offset by the base, and leaves the heap empty.
        expect(heap.rankedRows(100)).toEqual(expected.map(({ index, score }) => ({ row: 100 + index, score })))
        expect(heap.sorted()).toEqual([])
      },
    ),
    { numRuns: 300, seed: 7 },
  )
})
