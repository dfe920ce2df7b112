import { describe, expect, test } from 'vitest'
import { createBaseline } from '../../../src/report/gate/baseline.ts'
import { evaluateGate, failClosed } from '../../../src/report/gate/evaluate.ts'
import { gateView } from '../../../src/report/gate/gate-messages.ts'
import { defaultGatePolicy } from '../../../src/report/gate/policy.ts'
import { renderMarkdown } from '../../../src/report/scorecard/render-markdown.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import type { CaseRecord } from '../../../src/evaluation/case-record.ts'
import { buildContext, buildRecord, uniformRun } from '../scorecard/build-records.ts'

const CREATED_AT = '2026-11-30T00:00:00.000Z'

// Baseline: 20 cases with values 0.50, 0.52, ..., 0.88 on recall@5, mrr and ndcg@10 (mean 0.69).
const baseValue = (i: number) => 0.5 + 0.02 * i
const scorecardOf = (records: CaseRecord[], overrides = {}) =>
  buildScorecard(records, buildContext({ expectedCases: records.length, ...overrides }))
const baseline = createBaseline(scorecardOf(uniformRun(20, baseValue)), CREATED_AT)

describe('evaluateGate: the run itself', () => {
  test('passes when nothing changed, comparing every gated metric overall and per case type', () => {
    const result = evaluateGate(scorecardOf(uniformRun(20, baseValue)), baseline)
    expect(result).toMatchObject({ pass: true, status: 'pass', reasons: [], compared: true })
    // recall@5, mrr, ndcg@10 x (overall, normal); the judge metrics are absent from the baseline
    expect(result.comparisons.map((c) => `${c.metric}/${c.group}/${c.verdict}`)).toEqual([
      'recall@5/overall/unchanged',
      'recall@5/normal/unchanged',
      'mrr/overall/unchanged',
      'mrr/normal/unchanged',
      'ndcg@10/overall/unchanged',
      'ndcg@10/normal/unchanged',
    ])
  })

  test('fails when a hard assertion failed, naming the case, location and message', () => {
    const records = uniformRun(20, baseValue)
    records[3] = {
      ...records[3]!,
      line: 4,
      hard: [{ name: 'toAbstain', passed: false, message: 'answered instead of abstaining' }],
    }
    const result = evaluateGate(scorecardOf(records), baseline)
    expect(result.pass).toBe(false)
    expect(result.reasons).toEqual([
      {
        code: 'hard_assertion_failed',
        caseId: 'C-03',
        message:
          'hard assertion toAbstain failed for C-03 (golden/support.golden.jsonl:4): answered instead of abstaining',
      },
    ])
  })

  test('an empty run fails closed', () => {
    const result = evaluateGate(scorecardOf([]), baseline)
    expect(result.status).toBe('fail')
    expect(result.reasons.map((r) => r.code)).toEqual(['empty_run'])
  })

  test('a partial run fails closed, saying how many of the golden cases ran', () => {
    const result = evaluateGate(scorecardOf(uniformRun(18, baseValue), { expectedCases: 20 }), baseline)
    expect(result.pass).toBe(false)
    expect(result.reasons[0]).toMatchObject({
      code: 'partial_run',
      message: expect.stringContaining('18 of 20 golden cases ran'),
    })
  })

  test('a run with errored cases fails closed and lists them', () => {
    const records = uniformRun(20, baseValue)
    records[0] = { ...records[0]!, error: 'adapter threw', retrieval: { ...records[0]!.retrieval, metrics: {} } }
    const result = evaluateGate(scorecardOf(records), baseline)
    expect(result.pass).toBe(false)
    expect(result.reasons.find((r) => r.code === 'errored_cases')?.message).toBe(
      '1 case(s) errored before producing results: C-00',
    )
  })

  test('without a baseline it passes and says how to create one', () => {
    const result = evaluateGate(scorecardOf(uniformRun(20, baseValue)), undefined)
    expect(result).toMatchObject({ pass: true, comparisons: [], compared: false })
    expect(result.messages).toEqual([
      'no baseline: metrics were not compared; after reviewing this scorecard, create one with `npx vitest-rag baseline accept --yes` and commit it',
    ])
  })

  test("the hint quotes the policy's accept command (the reporter names a non-default project)", () => {
    const policy = { ...defaultGatePolicy, acceptCommand: 'npx vitest-rag baseline accept --project squad' }
    expect(evaluateGate(scorecardOf(uniformRun(20, baseValue)), undefined, policy).messages).toEqual([
      'no baseline: metrics were not compared; after reviewing this scorecard, create one with `npx vitest-rag baseline accept --project squad --yes` and commit it',
    ])
  })

  test('without a baseline, a run with hard failures is told to accept (they are listed on accept); a sampled run is told why it cannot', () => {
    const records = uniformRun(20, baseValue)
    records[3] = { ...records[3]!, hard: [{ name: 'toAbstain', passed: false, message: 'answered' }] }
    expect(evaluateGate(scorecardOf(records), undefined).messages.at(-1)).toBe(
      'no baseline: metrics were not compared; after reviewing this scorecard, create one with `npx vitest-rag baseline accept --yes` and commit it ' +
        '(its 1 failed hard check(s) are listed on accept and still fail every run until fixed)',
    )
    const sampled = scorecardOf(uniformRun(5, baseValue), { selection: { sample: { size: 5, of: 20 } } })
    expect(evaluateGate(sampled, undefined).messages).toEqual([
      'no baseline: metrics were not compared, and this run cannot become one (it is from a sampled run (5 of 20 cases)); run the whole golden set, then create one with `npx vitest-rag baseline accept --yes`',
    ])
  })

  test('without a baseline the run checks still fail an empty run', () => {
    expect(evaluateGate(scorecardOf([]), undefined).pass).toBe(false)
  })
})

