import { describe, expect, test } from 'vitest'
import { createBaseline } from '../../../src/report/gate/baseline.ts'
import { evaluateGate } from '../../../src/report/gate/evaluate.ts'
import { defaultGatePolicy } from '../../../src/report/gate/policy.ts'
import { judgeVersionOf, scoringChanges } from '../../../src/report/gate/scoring-changes.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import type { CaseRecord } from '../../../src/evaluation/case-record.ts'
import { buildContext, uniformRun } from '../scorecard/build-records.ts'

const CREATED_AT = '2026-12-01T00:00:00.000Z'

/** 20 heuristic-judged system-mode cases: recall@5 etc. = `retrieval`, faithfulness = `faithfulness`. */
function judged(retrieval: number, faithfulness: number): CaseRecord[] {
  return uniformRun(20, () => retrieval).map((r) => ({
    ...r,
    mode: 'system' as const,
    judge: { kind: 'heuristic' as const, failed: false },
    answerMetrics: { faithfulness },
  }))
}
const snapshotBy = (judge?: string) => ({ judge: 'heuristic', ...(judge ? { producedBy: { judge } } : {}) })
const scorecardOf = (records: CaseRecord[], judge?: string) =>
  buildScorecard(
    records,
    buildContext({ expectedCases: records.length, mode: 'system', configSnapshot: snapshotBy(judge) }),
  )

describe('a change of the judge version', () => {
  const before = createBaseline(scorecardOf(judged(0.8, 1), 'heuristic-5'), CREATED_AT)

  test('the snapshot records it as producedBy.judge', () => {
    expect(judgeVersionOf(before.configSnapshot)).toBe('heuristic-5')
    expect(judgeVersionOf({ judge: 'heuristic' })).toBe(undefined)
  })

  test('makes the judge metrics NOT COMPARABLE with the reason; the retrieval metrics are still compared', () => {
    // Retrieval falls 0.8 -> 0.7 on every case (-12.5%): a confirmed regression, still reported.
    const result = evaluateGate(scorecardOf(judged(0.7, 0.5), 'heuristic-6'), before)
    expect(result.pass).toBe(false)
    expect(result.reasons[0]).toEqual({
      code: 'not_comparable',
      message:
        'NOT COMPARABLE: judge metrics (faithfulness, citation_accuracy, answer_relevance, crag_truthfulness): scoring changed: ' +
        'the baseline was judged by heuristic-5 and this run by heuristic-6 (another judge rule set or prompt version scores differently); ' +
        'they were not compared (the other metrics were). If the change is intended, review this scorecard and accept it as the new ' +
        'baseline with `npx vitest-rag baseline accept --yes`',
    })
    // faithfulness 1 -> 0.5 is not compared; recall@5, mrr, ndcg@10 are, overall and per case type.
    expect(new Set(result.comparisons.map((c) => c.metric))).toEqual(new Set(['recall@5', 'mrr', 'ndcg@10']))
    expect(result.reasons.filter((r) => r.code === 'metric_regression')).toHaveLength(6)
  })

  test('the same version compares the judge metrics as before', () => {
    const result = evaluateGate(scorecardOf(judged(0.8, 0.5), 'heuristic-5'), before)
    expect(result.reasons.map((r) => `${r.code} ${r.metric}`)).toEqual([
      'metric_regression faithfulness',
      'metric_regression faithfulness',
    ])
  })

  test('a baseline that recorded no judge version says so and how to re-accept; with "warn" it only warns', () => {
    const old = createBaseline(scorecardOf(judged(0.8, 1)), CREATED_AT)
    const run = scorecardOf(judged(0.8, 1), 'heuristic-5')
    expect(scoringChanges(run, old, defaultGatePolicy)).toEqual([
      {
        scope: 'judge',
        reason:
          'the baseline does not record its judge version (it was accepted before vitest-rag recorded one) and this run was judged by heuristic-5',
      },
    ])
    const warned = evaluateGate(run, old, { ...defaultGatePolicy, onNotComparable: 'warn' })
    expect(warned.pass).toBe(true)
    expect(warned.messages).toContainEqual(
      expect.stringMatching(
        /^WARNING NOT COMPARABLE: judge metrics .* accept it as the new baseline with `npx vitest-rag baseline accept --yes`$/,
      ),
    )
  })

  test('a gate that gates no judge metric is not blinded by a new judge version', () => {
    const run = scorecardOf(judged(0.8, 1), 'heuristic-6')
    expect(scoringChanges(run, before, { gatedMetrics: ['recall@5'] })).toEqual([])
  })
})
