import { describe, expect, test } from 'vitest'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import { renderConsoleSummary } from '../../../src/report/scorecard/render-console.ts'
import { renderMarkdown } from '../../../src/report/scorecard/render-markdown.ts'
import { buildContext, buildRecord } from './build-records.ts'

// Five retrieval-mode cases, values chosen so every mean is checkable by hand.
const retrievalRecords = [
  buildRecord('A', {
    retrieval: { metrics: { 'recall@5': 1, mrr: 1 } },
    hard: [{ name: 'toContainAll', passed: true }],
  }),
  buildRecord('B', {
    facets: { questionType: 'comparison', popularity: 'tail' },
    retrieval: { metrics: { 'recall@5': 0.5, mrr: 0.5 } },
  }),
  buildRecord('C', {
    caseType: 'exact_identifier',
    retrieval: { metrics: { 'recall@5': 1, mrr: 0.25 } },
    hard: [{ name: 'toHaveNoFabricatedCitations', passed: true }],
  }),
  // Errored before producing metrics: scores 0 on every metric, stays in the average.
  buildRecord('D', { error: 'adapter timed out after 30000 ms', retrieval: { metrics: {} } }),
  // Must abstain: retrieval unscored, counted as such.
  buildRecord('E', {
    caseType: 'out_of_scope',
    facets: { answerable: false, questionType: 'false_premise' },
    retrieval: { scored: false, metrics: {} },
    line: 14,
    hard: [
      { name: 'toAbstain', passed: true },
      { name: 'toNotLeakAcrossTenants', passed: false, message: 'retrieved chunk of tenant brassmoth' },
    ],
  }),
]

describe('buildScorecard: retrieval means', () => {
  const scorecard = buildScorecard(retrievalRecords, buildContext())

  test('the overall mean counts the errored case as zero and the must-abstain case as unscored', () => {
    // recall@5 = (1 + 0.5 + 1 + 0) / 4 = 0.625; mrr = (1 + 0.5 + 0.25 + 0) / 4 = 0.4375
    expect(scorecard.retrieval.overall).toEqual({
      n: 4,
      unscored: 1,
      failed: 1,
      mean: { 'recall@5': 0.625, mrr: 0.4375 },
    })
  })

  test('per case type means use only that type’s cases', () => {
    // normal: A, B, D -> recall (1 + 0.5 + 0) / 3 = 0.5, mrr (1 + 0.5 + 0) / 3 = 0.5
    expect(scorecard.retrieval.byCaseType.normal).toEqual({
      n: 3,
      unscored: 0,
      failed: 1,
      mean: { 'recall@5': 0.5, mrr: 0.5 },
    })
    expect(scorecard.retrieval.byCaseType.exact_identifier?.mean).toEqual({ 'recall@5': 1, mrr: 0.25 })
    expect(scorecard.retrieval.byCaseType.out_of_scope).toEqual({ n: 0, unscored: 1, failed: 0, mean: {} })
  })

  test("per tenant means sit beside the per-type ones, each over that tenant's cases", () => {
    // Every record here is tenant quillfern: its group is the overall one.
    expect(scorecard.retrieval.byTenant).toEqual({ quillfern: scorecard.retrieval.overall })
    // Move C (recall 1, mrr 0.25) to brassmoth: quillfern keeps A, B, D (errored, 0) and unscored E ->
    // recall (1 + 0.5 + 0) / 3 = 0.5, mrr (1 + 0.5 + 0) / 3 = 0.5; brassmoth has C alone.
    const split = buildScorecard(
      retrievalRecords.map((r) => (r.caseId === 'C' ? { ...r, tenantId: 'brassmoth' } : r)),
      buildContext(),
    )
    expect(split.retrieval.byTenant).toEqual({
      brassmoth: { n: 1, unscored: 0, failed: 0, mean: { 'recall@5': 1, mrr: 0.25 } },
      quillfern: { n: 3, unscored: 1, failed: 1, mean: { 'recall@5': 0.5, mrr: 0.5 } },
    })
  })

  test('per CRAG facet means group by question type, popularity and dynamism', () => {
    // simple: A, C, D -> recall (1 + 1 + 0) / 3; mrr (1 + 0.25 + 0) / 3
    const simple = scorecard.retrieval.byFacet.questionType.simple
    expect(simple?.n).toBe(3)
    expect(simple?.mean['recall@5']).toBeCloseTo(2 / 3, 12)
    expect(simple?.mean.mrr).toBeCloseTo(1.25 / 3, 12)
    expect(scorecard.retrieval.byFacet.popularity.tail?.mean).toEqual({ 'recall@5': 0.5, mrr: 0.5 })
    expect(Object.keys(scorecard.retrieval.byFacet.dynamism)).toEqual(['static'])
  })

  test('per-case values are what entered the averages, so a later run can pair them', () => {
    expect(scorecard.cases.D?.retrieval).toEqual({ 'recall@5': 0, mrr: 0 })
    expect(scorecard.cases.D?.error).toBe('adapter timed out after 30000 ms')
    expect(scorecard.cases.E?.retrieval).toBeUndefined()
    expect(scorecard.cases.A).toMatchObject({
      caseHash: 'hash-A',
      caseType: 'normal',
      retrieval: { 'recall@5': 1, mrr: 1 },
    })
    expect(Object.keys(scorecard.cases)).toEqual(['A', 'B', 'C', 'D', 'E'])
  })

  test('the run section lists the errored cases and is not partial without an expected count', () => {
    expect(scorecard.run).toEqual({ cases: 5, clusters: 5, partial: false, errored: 1, erroredCaseIds: ['D'] })
  })

  test('the run says how many clusters its cases form, each case keeps its cluster, and the views print the count', () => {
    // A and B share doc-1, C is on doc-2, D and E name none (one cluster each): 4 clusters of 5 cases
    const clusters: Record<string, string> = { A: 'doc-1', B: 'doc-1', C: 'doc-2' }
    const records = retrievalRecords.map((r) => (clusters[r.caseId] ? { ...r, cluster: clusters[r.caseId] } : r))
    const clustered = buildScorecard(records, buildContext())
    expect(clustered.run.clusters).toBe(4)
    expect([clustered.cases.A?.cluster, clustered.cases.C?.cluster, clustered.cases.D?.cluster]).toEqual([
      'doc-1',
      'doc-2',
      undefined,
    ])
    expect(renderMarkdown(clustered)).toContain('**cases** 5 (4 clusters)')
    expect(renderConsoleSummary(clustered).split('\n')[0]).toBe(
      'vitest-rag: 5 cases (4 clusters) (retrieval mode, 1 errored)',
    )
  })

  test('a run with fewer cases than the golden set holds is marked partial', () => {
    expect(buildScorecard(retrievalRecords, buildContext({ expectedCases: 6 })).run.partial).toBe(true)
    expect(buildScorecard(retrievalRecords, buildContext({ expectedCases: 5 })).run.partial).toBe(false)
  })
})

