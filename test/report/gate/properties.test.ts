import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { createBaseline } from '../../../src/report/gate/baseline.ts'
import { evaluateGate } from '../../../src/report/gate/evaluate.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import type { CaseRecord } from '../../../src/evaluation/case-record.ts'
import { buildContext, uniformRun } from '../scorecard/build-records.ts'

// Sizes stay at or under 14 cases so the exact sign-flip enumeration (2^n patterns) keeps this file fast.
const scorecardOf = (records: CaseRecord[]) => buildScorecard(records, buildContext({ expectedCases: records.length }))
const valuesArb = fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 6, maxLength: 14 })

describe('gate properties', () => {
  test('raising any case never fails the gate', () => {
    fc.assert(
      fc.property(
        valuesArb,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 14, maxLength: 14 }),
        (values, raises) => {
          const baseline = createBaseline(scorecardOf(uniformRun(values.length, (i) => values[i]!)), 'fixed')
          const raised = uniformRun(values.length, (i) => Math.min(1, values[i]! + raises[i]! * (1 - values[i]!)))
          const result = evaluateGate(scorecardOf(raised), baseline)
          expect(result.pass, result.messages.join('\n')).toBe(true)
        },
      ),
      { numRuns: 40 },
    )
  })

  test('a consistent drop of more than 5% on every one of at least 6 cases always fails', () => {
    fc.assert(
      fc.property(valuesArb, fc.double({ min: 0.5, max: 0.94, noNaN: true }), (values, factor) => {
        const baseline = createBaseline(scorecardOf(uniformRun(values.length, (i) => values[i]!)), 'fixed')
        const result = evaluateGate(scorecardOf(uniformRun(values.length, (i) => values[i]! * factor)), baseline)
        expect(result.pass).toBe(false)
        expect(result.reasons.every((r) => r.code === 'metric_regression')).toBe(true)
      }),
      { numRuns: 25 },
    )
  })

  test('a consistent drop of at most 5% always passes', () => {
    fc.assert(
      fc.property(valuesArb, fc.double({ min: 0.95, max: 1, noNaN: true }), (values, factor) => {
        const baseline = createBaseline(scorecardOf(uniformRun(values.length, (i) => values[i]!)), 'fixed')
        const result = evaluateGate(scorecardOf(uniformRun(values.length, (i) => values[i]! * factor)), baseline)
        expect(result.pass, result.messages.join('\n')).toBe(true)
      }),
      { numRuns: 40 },
    )
  })
})
