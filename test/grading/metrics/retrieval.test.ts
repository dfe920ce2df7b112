import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { MetricsError } from '../../../src/grading/metrics/errors.ts'
import {
  DEFAULT_KS,
  hitAtK,
  ndcgAtK,
  precisionAtK,
  recallAtK,
  reciprocalRank,
  scoreRetrieval,
} from '../../../src/grading/metrics/retrieval.ts'

const judged = (entries: Record<string, number>): Map<string, number> => new Map(Object.entries(entries))

describe('hand-computed cases', () => {
  test('recall@k, hit@k, mrr and ndcg@k are 1.0 when nothing was expected, precision@k is 0', () => {
    const none = judged({ z: 0 }) // a grade-0 judgment is not relevant
    expect(recallAtK(['a', 'b'], none, 5)).toBe(1)
    expect(hitAtK(['a', 'b'], none, 5)).toBe(1)
    expect(reciprocalRank(['a', 'b'], none)).toBe(1)
    expect(ndcgAtK(['a', 'b'], none, 5)).toBe(1)
    expect(precisionAtK(['a', 'b'], none, 5)).toBe(0)
  })

  test('retrieving nothing scores 0 on every metric when something was expected', () => {
    const rel = judged({ a: 3 })
    expect(scoreRetrieval([], rel, { ks: [5] })).toEqual({
      'recall@5': 0,
      'precision@5': 0,
      'hit@5': 0,
      'ndcg@5': 0,
      mrr: 0,
    })
  })

  test('precision@k divides by the number retrieved when fewer than k came back', () => {
    // ranked [a, x], relevant {a}: 1 relevant / min(5, 2) = 0.5 (trec_eval P_5 would give 1/5).
    expect(precisionAtK(['a', 'x'], judged({ a: 1 }), 5)).toBe(0.5)
    // recall@5 = 1/2 when b is also relevant and missing.
    expect(recallAtK(['a', 'x'], judged({ a: 1, b: 2 }), 5)).toBe(0.5)
  })

  test('a repeated id counts once, at its first position, and its repeat still takes a slot', () => {
    const rel = judged({ a: 3, b: 3 })
    // [a, a, b]: top 2 = a and a repeat -> 1 relevant of 2 positions, recall 1/2.
    expect(precisionAtK(['a', 'a', 'b'], rel, 2)).toBe(0.5)
    expect(recallAtK(['a', 'a', 'b'], rel, 2)).toBe(0.5)
    expect(recallAtK(['a', 'a', 'b'], rel, 3)).toBe(1)
    // DCG@3 = 3/1 + 0 + 3/log2(4) = 4.5; ideal = 3 + 3/log2(3) = 4.8928; nDCG = 0.91972
    expect(ndcgAtK(['a', 'a', 'b'], rel, 3)).toBeCloseTo(4.5 / (3 + 3 / Math.log2(3)), 12)
    // A repeat of an irrelevant id before the first relevant one still pushes it down: [x, x, a] -> 1/3.
    expect(reciprocalRank(['x', 'x', 'a'], rel)).toBeCloseTo(1 / 3, 15)
  })

  test('graded nDCG uses linear gain and the ideal order over all judged grades', () => {
    const rel = judged({ a: 3, b: 1, c: 2, z: 0 })
    // ranked [b, a]: DCG@2 = 1/log2(2) + 3/log2(3) = 1 + 1.89279 = 2.89279
    // ideal@2 over {3, 2, 1}: 3/1 + 2/log2(3) = 3 + 1.26186 = 4.26186 -> nDCG = 0.67876
    expect(ndcgAtK(['b', 'a'], rel, 2)).toBeCloseTo((1 + 3 / Math.log2(3)) / (3 + 2 / Math.log2(3)), 12)
    expect(ndcgAtK(['b', 'a'], rel, 2)).toBeCloseTo(0.67876, 4)
    // The perfect order scores 1.
    expect(ndcgAtK(['a', 'c', 'b'], rel, 3)).toBeCloseTo(1, 15)
  })

  test('ties are broken by the array order: equal-score ids score by where they stand', () => {
    // The ranker tied x and a; it put x first, so reciprocal rank is 1/2, not 1.
    expect(reciprocalRank(['x', 'a'], judged({ a: 1 }))).toBe(0.5)
  })

  test('reciprocal rank with a cutoff is 0 when the first relevant id is below it', () => {
    expect(reciprocalRank(['x', 'y', 'a'], judged({ a: 1 }))).toBeCloseTo(1 / 3, 15)
    expect(reciprocalRank(['x', 'y', 'a'], judged({ a: 1 }), 2)).toBe(0)
  })

  test('scoreRetrieval names every metric per default k plus mrr', () => {
    const metrics = scoreRetrieval(['a'], judged({ a: 3 }))
    expect(Object.keys(metrics)).toHaveLength(DEFAULT_KS.length * 4 + 1)
    expect(metrics['recall@5']).toBe(1)
    expect(metrics['ndcg@10']).toBe(1)
    expect(metrics['precision@20']).toBe(1)
    expect(metrics.mrr).toBe(1)
  })

  test('a k below 1 is refused with a MetricsError quoting it', () => {
    expect(() => recallAtK(['a'], judged({ a: 1 }), 0)).toThrow(MetricsError)
    expect(() => recallAtK(['a'], judged({ a: 1 }), 0)).toThrow(/got 0/)
  })
})

