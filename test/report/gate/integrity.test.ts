/**
 * The gate cannot be fooled: rises are improvements only when confirmed, small groups are named with the
 * smallest drop they can confirm, absolute floors hold without a baseline, a configured judge that judged
 * too little says so, and a named baseline that does not exist fails.
 */
import { describe, expect, test } from 'vitest'
import { createBaseline } from '../../../src/report/gate/baseline.ts'
import { evaluateGate, withMissingBaseline } from '../../../src/report/gate/evaluate.ts'
import { defaultGatePolicy } from '../../../src/report/gate/policy.ts'
import { minConsistentCases, minimumDetectableDrop } from '../../../src/report/gate/power.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import type { CaseRecord } from '../../../src/evaluation/case-record.ts'
import { buildContext, buildRecord, uniformRun } from '../scorecard/build-records.ts'

const CREATED_AT = '2026-11-30T00:00:00.000Z'
const scorecardOf = (records: CaseRecord[], overrides = {}) =>
  buildScorecard(records, buildContext({ expectedCases: records.length, ...overrides }))
// 20 cases with values 0.50, 0.52, ..., 0.88 (mean 0.69).
const baseValue = (i: number) => 0.5 + 0.02 * i
const baseline = createBaseline(scorecardOf(uniformRun(20, baseValue)), CREATED_AT)
const recallOverall = (result: ReturnType<typeof evaluateGate>) =>
  result.comparisons.find((c) => c.metric === 'recall@5' && c.group === 'overall')

describe('rises', () => {
  test('a rise carried by two cases of 20 is "no detectable change", not an improvement', () => {
    // C-00 and C-01 (0.50, 0.52) rise to 1: mean 0.69 -> 0.7390 (+7.1%); 2 non-zero pairs, p = 0.5.
    const result = evaluateGate(scorecardOf(uniformRun(20, (i) => (i < 2 ? 1 : baseValue(i)))), baseline)
    expect(result.pass).toBe(true)
    expect(recallOverall(result)?.verdict).toBe('no_detectable_change')
    expect(recallOverall(result)?.significance?.pValue).toBeCloseTo(0.5, 12)
    expect(result.messages.at(-1)).toMatch(
      /^rose with no detectable change \(the paired test does not confirm it\): recall@5, recall@5 \(normal\), mrr/,
    )
  })

  test('a consistent rise on every case is confirmed and called an improvement', () => {
    const result = evaluateGate(scorecardOf(uniformRun(20, (i) => baseValue(i) * 1.1)), baseline)
    expect(recallOverall(result)).toMatchObject({ verdict: 'improvement', significance: { significant: true } })
    expect(result.messages.at(-1)).toMatch(/^improved \(confirmed by the paired test\): recall@5, recall@5 \(normal\)/)
  })
})

