import { expect, test } from 'vitest'
import { StatsError } from '../../../src/shared/stats/errors.ts'
import { estimateNoise, NOISE_DETECTION_FACTOR } from '../../../src/shared/stats/noise.ts'

test('noise is the spread of run means: 0.70, 0.72, 0.74 -> sd 0.02', () => {
  // Each run: two cases whose recall@5 averages to the run mean.
  const runs = [
    { c1: { 'recall@5': 0.6 }, c2: { 'recall@5': 0.8 } },
    { c1: { 'recall@5': 0.64 }, c2: { 'recall@5': 0.8 } },
    { c1: { 'recall@5': 0.68 }, c2: { 'recall@5': 0.8 } },
  ]
  const noise = estimateNoise(runs)['recall@5']!
  expect(noise.runs).toBe(3)
  expect(noise.mean).toBeCloseTo(0.72, 12)
  // deviations -0.02, 0, 0.02: variance (0.0004 + 0 + 0.0004) / 2 = 0.0004 -> sd 0.02
  expect(noise.sd).toBeCloseTo(0.02, 12)
  expect(noise.min).toBeCloseTo(0.7, 12)
  expect(noise.max).toBeCloseTo(0.74, 12)
  expect(noise.minDetectableDiff).toBeCloseTo(0.02 * 1.96 * Math.SQRT2, 12) // 0.0554
  expect(NOISE_DETECTION_FACTOR).toBeCloseTo(2.7719, 4)
})

test('identical runs have zero noise, per metric', () => {
  const run = { c1: { mrr: 1, 'ndcg@10': 0.5 } }
  expect(estimateNoise([run, run])).toEqual({
    mrr: { runs: 2, mean: 1, sd: 0, min: 1, max: 1, minDetectableDiff: 0 },
    'ndcg@10': { runs: 2, mean: 0.5, sd: 0, min: 0.5, max: 0.5, minDetectableDiff: 0 },
  })
})

test('one run is refused: it says nothing about noise', () => {
  expect(() => estimateNoise([{ c1: { mrr: 1 } }])).toThrow(StatsError)
  expect(() => estimateNoise([{ c1: { mrr: 1 } }])).toThrow(/at least twice/)
})