const ids = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9']
const rankedArb = fc.array(fc.constantFrom(...ids), { maxLength: 15 })
const judgedArb = fc
  .array(fc.tuple(fc.constantFrom(...ids), fc.integer({ min: 0, max: 3 })), { maxLength: 8 })
  .map((pairs) => new Map(pairs))

describe('properties', () => {
  test('every metric stays in [0, 1]', () => {
    fc.assert(
      fc.property(rankedArb, judgedArb, fc.integer({ min: 1, max: 20 }), (ranked, rel, k) => {
        for (const value of Object.values(scoreRetrieval(ranked, rel, { ks: [k] }))) {
          expect(value).toBeGreaterThanOrEqual(0)
          expect(value).toBeLessThanOrEqual(1 + 1e-12)
        }
      }),
    )
  })

  test('recall@k and hit@k never fall as k grows', () => {
    fc.assert(
      fc.property(rankedArb, judgedArb, fc.integer({ min: 1, max: 15 }), (ranked, rel, k) => {
        expect(recallAtK(ranked, rel, k + 1)).toBeGreaterThanOrEqual(recallAtK(ranked, rel, k))
        expect(hitAtK(ranked, rel, k + 1)).toBeGreaterThanOrEqual(hitAtK(ranked, rel, k))
      }),
    )
  })

  test('scoreRetrieval gives exactly (bit for bit) what each metric function gives, for any cutoffs and discount', () => {
    const ksArb = fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 5 })
    const discountArb = fc.constantFrom('log2(rank+1)' as const, 'log2(max(rank,2))' as const)
    fc.assert(
      fc.property(rankedArb, judgedArb, ksArb, discountArb, (ranked, rel, ks, discount) => {
        const expected: Record<string, number> = {}
        for (const k of ks) {
          expected[`recall@${k}`] = recallAtK(ranked, rel, k)
          expected[`precision@${k}`] = precisionAtK(ranked, rel, k)
          expected[`hit@${k}`] = hitAtK(ranked, rel, k)
          expected[`ndcg@${k}`] = ndcgAtK(ranked, rel, k, discount)
        }
        expected.mrr = reciprocalRank(ranked, rel)
        const got = scoreRetrieval(ranked, rel, { ks, ndcgDiscount: discount })
        // Same keys in the same order (the scorecard writes them in this order), same values.
        expect(Object.keys(got)).toEqual(Object.keys(expected))
        for (const key of Object.keys(expected)) expect(Object.is(got[key], expected[key])).toBe(true)
      }),
    )
  })
})
