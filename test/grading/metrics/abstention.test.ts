import fc from 'fast-check'
import { expect, test } from 'vitest'
import { abstentionPrecisionRecall, aurc, riskCoverageCurve } from '../../../src/grading/metrics/abstention.ts'

test('the risk-coverage curve has one point per distinct confidence, highest first', () => {
  const pairs = [
    { confidence: 0.8, correct: false },
    { confidence: 0.9, correct: true },
    { confidence: 0.8, correct: true },
  ]
  expect(riskCoverageCurve(pairs)).toEqual([
    { coverage: 1 / 3, risk: 0, threshold: 0.9 },
    { coverage: 1, risk: 1 / 3, threshold: 0.8 },
  ])
  expect(riskCoverageCurve([])).toEqual([])
})

test('AURC is the mean risk of each accepted prefix', () => {
  // right at 0.9, wrong at 0.5: prefixes risk 0/1 and 1/2 -> 0.25
  expect(
    aurc([
      { confidence: 0.5, correct: false },
      { confidence: 0.9, correct: true },
    ]),
  ).toBe(0.25)
  // a perfect ranking of 2 right then 2 wrong: (0 + 0 + 1/3 + 2/4) / 4 = 0.2083
  const pairs = [0.9, 0.8, 0.2, 0.1].map((confidence, i) => ({ confidence, correct: i < 2 }))
  expect(aurc(pairs)).toBeCloseTo((1 / 3 + 1 / 2) / 4, 15)
  expect(aurc([])).toBe(0)
})

test('AURC gives tied confidences the expected risk over their orders', () => {
  // both at 0.7, one wrong: prefix 1 has expected risk 0.5, prefix 2 has 1/2 -> 0.5
  expect(
    aurc([
      { confidence: 0.7, correct: true },
      { confidence: 0.7, correct: false },
    ]),
  ).toBe(0.5)
})

test('AURC and the curve do not depend on input order', () => {
  const pairArb = fc.record({ confidence: fc.constantFrom(0.1, 0.5, 0.5, 0.9), correct: fc.boolean() })
  fc.assert(
    fc.property(
      fc
        .array(pairArb, { maxLength: 12 })
        .chain((p) => fc.tuple(fc.constant(p), fc.shuffledSubarray(p, { minLength: p.length, maxLength: p.length }))),
      ([pairs, shuffled]) => {
        expect(aurc(shuffled)).toBeCloseTo(aurc(pairs), 12)
        expect(riskCoverageCurve(shuffled)).toEqual(riskCoverageCurve(pairs))
      },
    ),
  )
})

test('abstention precision and recall on a mixed run', () => {
  // abstained on 3, 2 of them must abstain; one more must abstain but was answered.
  const rows = [
    { abstained: true, mustAbstain: true },
    { abstained: true, mustAbstain: true },
    { abstained: true, mustAbstain: false },
    { abstained: false, mustAbstain: true },
    { abstained: false, mustAbstain: false },
  ]
  const scores = abstentionPrecisionRecall(rows)
  expect(scores.precision).toBeCloseTo(2 / 3, 15)
  expect(scores.recall).toBeCloseTo(2 / 3, 15)
  expect(scores.f1).toBeCloseTo(2 / 3, 15)
  expect([scores.abstained, scores.mustAbstain, scores.correctAbstentions]).toEqual([3, 3, 2])
})

test('an all-abstain run has full recall and precision equal to the share that must abstain', () => {
  const rows = [
    { abstained: true, mustAbstain: true },
    { abstained: true, mustAbstain: false },
    { abstained: true, mustAbstain: false },
    { abstained: true, mustAbstain: false },
  ]
  expect(abstentionPrecisionRecall(rows)).toMatchObject({ precision: 0.25, recall: 1, f1: 0.4 })
})

test('a run that never abstains has no precision (not applicable, not 1) and recall 0 when some case must abstain', () => {
  // precision = 0 correct / 0 abstentions: undefined; recall = 0 / 1 = 0; F1 needs both: not applicable.
  expect(abstentionPrecisionRecall([{ abstained: false, mustAbstain: true }])).toMatchObject({
    precision: null,
    recall: 0,
    f1: null,
  })
  // No case must abstain and none abstained: neither ratio has a denominator.
  expect(abstentionPrecisionRecall([{ abstained: false, mustAbstain: false }])).toMatchObject({
    precision: null,
    recall: null,
    f1: null,
  })
})
