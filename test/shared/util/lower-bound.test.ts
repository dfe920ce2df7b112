import { expect, test } from 'vitest'
import { lowerBound } from '../../../src/shared/util/lower-bound.ts'

test('lowerBound finds the first value not below the one asked for, within the given end', () => {
  const sorted = Float64Array.from([0, 0.5, 0.5, 1])
  expect(lowerBound(sorted, 0.5)).toBe(1) // the first of the two halves
  expect(lowerBound(sorted, -1)).toBe(0)
  expect(lowerBound(sorted, 0.75)).toBe(3)
  expect(lowerBound(sorted, 2)).toBe(4) // every value is below: the end
  expect(lowerBound(sorted, 2, 2)).toBe(2) // only the first two values are searched
})
