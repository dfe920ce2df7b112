import { expect, test } from 'vitest'
import { MetricsError } from '../../src/metrics/errors.ts'
import { mergeSpans, spanRecallAtK } from '../../src/metrics/span-recall.ts'

test('overlapping chunks are not double counted', () => {
  // expected d[10, 20); chunks d[0, 15) and d[12, 18) cover [10, 18) = 8 of 10 chars.
  const chunks = [{ docId: 'd', start: 0, end: 15 }, { docId: 'd', start: 12, end: 18 }]
  expect(spanRecallAtK(chunks, [{ docId: 'd', start: 10, end: 20 }], 2)).toBeCloseTo(0.8, 15)
})

test('only the top k chunks count, and a chunk of another document covers nothing', () => {
  const chunks = [{ docId: 'e', start: 10, end: 20 }, { docId: 'd', start: 10, end: 20 }]
  const expected = [{ docId: 'd', start: 10, end: 20 }]
  expect(spanRecallAtK(chunks, expected, 1)).toBe(0)
  expect(spanRecallAtK(chunks, expected, 2)).toBe(1)
})

test('expected spans across two documents are weighted by their length', () => {
  // expected d[0, 10) and e[0, 30): 40 chars; a chunk covers all of d -> 10 / 40 = 0.25.
  const expected = [{ docId: 'd', start: 0, end: 10 }, { docId: 'e', start: 0, end: 30 }]
  expect(spanRecallAtK([{ docId: 'd', start: 0, end: 100 }], expected, 5)).toBe(0.25)
})

test('span recall is 1.0 when nothing was expected', () => {
  expect(spanRecallAtK([], [], 5)).toBe(1)
})

test('overlapping expected spans merge into one interval', () => {
  expect(mergeSpans([{ docId: 'd', start: 5, end: 9 }, { docId: 'd', start: 0, end: 6 }, { docId: 'd', start: 9, end: 12 }]))
    .toEqual(new Map([['d', [[0, 12]]]]))
})

test('a span that ends before it starts is refused', () => {
  expect(() => spanRecallAtK([{ docId: 'd', start: 5, end: 2 }], [], 1)).toThrow(MetricsError)
})
