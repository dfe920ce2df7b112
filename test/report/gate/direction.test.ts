/**
 * Lower-is-better metrics (noise_sensitivity): the gate reads a RISE as the regression and a fall as the
 * improvement, and a floor on such a metric is a ceiling. Hand-computed on 20 paired cases. The claim metrics
 * are gated by default, between runs whose claims were checked the same way.
 */
import { describe, expect, test } from 'vitest'
import { createBaseline } from '../../../src/report/gate/baseline.ts'
import { evaluateGate } from '../../../src/report/gate/evaluate.ts'
import { defaultGatePolicy } from '../../../src/report/gate/policy.ts'
import { minimumDetectableDrop } from '../../../src/report/gate/power.ts'
import { metricDirection } from '../../../src/grading/metrics/direction.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import { buildContext, buildRecord } from '../scorecard/build-records.ts'

/** 20 answered system-mode cases whose noise_sensitivity and context_recall are `noise(i)` and `recall(i)`. */
function run(
  noise: (i: number) => number,
  recall: (i: number) => number = () => 0.8,
  configSnapshot: unknown = { claimMetrics: 'heuristic' },
) {
  const records = Array.from({ length: 20 }, (_, i) =>
    buildRecord(`C-${String(i).padStart(2, '0')}`, {
      line: i + 1,
      mode: 'system',
      answerMetrics: { noise_sensitivity: noise(i), context_recall: recall(i) },
    }),
  )
  return buildScorecard(records, buildContext({ mode: 'system', expectedCases: 20, configSnapshot }))
}

const policy = { ...defaultGatePolicy, gatedMetrics: ['noise_sensitivity', 'context_recall'], perCaseType: false }
// Baseline: every case 0.10 noise (mean 0.10) and 0.80 context recall.
const baseline = createBaseline(
  run(() => 0.1),
  '2026-12-01T00:00:00.000Z',
)
const comparison = (result: ReturnType<typeof evaluateGate>, metric: string) =>
  result.comparisons.find((c) => c.metric === metric)

describe('a lower-is-better metric in the gate', () => {
  test('the direction table: noise_sensitivity is lower-is-better, the other claim metrics higher', () => {
    expect(
      ['noise_sensitivity', 'claim_faithfulness', 'context_precision', 'context_recall', 'recall@5'].map(
        metricDirection,
      ),
    ).toEqual(['lower', 'higher', 'higher', 'higher', 'higher'])
  })

  test('noise_sensitivity rising 0.10 -> 0.20 on every case is a confirmed regression (+100%), not an improvement', () => {
    // Each of the 20 paired differences is +0.10: the sign-flip p is 2 / 2^20 = 1.9e-6; relative change +100% > 5%.
    const result = evaluateGate(
      run(() => 0.2),
      baseline,
      policy,
    )
    expect(result.pass).toBe(false)
    expect(comparison(result, 'noise_sensitivity')).toMatchObject({ verdict: 'regression' })
    expect(comparison(result, 'noise_sensitivity')?.current).toBeCloseTo(0.2, 12)
    expect(comparison(result, 'noise_sensitivity')?.relativeChange).toBeCloseTo(1, 12)
    expect(result.reasons.map((r) => r.message)).toEqual([
      'noise_sensitivity (overall) rose from 0.100 to 0.200 (+100.0%, more than the allowed 5.0% rise of a lower-is-better metric); ' +
        'confirmed by the paired test over 20 cases: p = 1.9e-6, 95% CI of the change [0.100, 0.100]',
    ])
  })

  test('noise_sensitivity falling 0.10 -> 0.05 on every case is a confirmed improvement (-50%) and passes', () => {
    const result = evaluateGate(
      run(() => 0.05),
      baseline,
      policy,
    )
    expect(result.pass).toBe(true)
    expect(comparison(result, 'noise_sensitivity')).toMatchObject({ verdict: 'improvement' })
    expect(comparison(result, 'noise_sensitivity')?.relativeChange).toBeCloseTo(-0.5, 12)
    expect(result.messages.at(-1)).toBe('improved (confirmed by the paired test): noise_sensitivity')
  })

  test('in one run, noise_sensitivity falling is the improvement and context_recall falling the regression: the direction is per metric', () => {
    // context_recall 0.80 -> 0.40 on every case (-50%) is the regression here; noise 0.10 -> 0.05 the improvement.
    const result = evaluateGate(
      run(
        () => 0.05,
        () => 0.4,
      ),
      baseline,
      policy,
    )
    expect(result.comparisons.map((c) => [c.metric, c.verdict])).toEqual([
      ['noise_sensitivity', 'improvement'],
      ['context_recall', 'regression'],
    ])
  })

  test('a rise within the tolerance passes: 0.10 -> 0.105 is +5.0%, at the limit', () => {
    expect(
      comparison(
        evaluateGate(
          run(() => 0.105),
          baseline,
          policy,
        ),
        'noise_sensitivity',
      )?.verdict,
    ).toBe('within_tolerance')
  })

  test('its power is the smallest RISE the gate can confirm: a failing case moves up to 1, not down to 0', () => {
    // 10 cases at 0.10 (sd 0, so the normal term is 0): sign-flip term 6 x (1 - 0.10) / 10 = 0.54, 540% of the mean;
    // read as higher-is-better it would be 6 x 0.10 / 10 = 0.06, 60%.
    const values = Array.from({ length: 10 }, () => 0.1)
    const lower = minimumDetectableDrop(values, 0.05, 'lower')
    expect(lower.absoluteDrop).toBeCloseTo(0.54, 12)
    expect(lower.relativeDrop).toBeCloseTo(5.4, 12)
    expect(minimumDetectableDrop(values, 0.05).absoluteDrop).toBeCloseTo(0.06, 12)
  })

  test('a floor on a lower-is-better metric is a ceiling: a mean of 0.20 over 0.15 fails, 0.10 passes', () => {
    const floors = { noise_sensitivity: { '*': 0.15 } }
    const over = evaluateGate(
      run(() => 0.2),
      undefined,
      { ...policy, floors },
    )
    expect(over.reasons).toEqual([
      {
        code: 'below_floor',
        metric: 'noise_sensitivity',
        group: 'overall',
        message:
          'noise_sensitivity (overall) is 0.200, over its ceiling 0.150 (lower is better; gate.floors; no significance test applies to a floor)',
      },
    ])
    expect(
      evaluateGate(
        run(() => 0.1),
        undefined,
        { ...policy, floors },
      ).pass,
    ).toBe(true)
  })
})

