import { describe, expect, test } from 'vitest'
import { rocAuc, splitHalves } from '../../../src/shared/stats/roc.ts'

describe('ROC AUC', () => {
  test('is the share of positive-negative pairs ranked right, ties counted half', () => {
    // pairs (0.9 > 0.4), (0.9 > 0.1), (0.4 = 0.4: half), (0.4 > 0.1) -> 3.5 / 4
    expect(rocAuc([0.9, 0.4, 0.4, 0.1], [true, true, false, false])).toBe(0.875)
    // a 0 / 0.5 / 1 score: positives [1, 1, 0.5], negatives [0.5, 0]: pairs 1>0.5, 1>0, 1>0.5, 1>0, 0.5=0.5, 0.5>0 -> 5.5 / 6
    expect(rocAuc([1, 1, 0.5, 0.5, 0], [true, true, true, false, false])).toBeCloseTo(5.5 / 6, 12)
  })
  test('is null without a positive or without a negative', () => {
    expect(rocAuc([0.2, 0.3], [true, true])).toBeNull()
  })
})

test('splitHalves gives two disjoint halves covering every row, the same for the same seed', () => {
  const { tuning, reporting } = splitHalves(11, 25)
  expect(tuning).toHaveLength(5)
  expect(reporting).toHaveLength(6)
  expect([...tuning, ...reporting].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  expect(splitHalves(11, 25)).toEqual({ tuning, reporting })
  expect(splitHalves(11, 26)).not.toEqual({ tuning, reporting })
})