describe('buildScorecard: hard assertions', () => {
  const hard = buildScorecard(retrievalRecords, buildContext()).hard

  test('"N of N" counts only the checks that applied and ran', () => {
    // 4 checks ran over 5 cases (B and D had none): 3 passed, 1 failed
    expect({ ran: hard.ran, passed: hard.passed, failed: hard.failed }).toEqual({ ran: 4, passed: 3, failed: 1 })
    expect(hard.checks).toEqual([
      { name: 'toNotLeakAcrossTenants', ran: 1, passed: 0, failed: 1 },
      { name: 'toHaveNoFabricatedCitations', ran: 1, passed: 1, failed: 0 },
      { name: 'toAbstain', ran: 1, passed: 1, failed: 0 },
      { name: 'toContainAll', ran: 1, passed: 1, failed: 0 },
    ])
  })

  test('each failure names the case, its file and line, and the message', () => {
    expect(hard.failures).toEqual([
      {
        caseId: 'E',
        file: 'golden/support.golden.jsonl',
        line: 14,
        check: 'toNotLeakAcrossTenants',
        message: 'retrieved chunk of tenant brassmoth',
      },
    ])
  })
})

// Four system-mode cases for answers, abstention, error classes and usage.
const systemRecords = [
  buildRecord('S1', {
    mode: 'system',
    answer: { text: 'Seats cost $12 [1].', abstained: false, confidence: 0.9, citedMarkers: [1] },
    judge: { kind: 'heuristic', failed: false },
    answerMetrics: { faithfulness: 1, citation_accuracy: 0.5 },
    errorClass: 'correct',
    usage: { calls: 2, cachedCalls: 1, retries: 0, costUsd: 0.01, savedUsd: 0.005 },
  }),
  buildRecord('S2', {
    mode: 'system',
    answer: { text: 'I do not know.', abstained: true, confidence: 0.4, citedMarkers: [] },
    judge: { kind: 'heuristic', failed: false },
    answerMetrics: { faithfulness: 0.5, citation_accuracy: 1 },
    errorClass: 'wrong_abstention',
    usage: { calls: 1, cachedCalls: 0, retries: 2, costUsd: 0.02, savedUsd: 0 },
  }),
  // The judge's verdict could not be parsed: not a score, lowers coverage.
  buildRecord('S3', {
    mode: 'system',
    answer: { text: 'It is 5.', abstained: false, citedMarkers: [] },
    judge: { kind: 'heuristic', failed: true },
    errorClass: 'retrieval_miss',
  }),
  buildRecord('S4', {
    mode: 'system',
    caseType: 'out_of_scope',
    facets: { answerable: false },
    retrieval: { scored: false },
    answer: { text: 'I cannot answer that.', abstained: true, citedMarkers: [] },
    errorClass: 'correct',
  }),
]

