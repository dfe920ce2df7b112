/**
 * `response_relevancy` in the gate: gateable like any answer metric when named in `gate.gatedMetrics`, and
 * compared only between runs that scored it the same way (template, judge model, embedding model), since cosines
 * of another embedding model are on another scale. Hand-computed on 20 paired cases.
 */
import { describe, expect, test } from 'vitest'
import { createBaseline } from '../../../src/report/gate/baseline.ts'
import { evaluateGate } from '../../../src/report/gate/evaluate.ts'
import { defaultGatePolicy } from '../../../src/report/gate/policy.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import { buildContext, buildRecord } from '../scorecard/build-records.ts'

const producer = 'response-relevancy@1 judge-m+emb-m'

/** 20 answered system-mode cases whose response_relevancy is `value(i)`, scored by `scoredBy` ('' for off). */
function run(value: (i: number) => number, scoredBy = producer) {
  const records = Array.from({ length: 20 }, (_, i) =>
    buildRecord(`C-${String(i).padStart(2, '0')}`, {
      line: i + 1,
      mode: 'system',
      answerMetrics: { response_relevancy: value(i) },
    }),
  )
  const configSnapshot = { responseRelevancy: 'model', producedBy: scoredBy ? { responseRelevancy: scoredBy } : {} }
  return buildScorecard(records, buildContext({ mode: 'system', expectedCases: 20, configSnapshot }))
}

const policy = { ...defaultGatePolicy, gatedMetrics: ['response_relevancy'], perCaseType: false }
// Baseline: every case 0.80 (mean 0.80).
const baseline = createBaseline(
  run(() => 0.8),
  '2026-12-01T00:00:00.000Z',
)

describe('response_relevancy in the gate', () => {
  test('a drop from 0.80 to 0.60 on every case (-25%, over the 5% allowed) is a regression', () => {
    const result = evaluateGate(
      run(() => 0.6),
      baseline,
      policy,
    )
    expect(result.reasons.map((r) => [r.code, r.metric])).toEqual([['metric_regression', 'response_relevancy']])
  })

  test('is not compared when another embedding model scored it, or when this run does not score it', () => {
    const other = evaluateGate(
      run(() => 0.6, 'response-relevancy@1 judge-m+emb-other'),
      baseline,
      policy,
    )
    expect(other.pass).toBe(true)
    expect(other.comparisons).toEqual([])
    expect(other.messages).toContain(
      "response_relevancy not compared: the baseline's was scored by response-relevancy@1 judge-m+emb-m and this run's by response-relevancy@1 judge-m+emb-other (responseRelevancy and models; accept a new baseline scored the same way)",
    )
    const off = evaluateGate(
      run(() => 0.6, ''),
      baseline,
      policy,
    )
    expect(off.comparisons).toEqual([])
    expect(off.messages.some((m) => m.includes("this run's by off"))).toBe(true)
  })
})