describe('claim metrics in the gate', () => {
  test('are gated by default: the noise_sensitivity rise fails under the default policy', () => {
    const result = evaluateGate(
      run(() => 0.2),
      baseline,
      { ...defaultGatePolicy, perCaseType: false },
    )
    expect(result.reasons.map((r) => [r.code, r.metric])).toEqual([['metric_regression', 'noise_sensitivity']])
  })

  test('are not compared when the claim checker changed (heuristic baseline, model-checked run), and the note says why', () => {
    const result = evaluateGate(
      run(
        () => 0.2,
        () => 0.8,
        { claimMetrics: 'model' },
      ),
      baseline,
      policy,
    )
    expect(result.pass).toBe(true)
    expect(result.comparisons).toEqual([])
    expect(result.messages).toContain(
      "claim metrics not compared: the baseline's claims were checked by the heuristic checker and this run's by the model checker (claimMetrics; accept a new baseline with the same checker)",
    )
  })
  test('are not compared when both runs record another claim checker version; a baseline without one compares by kind', () => {
    const versioned = (claimChecker: string) => ({ claimMetrics: 'heuristic', producedBy: { claimChecker } })
    const before = createBaseline(
      run(() => 0.1, undefined, versioned('heuristic-claims-2@0.6')),
      '2026-12-01T00:00:00.000Z',
    )
    const result = evaluateGate(
      run(() => 0.2, undefined, versioned('heuristic-claims-3@0.6')),
      before,
      policy,
    )
    expect(result.comparisons).toEqual([])
    expect(result.messages).toContain(
      "claim metrics not compared: the baseline's claims were checked by the heuristic heuristic-claims-2@0.6 checker and this run's by the heuristic heuristic-claims-3@0.6 checker (claimMetrics; accept a new baseline with the same checker)",
    )
    // The old baseline (no producedBy) and a versioned run of the same kind: compared, the noise rise fails.
    const old = evaluateGate(
      run(() => 0.2, undefined, versioned('heuristic-claims-2@0.6')),
      baseline,
      policy,
    )
    expect(old.reasons.map((r) => [r.code, r.metric])).toEqual([['metric_regression', 'noise_sensitivity']])
  })
})