describe('buildScorecard: answers, abstention, error classes, usage', () => {
  const calibration = { faithfulness: { accuracy: 0.9, kappa: 0.8, n: 50 } }
  const scorecard = buildScorecard(systemRecords, buildContext({ mode: 'system', calibration }))

  test('answer means cover the judged cases; coverage is judged over scorable cases', () => {
    const a = scorecard.answer
    // faithfulness (1 + 0.5) / 2 = 0.75; citation_accuracy (0.5 + 1) / 2 = 0.75; coverage 2 judged / 4 = 0.5
    expect(a.overall).toEqual({ n: 2, unscored: 2, failed: 0, mean: { faithfulness: 0.75, citation_accuracy: 0.75 } })
    expect({
      kind: a.judgeKind,
      judged: a.judged,
      scorable: a.scorable,
      coverage: a.coverage,
      judgeFailed: a.judgeFailed,
    }).toEqual({
      kind: 'heuristic',
      judged: 2,
      scorable: 4,
      coverage: 0.5,
      judgeFailed: 1,
    })
  })

  test('each judge metric carries its calibration figure or "uncalibrated"', () => {
    expect(scorecard.answer.calibration).toEqual({
      faithfulness: { accuracy: 0.9, kappa: 0.8, n: 50 },
      citation_accuracy: 'uncalibrated',
    })
  })

  test('abstention precision and recall are taken against the must-abstain cases, with AURC over confidences', () => {
    const b = scorecard.abstention
    // abstained: S2 (wrong), S4 (right) -> precision 1/2; must abstain: S4 -> recall 1/1
    // pairs: (0.9, correct), (0.4, wrong) -> AURC = (0/1 + 1/2) / 2 = 0.25
    expect(b).toMatchObject({
      answered: 4,
      mustAbstain: 1,
      abstained: 2,
      correctAbstentions: 1,
      precision: 0.5,
      recall: 1,
      withConfidence: 2,
      aurc: 0.25,
    })
    expect(b.riskCoverage).toEqual([
      { coverage: 0.5, risk: 0, threshold: 0.9 },
      { coverage: 1, risk: 0.5, threshold: 0.4 },
    ])
  })

  test('error classes are counted overall and per case type, with the half to fix', () => {
    const e = scorecard.errorClasses
    expect(e.overall).toEqual({ correct: 2, wrong_abstention: 1, retrieval_miss: 1 })
    expect(e.byCaseType).toEqual({
      normal: { correct: 1, wrong_abstention: 1, retrieval_miss: 1 },
      out_of_scope: { correct: 1 },
    })
    expect(e.fix).toEqual({ retrieval: 1, generation: 1 })
  })

  test('usage sums calls, cached calls, retries, cost and savings', () => {
    // cost 0.01 + 0.02 = 0.03; latency 4 x 10 ms
    expect(scorecard.usage.calls).toBe(3)
    expect(scorecard.usage.cachedCalls).toBe(1)
    expect(scorecard.usage.retries).toBe(2)
    expect(scorecard.usage.costUsd).toBeCloseTo(0.03, 12)
    expect(scorecard.usage.savedUsd).toBe(0.005)
    expect(scorecard.usage.latencyMsTotal).toBe(40)
  })

  test('records with both judge kinds make the run "mixed"', () => {
    const mixed = [
      ...systemRecords,
      buildRecord('S5', {
        mode: 'system',
        judge: { kind: 'model', model: 'judge-large', failed: false },
        answerMetrics: { faithfulness: 1 },
      }),
    ]
    expect(buildScorecard(mixed, buildContext({ mode: 'system' })).answer.judgeKind).toBe('mixed')
  })

  test('a retrieval-mode run has no scorable answers and no judge', () => {
    const a = buildScorecard(retrievalRecords, buildContext()).answer
    expect({ kind: a.judgeKind, scorable: a.scorable, coverage: a.coverage, n: a.overall.n }).toEqual({
      kind: 'none',
      scorable: 0,
      coverage: 0,
      n: 0,
    })
  })
})

