import { describe, expect, test } from 'vitest'
import { createBaseline } from '../../../src/report/gate/baseline.ts'
import { evaluateGate } from '../../../src/report/gate/evaluate.ts'
import { counterpartOf } from '../../../src/report/gate/gaming.ts'
import { defaultGatePolicy, type GatePolicy } from '../../../src/report/gate/policy.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import type { CaseRecord } from '../../../src/evaluation/case-record.ts'
import { buildContext, buildRecord } from '../scorecard/build-records.ts'

const CREATED_AT = '2026-12-01T00:00:00.000Z'

/** 20 system-mode cases with the same retrieval and answer values each (ids C-00..C-19: they pair across runs). */
function run(retrieval: Record<string, number>, answer: Record<string, number> = {}): CaseRecord[] {
  return Array.from({ length: 20 }, (_, i) =>
    buildRecord(`C-${String(i).padStart(2, '0')}`, {
      line: i + 1,
      mode: 'system',
      retrieval: { metrics: { ...retrieval } },
      answerMetrics: { ...answer },
      judge: { kind: 'heuristic', failed: false },
    }),
  )
}
const scorecardOf = (records: CaseRecord[]) =>
  buildScorecard(records, buildContext({ expectedCases: records.length, mode: 'system' }))
const policy = (over: Partial<GatePolicy>): GatePolicy => ({ ...defaultGatePolicy, ...over })

describe('counterparts', () => {
  test('recall@k against precision@k, faithfulness against copy_ratio, relevance against length_ratio', () => {
    expect(counterpartOf('recall@20')).toMatchObject({ metric: 'precision@20', worse: 'lower' })
    expect(counterpartOf('faithfulness')).toMatchObject({ metric: 'copy_ratio', worse: 'higher' })
    expect(counterpartOf('claim_faithfulness')).toMatchObject({ metric: 'copy_ratio', worse: 'higher' })
    expect(counterpartOf('answer_relevance')).toMatchObject({ metric: 'length_ratio', worse: 'higher' })
    expect(counterpartOf('response_relevancy')).toMatchObject({ metric: 'length_ratio', worse: 'higher' })
    expect(counterpartOf('mrr')).toBe(undefined)
  })
})

describe('evaluateGate: gaming', () => {
  // The baseline retrieved narrowly: recall@5 0.5, precision@5 0.5, an extractive-but-edited answer.
  const baseline = createBaseline(
    scorecardOf(run({ 'recall@5': 0.5, 'precision@5': 0.5 }, { faithfulness: 0.8, copy_ratio: 0.5 })),
    CREATED_AT,
  )
  // The gamed run retrieves everything and quotes its context: recall 1.0, precision 0.2 (-60%); faithfulness 1.0,
  // copy ratio 1.0 (+100%).
  const gamed = scorecardOf(run({ 'recall@5': 1, 'precision@5': 0.2 }, { faithfulness: 1, copy_ratio: 1 }))
  const gated = { gatedMetrics: ['recall@5', 'faithfulness'] }

  test('a gated metric that improves while its counterpart worsens beyond tolerance is a WARNING by default', () => {
    const result = evaluateGate(gamed, baseline, policy(gated))
    expect(result.pass).toBe(true)
    expect(result.messages.filter((m) => m.startsWith('WARNING possible gaming'))).toEqual([
      'WARNING possible gaming: recall@5 rose from 0.500 to 1.000 while precision@5 fell from 0.500 to 0.200 (-60.0%, beyond the 10.0% ' +
        'tolerance, gate.gamingTolerance): retrieving more than it needs buys recall with precision; check the change before accepting it',
      'WARNING possible gaming: faithfulness rose from 0.800 to 1.000 while copy_ratio rose from 0.500 to 1.000 (+100.0%, beyond the 10.0% ' +
        'tolerance, gate.gamingTolerance): quoting the context verbatim, with no synthesis, buys faithfulness; check the change before accepting it',
    ])
  })

  test('with onGaming "fail" each flag fails the gate; with "off" nothing is said', () => {
    const failed = evaluateGate(gamed, baseline, policy({ ...gated, onGaming: 'fail' }))
    expect(failed.pass).toBe(false)
    expect(failed.reasons.map((r) => `${r.code} ${r.metric}`)).toEqual(['gaming recall@5', 'gaming faithfulness'])
    const off = evaluateGate(gamed, baseline, policy({ ...gated, onGaming: 'off' }))
    expect(off.messages.some((m) => m.includes('gaming'))).toBe(false)
  })

  test('a counterpart that worsens within tolerance, or a metric that does not improve, is not flagged', () => {
    // precision@5 0.5 -> 0.46 is -8%, within 10%; copy ratio 0.5 -> 0.55 is +10%, at the limit (the rule is "more than").
    const honest = scorecardOf(run({ 'recall@5': 1, 'precision@5': 0.46 }, { faithfulness: 1, copy_ratio: 0.55 }))
    expect(evaluateGate(honest, baseline, policy(gated)).messages.some((m) => m.includes('gaming'))).toBe(false)
    // Recall unchanged while precision falls is a precision problem, not a gamed recall.
    const flat = scorecardOf(run({ 'recall@5': 0.5, 'precision@5': 0.2 }, { faithfulness: 0.8, copy_ratio: 1 }))
    expect(evaluateGate(flat, baseline, policy(gated)).messages.some((m) => m.includes('gaming'))).toBe(false)
  })

  test('relevance bought with length: answer_relevance up, length_ratio 1.0 -> 2.5', () => {
    const before = createBaseline(scorecardOf(run({}, { answer_relevance: 0.5, length_ratio: 1 })), CREATED_AT)
    const after = scorecardOf(run({}, { answer_relevance: 1, length_ratio: 2.5 }))
    const result = evaluateGate(after, before, policy({ gatedMetrics: ['answer_relevance'], onGaming: 'fail' }))
    expect(result.reasons.map((r) => r.message)).toEqual([
      expect.stringMatching(
        /^possible gaming: answer_relevance rose from 0\.500 to 1\.000 while length_ratio rose from 1\.000 to 2\.500 \(\+150\.0%/,
      ),
    ])
  })

  test('precision@k is a gated metric like any other: its drop fails the gate', () => {
    const result = evaluateGate(gamed, baseline, policy({ gatedMetrics: ['precision@5'] }))
    expect(result.reasons.map((r) => `${r.code} ${r.metric} ${r.group}`)).toEqual([
      'metric_regression precision@5 overall',
      'metric_regression precision@5 normal',
    ])
  })
})
