import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  answerRelevance,
  citationAccuracy,
  contextPrecision,
  contextRecall,
  cragTruthfulness,
  faithfulness,
  noiseSensitivity,
} from '../../src/metrics/answer.ts'

test('faithfulness is supported claims over claims, and 1.0 with no claims', () => {
  expect(faithfulness([{ supported: true }, { supported: true }, { supported: false }])).toBeCloseTo(2 / 3, 15)
  expect(faithfulness([])).toBe(1)
})

test('context precision averages precision@i over the relevant ranks', () => {
  // relevant at ranks 1 and 3: (1/1 + 2/3) / 2 = 0.8333
  expect(contextPrecision([true, false, true])).toBeCloseTo(5 / 6, 15)
  // relevant only at rank 2: (1/2) / 1
  expect(contextPrecision([false, true])).toBe(0.5)
  expect(contextPrecision([false, false])).toBe(0)
  expect(contextPrecision([])).toBe(0)
})

test('context recall is attributed reference claims over reference claims, 1.0 with none', () => {
  expect(contextRecall([{ attributed: true }, { attributed: true }, { attributed: true }, { attributed: false }])).toBe(0.75)
  expect(contextRecall([])).toBe(1)
})

test('answer relevance is the mean of scores clamped to [0, 1], 0 with none', () => {
  // (0.9 + 0.7 + 0) / 3 = 0.5333
  expect(answerRelevance([0.9, 0.7, -0.1])).toBeCloseTo(1.6 / 3, 15)
  expect(answerRelevance([0.5])).toBe(0.5)
  expect(answerRelevance([])).toBe(0)
})

test('noise sensitivity counts incorrect claims backed only by irrelevant chunks', () => {
  const claims = [
    { correct: true, supportedByRelevant: true, supportedByIrrelevant: false },
    { correct: false, supportedByRelevant: false, supportedByIrrelevant: true }, // misled by noise
    { correct: false, supportedByRelevant: true, supportedByIrrelevant: true }, // also backed by a relevant chunk
    { correct: false, supportedByRelevant: false, supportedByIrrelevant: false }, // invented, not noise
  ]
  expect(noiseSensitivity(claims)).toBe(0.25)
  expect(noiseSensitivity([])).toBe(0)
})

test('citation accuracy counts a claim without a marker as one wrong marker', () => {
  // claim A cites [1, 2], only 1 supports it; claim B cites nothing -> 1 / (2 + 1)
  expect(citationAccuracy([{ markers: [1, 2], supportingMarkers: [1] }, { markers: [], supportingMarkers: [3] }])).toBeCloseTo(1 / 3, 15)
  // a repeated marker counts once: [1, 1] supported -> 1 / 1
  expect(citationAccuracy([{ markers: [1, 1], supportingMarkers: [1] }])).toBe(1)
  expect(citationAccuracy([])).toBe(1)
})

test('CRAG truthfulness scores +1 / +0.5 / 0 / -1 and averages', () => {
  // (1 + 0 - 1 + 0.5) / 4 = 0.125
  expect(cragTruthfulness(['perfect', 'missing', 'incorrect', 'acceptable'])).toBe(0.125)
  expect(cragTruthfulness(['incorrect', 'incorrect'])).toBe(-1)
  expect(cragTruthfulness([])).toBe(0)
})

test('every answer metric stays in its range on arbitrary verdicts', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ supported: fc.boolean(), attributed: fc.boolean(), correct: fc.boolean(), supportedByRelevant: fc.boolean(), supportedByIrrelevant: fc.boolean() })),
      fc.array(fc.boolean()),
      fc.array(fc.double({ min: -1, max: 2, noNaN: true })),
      fc.array(fc.record({ markers: fc.array(fc.nat(5)), supportingMarkers: fc.array(fc.nat(5)) })),
      fc.array(fc.constantFrom('perfect' as const, 'acceptable' as const, 'missing' as const, 'incorrect' as const)),
      (claims, relevance, scores, cited, grades) => {
        for (const value of [faithfulness(claims), contextRecall(claims), noiseSensitivity(claims), contextPrecision(relevance), answerRelevance(scores), citationAccuracy(cited)]) {
          expect(value).toBeGreaterThanOrEqual(0)
          expect(value).toBeLessThanOrEqual(1 + 1e-12)
        }
        expect(Math.abs(cragTruthfulness(grades))).toBeLessThanOrEqual(1)
      },
    ),
  )
})