describe('buildScorecard: the document', () => {
  test('carries the identity of the run: version, hashes, models and config snapshot', () => {
    const s = buildScorecard([], buildContext())
    expect(s).toMatchObject({
      version: 1,
      harnessVersion: '0.1.0',
      goldenSetHash: 'golden-aaaaaaaaaaaaaaaa',
      corpusFingerprint: 'corpus-bbbbbbbbbbbbbbbb',
      models: { generator: 'gen-small', judge: 'judge-large' },
      configSnapshot: { retrieval: { k: 20 } },
      run: { cases: 0, partial: false, errored: 0, erroredCaseIds: [] },
    })
    expect(s.retrieval.overall).toEqual({ n: 0, unscored: 0, failed: 0, mean: {} })
  })

  test('records its retrieval conventions: precision denominator, nothing-relevant rule, discount, ties', () => {
    const s = buildScorecard([], buildContext())
    expect(s.conventions.retrieval).toMatchObject({
      precisionDenominator: 'min(k, retrieved)',
      nothingRelevant: { score: 1 },
      ndcgDiscount: 'log2(rank+1)',
    })
    expect(s.conventions.retrieval.nothingRelevant.trecEval).toMatch(/scores it 0/)
    expect(s.conventions.retrieval.ties).toMatch(/minus 0.000001|minus 1e-6/)
  })

  test('permuting the records leaves every aggregate unchanged', () => {
    const forward = buildScorecard([...retrievalRecords, ...systemRecords], buildContext({ mode: 'system' }))
    const backward = buildScorecard([...retrievalRecords, ...systemRecords].reverse(), buildContext({ mode: 'system' }))
    expect(backward).toEqual(forward)
  })
})

describe('buildScorecard: one cost ledger', () => {
  const provider = (calls: number, cached: number, failures: number, costUsd: number, savedUsd: number) => ({
    calls,
    cached,
    retries: {},
    fallbacks: 0,
    failures,
    inputTokens: 0,
    outputTokens: 0,
    costUsd,
    savedUsd,
  })
  // The system reported $0.0100 for its own answers; the providers saw every call: generator $0.0120 (an errored
  // case's answer included), judge $0.0300 with a re-ask, embedder $0.0050.
  const records = [
    buildRecord('A', { mode: 'system', usage: { calls: 1, costUsd: 0.01 } }),
    buildRecord('B', {
      mode: 'system',
      error: 'vitest-rag: spend limit reached: a judge call for case "B" could cost up to $0.010000 ...',
    }),
    buildRecord('C', {
      mode: 'system',
      error: 'vitest-rag: spend limit reached: a generator call for case "C" could cost up to $0.010000 ...',
    }),
  ]
  const providers = {
    gen: provider(2, 0, 0, 0.012, 0),
    judge: provider(3, 1, 1, 0.03, 0.002),
    emb: provider(1, 0, 0, 0.005, 0),
  }
  const s = buildScorecard(records, buildContext({ mode: 'system', providers }))

  test('the total counts every call of every provider: 2 + 3 + 1 = 6 calls, $0.012 + $0.030 + $0.005 = $0.047', () => {
    expect(s.usage.total).toEqual({
      calls: 6,
      cachedCalls: 1,
      failures: 1,
      costUsd: expect.closeTo(0.047, 12),
      savedUsd: 0.002,
    })
    expect(renderConsoleSummary(s)).toContain(
      'usage: 6 model calls (1 cached, 1 failed; generator, judge and embedder), $0.0470 spent, $0.0020 saved',
    )
  })

  test('the scorecard says the spend limit stopped cases, which, and why', () => {
    expect(s.usage.spendLimit).toEqual({ stoppedCases: 2, caseIds: ['B', 'C'], message: records[1]!.error })
    expect(renderConsoleSummary(s)).toContain(
      'spend limit: stopped 2 case(s) (B, C): vitest-rag: spend limit reached: a judge call for case "B"',
    )
    expect(renderMarkdown(s)).toContain('**The spend limit stopped 2 case(s)** (B, C)')
  })
})