describe('power: the smallest drop a group can confirm', () => {
  test('alpha 0.05 needs 6 cases moving the same way (2/2^5 = 0.0625, 2/2^6 = 0.031)', () => {
    expect(minConsistentCases(0.05)).toBe(6)
    expect(minConsistentCases(0.01)).toBe(8) // 2/2^7 = 0.0156, 2/2^8 = 0.0078
  })

  test('10 cases with mean 0.8 and sd 0.3 can only confirm a 60% drop', () => {
    // Values: six 1.0 and four 0.5 -> mean 0.8, sd sqrt(4 x 0.09 + 6 x 0.04) / 3 = sqrt(0.6 / 9) = 0.258.
    // Normal term 2.802 x 0.258 / sqrt(10) = 0.2286; sign-flip term 6 x 0.8 / 10 = 0.48 -> 0.48, 60%.
    const values = [1, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5]
    const power = minimumDetectableDrop(values, 0.05)
    expect(power.n).toBe(10)
    expect(power.mean).toBeCloseTo(0.8, 12)
    expect(power.absoluteDrop).toBeCloseTo(0.48, 12)
    expect(power.relativeDrop).toBeCloseTo(0.6, 12)
  })

  test('with a large spread the normal term decides: 100 cases alternating 0 and 1', () => {
    // mean 0.5, sd sqrt(25 / 99) = 0.50252; normal term (1.95996 + 0.84162) x 0.50252 / 10 = 0.14079;
    // sign-flip term 6 x 0.5 / 100 = 0.03.
    const values = Array.from({ length: 100 }, (_, i) => i % 2)
    expect(minimumDetectableDrop(values, 0.05).absoluteDrop).toBeCloseTo(0.14079, 4)
  })

  test('a 30% drop on 10 multi_turn cases passes unconfirmed, and the gate names the group as too small', () => {
    // 30 normal cases of 1.0 and 10 multi_turn cases of 1.0; three multi_turn cases drop to 0 (-30%).
    const run = (drop: boolean) =>
      Array.from({ length: 40 }, (_, i) =>
        buildRecord(`M-${String(i).padStart(2, '0')}`, {
          caseType: i < 10 ? 'multi_turn' : 'normal',
          retrieval: { metrics: { mrr: drop && i < 3 ? 0 : 1 } },
        }),
      )
    const base = createBaseline(scorecardOf(run(false)), CREATED_AT)
    const result = evaluateGate(scorecardOf(run(true)), base, { ...defaultGatePolicy, gatedMetrics: ['mrr'] })
    expect(result.pass).toBe(true)
    expect(result.comparisons.find((c) => c.group === 'multi_turn')?.verdict).toBe('not_significant')
    // 3 comparisons: Holm's first level 0.05 / 3 = 0.0167 needs 7 whole cases (2 / 2^7 = 0.016; 2 / 2^6 = 0.031
    // is not enough). multi_turn: 7 x 1 / 10 = 70%; normal: 7 / 30 = 23.3%, under the 25% limit; overall 7 / 40 = 17.5%.
    expect(result.power?.map((p) => [p.group, p.n, Number(p.relativeDrop.toFixed(3)), p.tooSmall])).toEqual([
      ['overall', 40, 0.175, false],
      ['normal', 30, 0.233, false],
      ['multi_turn', 10, 0.7, true],
    ])
    expect(result.messages).toContain(
      'too small to gate (a regression under 25.0% cannot be confirmed at 80% power): multi_turn (n=10: the smallest mrr drop it can confirm is 70.0%); add cases to these groups or set absolute floors (gate.floors)',
    )
  })
})

describe('absolute floors', () => {
  const policy = {
    ...defaultGatePolicy,
    floors: { 'recall@5': { '*': 0.7, normal: 0.6 }, mrr: { multi_turn: 0.5 }, 'recal@5': { '*': 0.5 } },
  }

  test('a mean under its floor fails without a baseline and without a significance test', () => {
    // Overall recall@5 mean of 0.50..0.88 is 0.69, under 0.70; normal (the same cases) 0.69 is above 0.60.
    const result = evaluateGate(scorecardOf(uniformRun(20, baseValue)), undefined, policy)
    expect(result.pass).toBe(false)
    expect(result.reasons).toEqual([
      {
        code: 'below_floor',
        metric: 'recall@5',
        group: 'overall',
        message:
          'recall@5 (overall) is 0.690, under its floor 0.700 (gate.floors; no significance test applies to a floor)',
      },
    ])
  })

  test('a floor with nothing to check is a note naming it, so a typo does not pass silently', () => {
    const result = evaluateGate(scorecardOf(uniformRun(20, () => 0.9)), undefined, policy)
    expect(result.pass).toBe(true)
    expect(result.messages).toContain(
      'floor mrr (case type multi_turn) >= 0.500 not checked: this run has no mrr value for case type multi_turn (check the metric and case type names)',
    )
    expect(result.messages).toContain(
      'floor recal@5 (overall) >= 0.500 not checked: this run has no recal@5 value (check the metric and case type names)',
    )
  })
})