describe('evaluateGate: failures of the run outside any case', () => {
  test('each run failure in the scorecard is a run_failed reason, first, and the gate fails on an otherwise equal run', () => {
    const failures = [
      'golden/a.golden.jsonl: module failed',
      'vitest-rag: the run was interrupted; the scorecard is partial and the gate fails closed.',
    ]
    const result = evaluateGate(scorecardOf(uniformRun(20, baseValue), { runFailures: failures }), baseline)
    expect(result.pass).toBe(false)
    expect(result.reasons.map((r) => [r.code, r.message])).toEqual(failures.map((m) => ['run_failed', m]))
    expect(result.messages.slice(0, 2)).toEqual(failures)
  })

  test('failClosed adds its reason to both reasons and messages (a failed gate always says why)', () => {
    const passing = evaluateGate(scorecardOf(uniformRun(20, baseValue)), baseline)
    const failed = failClosed(passing, { code: 'not_comparable', message: 'cannot read the baseline' })
    expect([failed.pass, failed.status, failed.reasons[0]?.code, failed.messages[0]]).toEqual([
      false,
      'fail',
      'not_comparable',
      'cannot read the baseline',
    ])
  })
})

describe('evaluateGate: relative drops confirmed by the paired test', () => {
  test('a consistent 6% drop on 20 cases fails, naming metric, group, old and new value and change', () => {
    const result = evaluateGate(scorecardOf(uniformRun(20, (i) => baseValue(i) * 0.94)), baseline)
    expect(result.pass).toBe(false)
    expect(result.reasons.map((r) => `${r.code}:${r.metric}/${r.group}`)).toEqual([
      'metric_regression:recall@5/overall',
      'metric_regression:recall@5/normal',
      'metric_regression:mrr/overall',
      'metric_regression:mrr/normal',
      'metric_regression:ndcg@10/overall',
      'metric_regression:ndcg@10/normal',
    ])
    // mean 0.69 -> 0.6486 (-6.0%); differences -0.06 x (0.50..0.88) = -0.030..-0.053, mean -0.0414, all negative:
    // exact sign-flip p = 2 / 2^20 = 1.9e-6, and the bootstrap CI lies inside [-0.053, -0.030]
    expect(result.reasons[0]?.message).toMatch(
      /^recall@5 \(overall\) dropped from 0\.690 to 0\.649 \(-6\.0%, more than the allowed 5\.0%\); confirmed by the paired test over 20 cases: p = 1\.9e-6, 95% CI of the change \[-0\.04\d, -0\.03\d\]$/,
    )
    expect(result.comparisons[0]?.significance).toMatchObject({ n: 20, significant: true })
    expect(result.comparisons[0]?.significance?.pValue).toBeCloseTo(2 / 2 ** 20, 12)
  })

  test('a 4% drop passes as within tolerance', () => {
    const result = evaluateGate(scorecardOf(uniformRun(20, (i) => baseValue(i) * 0.96)), baseline)
    expect(result.pass).toBe(true)
    expect(new Set(result.comparisons.map((c) => c.verdict))).toEqual(new Set(['within_tolerance']))
    expect(result.comparisons[0]?.relativeChange).toBeCloseTo(-0.04, 12)
  })

  test('a drop of exactly 5% is at the limit and passes (the rule is "more than")', () => {
    const flat = createBaseline(scorecardOf(uniformRun(20, () => 1)), CREATED_AT)
    const result = evaluateGate(scorecardOf(uniformRun(20, () => 0.95)), flat)
    expect(result.pass).toBe(true)
  })

  test('an improvement never fails', () => {
    const result = evaluateGate(scorecardOf(uniformRun(20, (i) => Math.min(1, baseValue(i) * 1.3))), baseline)
    expect(result.pass).toBe(true)
    expect(new Set(result.comparisons.map((c) => c.verdict))).toEqual(new Set(['improvement']))
  })

  test('a large drop carried by two cases of 20 is not confirmed and passes with a message', () => {
    // C-18 and C-19 (0.86, 0.88) drop to 0: mean 0.69 -> (13.8 - 1.74) / 20 = 0.603 (-12.6%); p = 2 of 4 sign patterns = 0.5
    const result = evaluateGate(scorecardOf(uniformRun(20, (i) => (i >= 18 ? 0 : baseValue(i)))), baseline)
    expect(result.pass).toBe(true)
    const recall = result.comparisons.find((c) => c.metric === 'recall@5' && c.group === 'overall')
    expect(recall?.verdict).toBe('not_significant')
    expect(recall?.significance?.pValue).toBeCloseTo(0.5, 12)
    expect(result.messages[0]).toMatch(
      /^recall@5 \(overall\) dropped from 0\.690 to 0\.603 \(-12\.6%, more than the allowed 5\.0%\), but the paired test over 20 cases: p = 0\.50, .* does not confirm it; not failing$/,
    )
  })

  test('with requireSignificance off, the same unconfirmed drop fails', () => {
    const result = evaluateGate(scorecardOf(uniformRun(20, (i) => (i >= 18 ? 0 : baseValue(i)))), baseline, {
      ...defaultGatePolicy,
      requireSignificance: false,
    })
    expect(result.pass).toBe(false)
    expect(result.reasons[0]?.message).toBe(
      'recall@5 (overall) dropped from 0.690 to 0.603 (-12.6%, more than the allowed 5.0%)',
    )
  })

  test('with fewer paired cases than the test can ever confirm, the drop alone fails', () => {
    const small = createBaseline(scorecardOf(uniformRun(3, () => 1)), CREATED_AT)
    const result = evaluateGate(scorecardOf(uniformRun(3, () => 0.9)), small)
    expect(result.pass).toBe(false)
    expect(result.comparisons[0]).toMatchObject({ verdict: 'regression', significance: { n: 3, significant: false } })
    expect(result.reasons[0]?.message).toContain(
      'only 3 paired cases (fewer than 6): the significance test cannot confirm a drop, so the drop alone fails',
    )
  })

  test("a drop carried by one document's 8 cases is confirmed case by case but not once they form one cluster", () => {
    // C-12..C-19 (0.74..0.88, sum 6.48) drop by 0.2 each: mean 0.69 -> (13.8 - 1.6) / 20 = 0.61 (-11.6%).
    // Unclustered: 8 non-zero diffs, all negative: exact p = 2 / 2^8 = 0.0078, a regression.
    const dropped = (i: number) => (i >= 12 ? baseValue(i) - 0.2 : baseValue(i))
    const plain = evaluateGate(scorecardOf(uniformRun(20, dropped)), baseline)
    expect(plain.comparisons[0]).toMatchObject({
      metric: 'recall@5',
      group: 'overall',
      verdict: 'regression',
      significance: { n: 20, clusters: 20 },
    })
    expect(plain.comparisons[0]?.significance?.pValue).toBeCloseTo(2 / 2 ** 8, 12)
    // Clustered: the 8 share doc-A, the other 12 are one document each -> 13 clusters, one non-zero sum: p = 1.
    const clustered = uniformRun(20, dropped).map((r, i) => ({ ...r, cluster: i >= 12 ? 'doc-A' : `doc-${i}` }))
    const result = evaluateGate(scorecardOf(clustered), baseline)
    expect(result.pass).toBe(true)
    expect(result.comparisons[0]).toMatchObject({
      verdict: 'not_significant',
      significance: { n: 20, clusters: 13, pValue: 1 },
    })
    expect(result.messages[0]).toMatch(
      /^recall@5 \(overall\) dropped from 0\.690 to 0\.610 \(-11\.6%, more than the allowed 5\.0%\), but the paired test over 20 cases in 13 clusters: p = 1\.0, /,
    )
  })

  test('with fewer clusters than the test can ever confirm, the drop alone fails, saying so', () => {
    // 20 cases over 3 documents: 3 sign patterns' worth of evidence at most (smallest p = 2 / 2^3 = 0.25)
    const clustered = uniformRun(20, (i) => baseValue(i) * 0.9).map((r, i) => ({ ...r, cluster: `doc-${i % 3}` }))
    const result = evaluateGate(scorecardOf(clustered), baseline)
    expect(result.pass).toBe(false)
    expect(result.comparisons[0]).toMatchObject({ verdict: 'regression', significance: { n: 20, clusters: 3 } })
    expect(result.reasons[0]?.message).toContain(
      'only 20 paired cases in 3 clusters (fewer than 6): the significance test cannot confirm a drop, so the drop alone fails',
    )
  })

  test("a drop the test confirms alone is not confirmed across the run's comparisons (Holm), and passes saying so", () => {
    // 20 normal cases at 0.8 unchanged; 10 exact_identifier cases, 6 of them 0.8 -> 0.6: that group 0.8 -> 0.68
    // (-15%), 6 negative diffs: exact p = 2 / 2^6 = 0.031 < 0.05, but the run compares 3 metrics x 3 groups
    // (overall 0.8 -> 0.76 is -5.0%, at the limit): Holm's first step needs p <= 0.05 / 9 = 0.0056.
    const run = (drop: boolean) => [
      ...uniformRun(20, () => 0.8),
      ...uniformRun(10, (i) => (drop && i < 6 ? 0.6 : 0.8)).map((r) => ({
        ...r,
        caseId: `X-${r.caseId}`,
        caseType: 'exact_identifier' as const,
      })),
    ]
    const before = createBaseline(scorecardOf(run(false)), CREATED_AT)
    const result = evaluateGate(scorecardOf(run(true)), before)
    expect(result.pass).toBe(true)
    const exact = result.comparisons.find((c) => c.metric === 'recall@5' && c.group === 'exact_identifier')
    expect(exact).toMatchObject({ verdict: 'not_significant', significance: { pValue: 2 / 2 ** 6, significant: true } })
    expect(exact?.note).toBe("but across the run's 9 comparisons Holm's step-down needs p <= 0.0056 here: not failing")
    // Each comparison alone at 0.05 (familyWise 'none') fails the same run.
    expect(evaluateGate(scorecardOf(run(true)), before, { ...defaultGatePolicy, familyWise: 'none' }).pass).toBe(false)
  })

  test('each comparison carries the smallest drop confirmable at 80% power after the family correction', () => {
    // 6 comparisons (3 metrics x overall, normal): level 0.05 / 6 = 0.0083; the sign-flip floor needs 8 cases
    // (2 / 2^8 = 0.0078 < 0.0083; 2 / 2^7 = 0.0156 is not): 8 x 0.69 / 20 = 0.276, i.e. 40% of the mean, above
    // the normal term (2.638 + 0.842) x 0.1183 / sqrt(20) = 0.092.
    const view = gateView(evaluateGate(scorecardOf(uniformRun(20, baseValue)), baseline))
    expect(view.comparisons[0]).toMatchObject({ metric: 'recall@5', group: 'overall' })
    expect(view.comparisons[0]?.confirmableDrop).toBeCloseTo(0.4, 12)
    expect(renderMarkdown(scorecardOf(uniformRun(20, baseValue)), view)).toContain(
      '| recall@5 | overall | 0.690 | 0.690 | +0.0% |  | 40.0% |',
    )
  })

  test('with minPairedCases 0 the test decides at any n, so a 3-case drop it cannot confirm passes', () => {
    const small = createBaseline(scorecardOf(uniformRun(3, () => 1)), CREATED_AT)
    const result = evaluateGate(scorecardOf(uniformRun(3, () => 0.9)), small, {
      ...defaultGatePolicy,
      minPairedCases: 0,
    })
    // 3 pairs, all -0.1: exact sign-flip p = 2 / 2^3 = 0.25
    expect(result.pass).toBe(true)
    expect(result.comparisons[0]).toMatchObject({ verdict: 'not_significant', significance: { n: 3, pValue: 0.25 } })
  })

  test('a drop in one case type fails even when the overall mean stays within tolerance', () => {
    // 20 normal cases at 0.8 unchanged; 10 exact_identifier cases 0.8 -> 0.7 (-12.5%, p = 2 / 2^10)
    // overall: 0.8 -> (16 + 7) / 30 = 0.7667 (-4.2%, within tolerance)
    const run = (exact: number) => [
      ...uniformRun(20, () => 0.8),
      ...uniformRun(10, () => exact).map((r) => ({
        ...r,
        caseId: `X-${r.caseId}`,
        caseType: 'exact_identifier' as const,
      })),
    ]
    const result = evaluateGate(scorecardOf(run(0.7)), createBaseline(scorecardOf(run(0.8)), CREATED_AT))
    expect(result.pass).toBe(false)
    expect(result.reasons.map((r) => `${r.metric}/${r.group}`)).toEqual([
      'recall@5/exact_identifier',
      'mrr/exact_identifier',
      'ndcg@10/exact_identifier',
    ])
    expect(result.reasons[0]?.message).toMatch(
      /^recall@5 \(case type exact_identifier\) dropped from 0\.800 to 0\.700 \(-12\.5%/,
    )
    expect(result.comparisons.find((c) => c.metric === 'recall@5' && c.group === 'overall')?.verdict).toBe(
      'within_tolerance',
    )
  })

  test('a gated metric the baseline has and the run lacks fails closed', () => {
    const result = evaluateGate(scorecardOf(uniformRun(20, baseValue, ['recall@5', 'mrr'])), baseline)
    expect(result.pass).toBe(false)
    expect(result.reasons.map((r) => `${r.code}:${r.metric}/${r.group}`)).toEqual([
      'metric_missing:ndcg@10/overall',
      'metric_missing:ndcg@10/normal',
    ])
  })

  test('cases whose hash changed are not paired', () => {
    const records = uniformRun(20, (i) => baseValue(i) * 0.94).map((r, i) =>
      i < 16 ? { ...r, caseHash: `changed-${r.caseId}` } : r,
    )
    // minPairedShare 0: 4 of 20 paired would otherwise make the baseline NOT COMPARABLE (under half)
    const result = evaluateGate(scorecardOf(records), baseline, { ...defaultGatePolicy, minPairedShare: 0 })
    // only 4 cases pair (< 6): the drop alone fails, and the comparison says n = 4
    expect(result.comparisons[0]?.significance?.n).toBe(4)
  })

  test('an invalid policy fails closed instead of throwing', () => {
    const result = evaluateGate(scorecardOf(uniformRun(20, (i) => baseValue(i) * 0.9)), baseline, {
      ...defaultGatePolicy,
      resamples: -1,
    })
    expect(result.pass).toBe(false)
    expect(result.reasons.at(-1)?.code).toBe('gate_error')
  })
})

describe('evaluateGate: comparability and judges', () => {
  test('a golden set that grew by one case compares the 20 cases both runs share and lists the new one by id', () => {
    const grown = [
      ...uniformRun(20, baseValue),
      buildRecord('C-20', { line: 21, retrieval: { metrics: { 'recall@5': 0, mrr: 0, 'ndcg@10': 0 } } }),
    ]
    const result = evaluateGate(scorecardOf(grown, { goldenSetHash: 'golden-other-hash-000' }), baseline)
    // C-20 scores 0 on every metric: compared against the full-run mean it would be a drop of 0.69 -> 0.657
    // (-4.8%); paired, the 20 shared cases are unchanged.
    expect(result).toMatchObject({
      pass: true,
      compared: true,
      cases: { paired: 20, baselineCases: 20, pairedShare: 1, added: ['C-20'], edited: [], removed: [] },
    })
    expect(result.comparisons.find((c) => c.metric === 'recall@5' && c.group === 'overall')).toMatchObject({
      verdict: 'unchanged',
      baseline: expect.closeTo(0.69, 12),
    })
    expect(result.messages).toContain(
      "cases not compared with the baseline: 1 new (C-20); their hard assertions ran. Compared the 20 of the baseline's 20 cases with the same id and content",
    )
    expect(result.messages).toContain(
      'after this change is merged, accept the new baseline on the main branch with `npx vitest-rag baseline accept --yes` and commit it',
    )
  })

  test("under half of the baseline's cases paired is NOT COMPARABLE and fails by default, with the counts", () => {
    // 11 of 20 edited: 9 / 20 = 45% paired, under the 50% default
    const edited = uniformRun(20, baseValue).map((r, i) => (i < 11 ? { ...r, caseHash: `edited-${r.caseId}` } : r))
    const result = evaluateGate(scorecardOf(edited, { goldenSetHash: 'golden-other-hash-000' }), baseline)
    expect(result).toMatchObject({ pass: false, comparisons: [], compared: false })
    expect(result.reasons.map((r) => r.code)).toEqual(['not_comparable'])
    expect(result.reasons[0]?.message).toBe(
      "NOT COMPARABLE: only 9 of the baseline's 20 cases pair with this run by id and content (45%, under the 50% minimum, gate.minPairedShare): 0 new, 11 edited, 0 removed; " +
        'no metric was compared. Review this scorecard and accept it as the new baseline with `npx vitest-rag baseline accept --yes`',
    )
    // 10 of 20 edited: 10 / 20 = 50%, at the minimum: compared
    const half = uniformRun(20, baseValue).map((r, i) => (i < 10 ? { ...r, caseHash: `edited-${r.caseId}` } : r))
    expect(evaluateGate(scorecardOf(half), baseline)).toMatchObject({
      pass: true,
      compared: true,
      cases: { paired: 10, pairedShare: 0.5 },
    })
  })

  test('with onNotComparable "warn", too few paired cases pass with a loud warning and compare nothing', () => {
    const removed = uniformRun(20, baseValue).slice(0, 3)
    const result = evaluateGate(scorecardOf(removed), baseline, { ...defaultGatePolicy, onNotComparable: 'warn' })
    expect(result).toMatchObject({ pass: true, comparisons: [], compared: false })
    expect(result.messages[0]).toMatch(
      /^WARNING NOT COMPARABLE: only 3 of the baseline's 20 cases pair with this run by id and content \(15%.*0 new, 0 edited, 17 removed/,
    )
  })

  test('a corpus change is compared as a change of the system: a 10% drop on every case fails, and the corpus is named', () => {
    const result = evaluateGate(
      scorecardOf(
        uniformRun(20, (i) => baseValue(i) * 0.9),
        { corpusFingerprint: 'corpus-zzz' },
      ),
      baseline,
    )
    expect(result).toMatchObject({ pass: false, compared: true, cases: { corpusChanged: true, paired: 20 } })
    expect(result.reasons.map((r) => r.code)).toContain('metric_regression')
    expect(result.messages).toContain(
      "the corpus differs from the baseline's (another corpus fingerprint): compared as a change of the system",
    )
  })

  test('a case whose expected sources resolve to other chunks is an edited case, not compared', () => {
    const withExpected = (chunkId: string) =>
      uniformRun(20, baseValue).map((r) => ({
        ...r,
        retrieval: { ...r.retrieval, expected: [{ chunkId: r.caseId === 'C-00' ? chunkId : 'x', grade: 1 }] },
      }))
    const before = createBaseline(scorecardOf(withExpected('doc-a#0')), CREATED_AT)
    const result = evaluateGate(scorecardOf(withExpected('doc-a#1')), before)
    expect(result.cases).toMatchObject({ paired: 19, edited: ['C-00'] })
  })

  // System-mode runs of 8 cases with retrieval metrics and judge metrics.
  function judgedRun(faithfulness: number, judged: number, kind: 'heuristic' | 'model' = 'heuristic'): CaseRecord[] {
    return uniformRun(8, () => 0.8).map((r, i) => ({
      ...r,
      mode: 'system' as const,
      ...(i < judged ? { judge: { kind, failed: false }, answerMetrics: { faithfulness } } : {}),
    }))
  }
  const judgedBaseline = createBaseline(scorecardOf(judgedRun(1, 8), { mode: 'system' }), CREATED_AT)

  test('a judge metric drop fails when both runs are judged by the same kind with enough coverage', () => {
    const result = evaluateGate(scorecardOf(judgedRun(0.5, 8), { mode: 'system' }), judgedBaseline)
    expect(result.pass).toBe(false)
    expect(result.reasons[0]?.message).toMatch(/^faithfulness \(overall\) dropped from 1\.000 to 0\.500 \(-50\.0%/)
  })

  test('judge metrics are skipped when the judge ran on under 25% of cases', () => {
    // 1 judged of 8 = 12.5% coverage
    const result = evaluateGate(scorecardOf(judgedRun(0.5, 1), { mode: 'system' }), judgedBaseline)
    expect(result.pass).toBe(true)
    expect(result.comparisons.some((c) => c.metric === 'faithfulness')).toBe(false)
    expect(result.messages).toContain(
      'judge metrics not compared: judge coverage 12.5% (this run) / 100.0% (baseline) is under the 25.0% minimum',
    )
  })

  test('a retrieval-mode run against a system-mode baseline compares retrieval only', () => {
    const gated = { ...defaultGatePolicy, gatedMetrics: ['recall@5', 'faithfulness', 'should_contain'] }
    const systemBaseline = createBaseline(
      scorecardOf(
        judgedRun(1, 8).map((r) => ({ ...r, answerMetrics: { faithfulness: 1, should_contain: 1 } })),
        { mode: 'system' },
      ),
      CREATED_AT,
    )
    const result = evaluateGate(scorecardOf(uniformRun(8, () => 0.8)), systemBaseline, gated)
    expect(result.pass).toBe(true)
    expect(result.comparisons.map((c) => c.metric)).toEqual(['recall@5', 'recall@5'])
    expect(result.messages).toEqual([
      'mode differs: baseline system, this run retrieval; only metrics both runs have are compared',
      'answer metrics not compared: this run is in retrieval mode (no answers were generated)',
      // 8 cases of recall@5 = 1, 2 comparisons (overall, normal): Holm's level 0.05 / 2 = 0.025 needs seven whole
      // cases to fail (2 / 2^7 = 0.016; 2 / 2^6 = 0.031 is not enough), 7 x 1 / 8 = 87.5% of the mean.
      'too small to gate (a regression under 25.0% cannot be confirmed at 80% power): overall (n=8: the smallest recall@5 drop it can confirm is 87.5%); ' +
        'normal (n=8: the smallest recall@5 drop it can confirm is 87.5%); add cases to these groups or set absolute floors (gate.floors)',
    ])
  })

  test('scores of two different judge models are NOT COMPARABLE: the scoring changed', () => {
    const byModel = (model: string, faithfulness: number) =>
      judgedRun(faithfulness, 8, 'model').map((r) => ({
        ...r,
        judge: { kind: 'model' as const, model, failed: false },
      }))
    const modelBaseline = createBaseline(scorecardOf(byModel('judge-a', 1), { mode: 'system' }), CREATED_AT)
    expect(modelBaseline.judgeModel).toBe('judge-a')
    expect(evaluateGate(scorecardOf(byModel('judge-a', 0.5), { mode: 'system' }), modelBaseline).pass).toBe(false)
    const other = evaluateGate(scorecardOf(byModel('judge-b', 1), { mode: 'system' }), modelBaseline)
    expect(other).toMatchObject({ pass: false, compared: false, comparisons: [] })
    expect(other.reasons.map((r) => r.code)).toEqual(['not_comparable'])
    expect(other.messages[0]).toBe(
      'NOT COMPARABLE: scoring changed: the baseline was judged by judge-a and this run by judge-b (scores of different judge models are not comparable); ' +
        'no metric was compared. Review this scorecard and accept it as the new baseline with `npx vitest-rag baseline accept --yes`',
    )
  })

  test('heuristic and model judge metrics are never compared with each other: NOT COMPARABLE', () => {
    const result = evaluateGate(scorecardOf(judgedRun(1, 8, 'model'), { mode: 'system' }), judgedBaseline)
    expect(result.pass).toBe(false)
    expect(result.messages[0]).toMatch(
      /^NOT COMPARABLE: scoring changed: the baseline was judged by the heuristic judge and this run by the model judge/,
    )
    // A gate that gates no judge metric is not blinded by a judge change: recall@5 is still compared.
    const retrievalOnly = evaluateGate(scorecardOf(judgedRun(1, 8, 'model'), { mode: 'system' }), judgedBaseline, {
      ...defaultGatePolicy,
      gatedMetrics: ['recall@5'],
    })
    expect(retrievalOnly).toMatchObject({ pass: true, compared: true })
    expect(retrievalOnly.comparisons.map((c) => `${c.metric}/${c.verdict}`)).toEqual([
      'recall@5/unchanged',
      'recall@5/unchanged',
    ])
  })
})

describe('evaluateGate: a sampled run (a subset of the baseline cases)', () => {
  test('compares the same cases on both sides, not the subset against the full-set mean', () => {
    // Cases C-10..C-19 unchanged: their baseline mean is 0.5 + 0.02 * 14.5 = 0.79, far above the full-set 0.69.
    // Comparing 0.79 with the full 0.69 would call it a +14% "improvement"; paired, it is unchanged.
    const subset = uniformRun(20, baseValue).slice(10)
    const result = evaluateGate(scorecardOf(subset), baseline)
    expect(result.pass).toBe(true)
    const overall = result.comparisons.find((c) => c.metric === 'recall@5' && c.group === 'overall')
    expect(overall).toMatchObject({
      verdict: 'unchanged',
      baseline: expect.closeTo(0.79, 12),
      current: expect.closeTo(0.79, 12),
    })
  })

  test('a drop on the sampled cases is still caught, measured against those cases', () => {
    // The first 10 cases (baseline mean 0.5 + 0.02 * 4.5 = 0.59) each lose 0.06: 0.53 / 0.59 - 1 = -10.2%.
    const subset = uniformRun(20, (i) => baseValue(i) - 0.06).slice(0, 10)
    const result = evaluateGate(scorecardOf(subset), baseline)
    expect(result.pass).toBe(false)
    const overall = result.comparisons.find((c) => c.metric === 'recall@5' && c.group === 'overall')
    expect(overall?.verdict).toBe('regression')
    expect(overall?.baseline).toBeCloseTo(0.59, 12)
    expect(overall?.relativeChange).toBeCloseTo(-0.06 / 0.59, 12)
  })
})

describe('evaluateGate: retrieval levels', () => {
  const atLevel = (level: 'document' | 'span', value: (i: number) => number) =>
    uniformRun(20, value).map((r) => ({ ...r, retrieval: { ...r.retrieval, level } }))

  test('a baseline scored at document level is NOT COMPARABLE on retrieval metrics with a span-level run, with the reason and how to re-accept', () => {
    const documentBaseline = createBaseline(scorecardOf(atLevel('document', baseValue)), CREATED_AT)
    expect(documentBaseline.retrievalLevel).toBe('document')
    // Every span-level value is half the document-level one: compared, that is a 50% drop on every metric.
    const span = scorecardOf(atLevel('span', (i) => baseValue(i) / 2))
    const result = evaluateGate(span, documentBaseline)
    expect(result.comparisons).toEqual([])
    // A change of scoring fails by default (onNotComparable 'fail'), like every NOT COMPARABLE, with one reason.
    expect(result.pass).toBe(false)
    expect(result.reasons.map((r) => r.code)).toEqual(['not_comparable'])
    expect(result.messages[0]).toBe(
      'NOT COMPARABLE: retrieval metrics: scoring changed: the baseline was scored at document level and this run at span level ' +
        '(scores at different levels are different measurements: a document covers every passage of it); they were not compared ' +
        '(the other metrics were). If the change is intended, review this scorecard and accept it as the new baseline with `npx vitest-rag baseline accept --yes`',
    )
    // With onNotComparable 'warn' the same line is a WARNING and the gate passes.
    const warned = evaluateGate(span, documentBaseline, { ...defaultGatePolicy, onNotComparable: 'warn' })
    expect(warned.pass).toBe(true)
    expect(warned.messages).toContainEqual(
      expect.stringMatching(/^WARNING NOT COMPARABLE: retrieval metrics: .*accept --yes`$/),
    )
    // The same level compares as before.
    expect(evaluateGate(scorecardOf(atLevel('document', (i) => baseValue(i) / 2)), documentBaseline).pass).toBe(false)
  })

  test('a level change leaves the answer metrics compared: a faithfulness drop still fails beside the retrieval NOT COMPARABLE', () => {
    const judged = (level: 'document' | 'span', faithfulness: number) =>
      atLevel(level, () => 0.8).map((r) => ({
        ...r,
        mode: 'system' as const,
        judge: { kind: 'heuristic' as const, failed: false },
        answerMetrics: { faithfulness },
      }))
    const before = createBaseline(scorecardOf(judged('document', 1), { mode: 'system' }), CREATED_AT)
    const result = evaluateGate(scorecardOf(judged('span', 0.5), { mode: 'system' }), before)
    expect(result.reasons.map((r) => r.code)).toEqual(['not_comparable', 'metric_regression', 'metric_regression'])
    expect(result.comparisons.map((c) => c.metric)).toEqual(['faithfulness', 'faithfulness'])
  })
})
