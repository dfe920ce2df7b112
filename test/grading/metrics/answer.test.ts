import fc from 'fast-check'
import { expect, test } from 'vitest'
import { contextPrecision, contextRecall, faithfulness, noiseSensitivity } from '../../../src/grading/metrics/answer.ts'

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
  expect(contextRecall([{ attributed: true }, { attributed: true }, { attributed: true }, { attributed: false }])).toBe(
    0.75,
  )
  expect(contextRecall([])).toBe(1)
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

test('every answer metric stays in its range on arbitrary verdicts', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          supported: fc.boolean(),
          attributed: fc.boolean(),
          correct: fc.boolean(),
          supportedByRelevant: fc.boolean(),
          supportedByIrrelevant: fc.boolean(),
        }),
      ),
      fc.array(fc.boolean()),
      (claims, relevance) => {
        for (const value of [
          faithfulness(claims),
          contextRecall(claims),
          noiseSensitivity(claims),
          contextPrecision(relevance),
        ]) {
          expect(value).toBeGreaterThanOrEqual(0)
          expect(value).toBeLessThanOrEqual(1 + 1e-12)
        }
      },
    ),
  )
})
