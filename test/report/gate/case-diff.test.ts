import { describe, expect, test } from 'vitest'
import { createBaseline } from '../../../src/report/gate/baseline.ts'
import { diffCases, rankedAbsent } from '../../../src/report/gate/case-diff.ts'
import { evaluateGate } from '../../../src/report/gate/evaluate.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import type { CaseRecord } from '../../../src/evaluation/case-record.ts'
import { buildContext, buildRecord } from '../scorecard/build-records.ts'

const hit = (chunkId: string, i: number) => ({ chunkId, score: 10 - i, tenantId: 't' })
function caseOf(id: string, ranked: string[], mrr: number, answer = 'Five seats.'): CaseRecord {
  return buildRecord(id, {
    mode: 'system',
    retrieval: { retrieved: ranked.map(hit), metrics: { mrr } },
    answer: { text: answer, abstained: false, citedMarkers: [] },
  })
}
const scorecardOf = (records: CaseRecord[]) =>
  buildScorecard(records, buildContext({ expectedCases: records.length, mode: 'system' }))

describe('what changed, per case', () => {
  test('rankedAbsent: ids of one ranking missing from the other, with their 1-based ranks', () => {
    expect(rankedAbsent(['a', 'd', 'b'], ['a', 'b', 'c'])).toEqual([{ id: 'd', rank: 2 }])
    expect(rankedAbsent(['a', 'b', 'c'], ['a', 'd', 'b'])).toEqual([{ id: 'c', rank: 3 }])
  })

  test('a case whose gated metric fell names the sources that left and entered its top k and whether its answer changed', () => {
    const baseline = createBaseline(
      scorecardOf([caseOf('A', ['x#0', 'y#0', 'z#0'], 1), caseOf('B', ['x#0'], 1), caseOf('C', ['x#0'], 0.5)]),
    )
    // A: x#0 left (was #1), w#0 entered (#3), mrr 1 -> 0.5, answer reworded; B unchanged; C rose 0.5 -> 1 (not listed).
    const current = scorecardOf([
      caseOf('A', ['y#0', 'z#0', 'w#0'], 0.5, 'Six seats.'),
      caseOf('B', ['x#0'], 1),
      caseOf('C', ['x#0'], 1),
    ])
    expect(diffCases(current, baseline, { gatedMetrics: ['mrr'] })).toEqual({
      rows: [
        {
          caseId: 'A',
          fell: [{ metric: 'mrr', baseline: 1, current: 0.5 }],
          left: [{ id: 'x#0', rank: 1 }],
          entered: [{ id: 'w#0', rank: 3 }],
          answerChanged: true,
        },
      ],
      more: 0,
    })
    expect(evaluateGate(current, baseline).caseDiffs?.map((r) => r.caseId)).toEqual(['A'])
  })

  test('a case whose hard check flipped to failing is listed first, with its top-k diff; one that failed before too is not', () => {
    const failing = (r: CaseRecord) => ({
      ...r,
      hard: [{ name: 'toContainAll' as const, passed: false, message: 'missing' }],
    })
    const passing = (r: CaseRecord) => ({ ...r, hard: [{ name: 'toContainAll' as const, passed: true }] })
    // A: passed, now fails, same ranking and values; B: failed in the baseline too; C: mrr 1 -> 0.5, checks pass.
    const baseline = createBaseline(
      scorecardOf([
        passing(caseOf('A', ['x#0'], 1)),
        failing(caseOf('B', ['x#0'], 1)),
        passing(caseOf('C', ['x#0'], 1)),
      ]),
    )
    expect(baseline.cases.B!.failedChecks).toEqual(['toContainAll'])
    const current = scorecardOf([
      failing(caseOf('A', ['x#0'], 1, 'Six seats.')),
      failing(caseOf('B', ['x#0'], 1)),
      passing(caseOf('C', ['y#0'], 0.5)),
    ])
    expect(diffCases(current, baseline, { gatedMetrics: ['mrr'] }).rows).toEqual([
      { caseId: 'A', fell: [], flipped: ['toContainAll'], left: [], entered: [], answerChanged: true },
      {
        caseId: 'C',
        fell: [{ metric: 'mrr', baseline: 1, current: 0.5 }],
        left: [{ id: 'x#0', rank: 1 }],
        entered: [{ id: 'y#0', rank: 1 }],
        answerChanged: false,
      },
    ])
  })

  test('a baseline that kept no ranking says so instead of inventing one', () => {
    const baseline = createBaseline(scorecardOf([caseOf('A', ['x#0'], 1)]))
    delete baseline.cases.A!.topK
    const current = scorecardOf([caseOf('A', ['y#0'], 0)])
    expect(diffCases(current, baseline, { gatedMetrics: ['mrr'] }).rows[0]).toEqual({
      caseId: 'A',
      fell: [{ metric: 'mrr', baseline: 1, current: 0 }],
      answerChanged: false,
    })
  })
})

describe('a baseline that kept a deeper ranking', () => {
  test('is compared at the depth this harness keeps: ids below it in the baseline did not "leave"', () => {
    const baseline = createBaseline(scorecardOf([caseOf('A', ['a', 'b', 'c', 'd', 'e'], 1)]))
    // As if an older harness had kept 10 ids: f..j sit below the kept depth of 5.
    baseline.cases.A!.topK = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']
    const current = scorecardOf([caseOf('A', ['b', 'c', 'd', 'e', 'f', 'g'], 0.5)])
    // Top 5 then [a..e], now [b..f]: a left (was #1), f entered (now #5).
    expect(diffCases(current, baseline, { gatedMetrics: ['mrr'] }).rows[0]).toMatchObject({
      left: [{ id: 'a', rank: 1 }],
      entered: [{ id: 'f', rank: 5 }],
    })
  })
})
