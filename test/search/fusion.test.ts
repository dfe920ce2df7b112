import { describe, expect, test } from 'vitest'
import { minMaxNormalize, reciprocalRankFusion, weightedScoreFusion } from '../../src/search/fusion.ts'

describe('fusion', () => {
  test('reciprocal rank fusion on a hand-worked example', () => {
    // List A (BM25): 1, 2, 3. List B (vector): 3, 1.  k = 60.
    // key 1: 1/61 + 1/62 = 0.0163934 + 0.0161290 = 0.0325225
    // key 3: 1/63 + 1/61 = 0.0158730 + 0.0163934 = 0.0322665
    // key 2: 1/62                                 = 0.0161290
    const fused = reciprocalRankFusion(
      [
        [
          { key: 1, score: 9 },
          { key: 2, score: 5 },
          { key: 3, score: 1 },
        ],
        [
          { key: 3, score: 0.9 },
          { key: 1, score: 0.2 },
        ],
      ],
      60,
    )
    expect(fused.map((f) => f.key)).toEqual([1, 3, 2])
    expect(fused[0]!.score).toBeCloseTo(0.0325225, 6)
    expect(fused[1]!.score).toBeCloseTo(0.0322665, 6)
    expect(fused[2]!.score).toBeCloseTo(0.016129, 6)
  })

  test('equal fused scores break by key ascending', () => {
    // key 5 is first in A and key 4 first in B: both 1/61 + 1/62.
    const fused = reciprocalRankFusion([
      [
        { key: 5, score: 1 },
        { key: 4, score: 0.5 },
      ],
      [
        { key: 4, score: 1 },
        { key: 5, score: 0.5 },
      ],
    ])
    expect(fused.map((f) => f.key)).toEqual([4, 5])
  })

  test('min-max normalisation maps [4, 2, 1] to [1, 1/3, 0] and a constant list to ones', () => {
    expect(minMaxNormalize([4, 2, 1])).toEqual([1, 1 / 3, 0])
    expect(minMaxNormalize([2, 2])).toEqual([1, 1])
  })

  test('weighted fusion sums weights times normalised scores', () => {
    // A: key 1 -> 1, key 2 -> 0. B: key 2 -> 1, key 3 -> 0. Weights 0.3 / 0.7.
    // key 1: 0.3, key 2: 0 + 0.7 = 0.7, key 3: 0.
    const fused = weightedScoreFusion(
      [
        [
          { key: 1, score: 10 },
          { key: 2, score: 2 },
        ],
        [
          { key: 2, score: 0.8 },
          { key: 3, score: 0.1 },
        ],
      ],
      [0.3, 0.7],
    )
    expect(fused).toEqual([
      { key: 2, score: 0.7 },
      { key: 1, score: 0.3 },
      { key: 3, score: 0 },
    ])
  })
})
