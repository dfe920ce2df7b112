import { expect, test } from 'vitest'
import { MetricsError } from '../../../src/grading/metrics/errors.ts'
import fc from 'fast-check'
import { mergeSpans, spanRecallAtK, spanRecallAtKs } from '../../../src/grading/metrics/span-recall.ts'

test('overlapping chunks are not double counted', () => {
  // expected d[10, 20); chunks d[0, 15) and d[12, 18) cover [10, 18) = 8 of 10 chars.
  const chunks = [
    { docId: 'd', start: 0, end: 15 },
    { docId: 'd', start: 12, end: 18 },
  ]
  expect(spanRecallAtK(chunks, [{ docId: 'd', start: 10, end: 20 }], 2)).toBeCloseTo(0.8, 15)
})

test('only the top k chunks count, and a chunk of another document covers nothing', () => {
  const chunks = [
    { docId: 'e', start: 10, end: 20 },
    { docId: 'd', start: 10, end: 20 },
  ]
  const expected = [{ docId: 'd', start: 10, end: 20 }]
  expect(spanRecallAtK(chunks, expected, 1)).toBe(0)
  expect(spanRecallAtK(chunks, expected, 2)).toBe(1)
})

test('expected spans across two documents are weighted by their length', () => {
  // expected d[0, 10) and e[0, 30): 40 chars; a chunk covers all of d -> 10 / 40 = 0.25.
  const expected = [
    { docId: 'd', start: 0, end: 10 },
    { docId: 'e', start: 0, end: 30 },
  ]
  expect(spanRecallAtK([{ docId: 'd', start: 0, end: 100 }], expected, 5)).toBe(0.25)
})

test('span recall is 1.0 when nothing was expected', () => {
  expect(spanRecallAtK([], [], 5)).toBe(1)
})

test('overlapping expected spans merge into one interval', () => {
  expect(
    mergeSpans([
      { docId: 'd', start: 5, end: 9 },
      { docId: 'd', start: 0, end: 6 },
      { docId: 'd', start: 9, end: 12 },
    ]),
  ).toEqual(new Map([['d', [[0, 12]]]]))
})

test('a span that ends before it starts is refused', () => {
  expect(() => spanRecallAtK([{ docId: 'd', start: 5, end: 2 }], [], 1)).toThrow(MetricsError)
})

test('spanRecallAtKs gives spanRecallAtK at each k: expected d[10, 20); chunks d[0, 15), d[12, 18) -> 0.5, 0.8, 0.8', () => {
  const top = [
    { docId: 'd', start: 0, end: 15 },
    { docId: 'd', start: 12, end: 18 },
  ]
  // k=1: [10, 15) = 5 of 10; k=2 and k=5: [10, 18) = 8 of 10.
  expect(spanRecallAtKs(top, [{ docId: 'd', start: 10, end: 20 }], [1, 2, 5])).toEqual([0.5, 0.8, 0.8])
  expect(() => spanRecallAtKs(top, [], [3, 0])).toThrow(/spanRecallAtK needs a whole k >= 1, got 0/)
})

test('property: spanRecallAtKs equals spanRecallAtK per k for any spans', () => {
  const span = fc
    .record({
      docId: fc.constantFrom('a', 'b'),
      start: fc.integer({ min: 0, max: 50 }),
      length: fc.integer({ min: 0, max: 30 }),
    })
    .map(({ docId, start, length }) => ({ docId, start, end: start + length }))
  fc.assert(
    fc.property(
      fc.array(span, { maxLength: 8 }),
      fc.array(span, { maxLength: 4 }),
      fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 5 }),
      (top, expected, ks) => {
        expect(spanRecallAtKs(top, expected, ks)).toEqual(ks.map((k) => spanRecallAtK(top, expected, k)))
      },
    ),
  )
})