describe('judge coverage', () => {
  // 28 system-mode cases whose configured model judge failed on every one.
  const unjudged = Array.from({ length: 28 }, (_, i) =>
    buildRecord(`J-${String(i).padStart(2, '0')}`, {
      mode: 'system',
      retrieval: { metrics: { mrr: 1 } },
      judge: { kind: 'model', model: 'judge-x', failed: true },
    }),
  )
  const scorecard = scorecardOf(unjudged, { mode: 'system' })

  test('a configured judge that judged 0 of 28 cases says so', () => {
    const result = evaluateGate(scorecard, undefined, { ...defaultGatePolicy, configuredJudge: 'model' })
    expect(result.pass).toBe(true)
    expect(result.messages).toContain(
      'WARNING the configured model judge judged 0 of 28 cases (0%), under the 25% minimum; the judge failed on 28 (see each case\'s "unjudged" reason in scorecard.json): its metrics are not gated (set gate.requireJudge to fail such a run)',
    )
  })

  test('and fails the run when judge metrics are required', () => {
    const result = evaluateGate(scorecard, undefined, {
      ...defaultGatePolicy,
      configuredJudge: 'model',
      requireJudge: true,
    })
    expect(result.pass).toBe(false)
    expect(result.reasons.map((r) => r.code)).toEqual(['judge_coverage'])
  })

  test('a run configured without a judge is not warned about', () => {
    expect(
      evaluateGate(scorecard, undefined, { ...defaultGatePolicy, configuredJudge: 'off', requireJudge: true }).pass,
    ).toBe(true)
  })
})

describe('a named baseline that does not exist', () => {
  test('fails the gate, naming the path and what named it, instead of passing as "no baseline"', () => {
    const gate = withMissingBaseline(
      evaluateGate(scorecardOf(uniformRun(20, baseValue)), undefined),
      '/p/nope.json',
      'VITEST_RAG_BASELINE',
    )
    expect(gate.pass).toBe(false)
    expect(gate.messages).toEqual([
      'the baseline /p/nope.json (named by VITEST_RAG_BASELINE) does not exist: check the path, or create it with `npx vitest-rag baseline accept --yes`',
    ])
  })
})

describe('an edited golden set: compare what is comparable, in CI and in watch mode', () => {
  // The golden set was edited: C-00 and C-01 changed content (new hashes), the other 18 cases are unchanged but
  // dropped 10% each; the golden-set hash differs.
  const edited = uniformRun(20, (i) => baseValue(i) * 0.9).map((r, i) =>
    i < 2 ? { ...r, caseHash: `edited-${r.caseId}` } : r,
  )
  const current = scorecardOf(edited, { goldenSetHash: 'golden-edited' })

  test('in CI the unchanged cases are compared by id and content, so their drop still fails, and the edited ones are listed', () => {
    const result = evaluateGate(current, baseline)
    expect(result.pass).toBe(false)
    expect(new Set(result.reasons.map((r) => r.code))).toEqual(new Set(['metric_regression']))
    // Paired means over C-02..C-19: baseline (0.54 + 0.88) / 2 = 0.71, current 0.71 * 0.9 = 0.639.
    expect(recallOverall(result)).toMatchObject({ verdict: 'regression' })
    expect(recallOverall(result)?.baseline).toBeCloseTo(0.71, 12)
    expect(recallOverall(result)?.current).toBeCloseTo(0.639, 12)
    expect(result.messages).toContain(
      "cases not compared with the baseline: 2 edited (C-00, C-01); their hard assertions ran. Compared the 18 of the baseline's 20 cases with the same id and content",
    )
  })

  test('in watch mode whatever pairs is compared, however few: 3 of 20 cases still fail on their drop', () => {
    const few = scorecardOf(
      edited.map((r, i) => (i < 17 ? { ...r, caseHash: `edited-${r.caseId}` } : r)),
      { goldenSetHash: 'golden-edited' },
    )
    // In CI 3 / 20 = 15% paired is NOT COMPARABLE ...
    expect(evaluateGate(few, baseline).reasons.map((r) => r.code)).toEqual(['not_comparable'])
    // ... in watch mode the 3 unchanged cases are compared: under 6 pairs the 10% drop alone fails.
    const watch = evaluateGate(few, baseline, { ...defaultGatePolicy, pairedOnly: true })
    expect(watch.pass).toBe(false)
    expect(recallOverall(watch)).toMatchObject({ verdict: 'regression', significance: { n: 3 } })
  })
})
