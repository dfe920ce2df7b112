/**
 * The pure halves of the experiment commands, on hand-made data with the arithmetic in comments.
 */
import { describe, expect, test } from 'vitest'
import { beirGoldenSet, caseIdFor } from '../../../src/lab/experiments/beir-golden.ts'
import { chunkerOutcome, describeSizeTrend } from '../../../src/lab/experiments/chunking-experiment.ts'
import { confirmableDrops, confirmableDropTable, noiseReport } from '../../../src/lab/experiments/noise-report.ts'
import { defaultGatePolicy } from '../../../src/report/gate/policy.ts'
import { createProgress } from '../../../src/lab/experiments/progress.ts'
import { verdictOf } from '../../../src/lab/experiments/metric-summary.ts'
import { compareScorecards } from '../../../src/lab/experiments/run-comparison.ts'
import { formatTextTable } from '../../../src/lab/experiments/text-table.ts'
import {
  recommendThreshold,
  recordsAtThreshold,
  thresholdRow,
  truthfulnessOf,
} from '../../../src/lab/experiments/threshold-sweep.ts'
import type { SourceDocument } from '../../../src/corpus/types.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import type { CaseRecord } from '../../../src/evaluation/case-record.ts'
import { buildContext, buildRecord } from '../../report/scorecard/build-records.ts'

test('a text table pads the first column left and the others right, with no trailing spaces', () => {
  // Column widths 6, 4, 4; cells two spaces apart; the empty last cell of "bm25" leaves no trailing space.
  expect(
    formatTextTable({
      header: ['arm', 'mrr', 'note'],
      rows: [
        ['bm25', '0.9', ''],
        ['hybrid', '0.85', 'x'],
      ],
    }),
  ).toBe('arm      mrr  note\nbm25     0.9\nhybrid  0.85     x\n')
})

describe('chunk-size trend', () => {
  const outcome = (size: number, hit1: number, hit10: number, chunks = 10) =>
    chunkerOutcome(`fixed-${size}`, `fixed:${size}/0`, size, Array(chunks).fill(100), [
      { caseId: 'a', caseType: 'normal', metrics: { 'hit@1': hit1, 'hit@10': hit10 } },
    ])

  test('top-1 peaking at a middle size while top-10 rises is a yes', () => {
    const trend = describeSizeTrend([
      outcome(500, 0.7, 0.9, 30),
      outcome(1000, 0.8, 0.93, 20),
      outcome(2000, 0.75, 0.95, 10),
    ])
    expect(trend).toMatchObject({ bestTop1Size: 1000, top1PeaksInMiddle: true, top10KeepsRising: true })
    expect(trend?.sentence).toBe(
      'Yes: top-1 hit peaks at a middle size (1000 characters), while top-10 hit keeps rising with size.',
    )
  })

  test('a plateau to the largest size is no peak, and identical chunkings are named', () => {
    const trend = describeSizeTrend([
      outcome(500, 0.7, 0.9, 30),
      outcome(1000, 0.8, 0.9, 20),
      outcome(2000, 0.8, 0.9, 20),
    ])
    expect(trend?.top1PeaksInMiddle).toBe(false)
    expect(trend?.sentence).toBe(
      'No: top-1 hit does not peak at a middle size (best from 1000 characters on), and top-10 hit stays flat. From 1000 characters on every document fits in one chunk, so the larger sizes chunk identically.',
    )
  })
})

describe('the gate threshold sweep', () => {
  // Three cases. A answerable: gate score 0.8, answered right (perfect). B answerable: gate score 0.5,
  // answered wrong (incorrect). C must abstain: gate score 0.6; answering it is incorrect.
  const open: CaseRecord[] = [
    buildRecord('A', {
      mode: 'system',
      answer: { text: 'a', abstained: false, confidence: 0.8, citedMarkers: [] },
      answerMetrics: { crag_truthfulness: 1 },
      errorClass: 'correct',
    }),
    buildRecord('B', {
      mode: 'system',
      answer: { text: 'b', abstained: false, confidence: 0.5, citedMarkers: [] },
      answerMetrics: { crag_truthfulness: -1 },
      errorClass: 'hallucination',
    }),
    buildRecord('C', {
      mode: 'system',
      caseType: 'out_of_scope',
      facets: { answerable: false },
      answer: { text: 'c', abstained: false, confidence: 0.6, citedMarkers: [] },
      answerMetrics: { crag_truthfulness: -1 },
      errorClass: 'wrong_abstention',
    }),
  ]
  // Closed: every case abstains with its gate score; the judge calls each abstention perfect (it saw no sources).
  const closed = open.map((r) => ({
    ...r,
    answer: { text: "I don't know.", abstained: true, confidence: r.answer?.confidence ?? 0, citedMarkers: [] },
    answerMetrics: { crag_truthfulness: 1 },
    errorClass: 'correct' as const,
  }))

  test('each case takes its open record at or above the threshold, else its closed one', () => {
    expect(recordsAtThreshold(open, closed, 0.6).map((r) => r.answer?.abstained)).toEqual([false, true, false])
    expect(recordsAtThreshold(open, closed, 0.61).map((r) => r.answer?.abstained)).toEqual([false, true, true])
  })

  test('an abstention on an answerable case earns 0, whatever the judge said', () => {
    expect(truthfulnessOf(closed[0] as CaseRecord)).toBe(0)
    expect(truthfulnessOf(closed[2] as CaseRecord)).toBe(1)
  })

  test('rows: coverage, abstention precision and recall, truthfulness; the recommendation maximises truthfulness', () => {
    // t 0: all answered -> coverage 1, nothing abstained (precision 0/0: not applicable, null), recall 0/1,
    //      truthfulness (1 - 1 - 1) / 3 = -1/3.
    // t 0.55: B abstains (0 for an answerable case) -> coverage 2/3, precision 0/1, recall 0, (1 + 0 - 1) / 3 = 0.
    // t 0.7: B and C abstain -> coverage 1/3, precision 1/2, recall 1, (1 + 0 + 1) / 3 = 2/3.
    const rows = [0, 0.55, 0.7].map((t) => thresholdRow(recordsAtThreshold(open, closed, t), t))
    expect(rows.map((r) => r.coverage)).toEqual([1, 2 / 3, 1 / 3])
    expect(rows.map((r) => r.abstentionPrecision)).toEqual([null, 0, 0.5])
    expect(rows.map((r) => r.abstentionRecall)).toEqual([0, 0, 1])
    expect(rows.map((r) => r.truthfulness)).toEqual([-1 / 3, 0, 2 / 3])
    const recommended = recommendThreshold(rows, 0.55)
    expect(recommended.threshold).toBe(0.7)
    expect(recommended.reason).toBe(
      '0.7 maximises CRAG truthfulness (0.667; a wrong answer costs 1, an abstention 0, a right answer earns 1), against 0.000 at the current 0.55: abstention recall 0.000 -> 1.000, precision 0.000 -> 0.500, answer coverage 0.667 -> 0.333',
    )
    // A tie with the current threshold keeps it.
    expect(recommendThreshold([rows[2]!, { ...rows[2]!, threshold: 0.9 }], 0.9).threshold).toBe(0.9)
  })
})

describe('compare', () => {
  const run = (recall: number[], precision: number[], config: unknown, errorClass: CaseRecord['errorClass'][] = []) =>
    buildScorecard(
      recall.map((r, i) =>
        buildRecord(`C-${i}`, {
          retrieval: { metrics: { 'recall@5': r, 'precision@5': precision[i] ?? 0 } },
          ...(errorClass[i] ? { errorClass: errorClass[i] } : {}),
        }),
      ),
      buildContext({ configSnapshot: config }),
    )

  test('recall up with precision down raises a gaming alarm; flipped cases and a two-section config change are named', () => {
    // Eight cases: recall@5 rises by 0.5 on every case (significant: all eight differences agree, exact
    // sign-flip p = 2/256 < 0.05), precision@5 falls by 0.1 on every case.
    const a = run(
      Array(8).fill(0.4),
      Array(8).fill(0.4),
      { search: { arm: 'bm25' }, chunker: 'structural', outDir: 'x' },
      ['retrieval_miss', 'correct'],
    )
    const b = run(
      Array(8).fill(0.9),
      Array(8).fill(0.3),
      { search: { arm: 'hybrid' }, chunker: 'fixed:500/50', outDir: 'y' },
      ['correct', 'retrieval_miss'],
    )
    const report = compareScorecards(a, b, { resamples: 2000 })
    const recall = report.deltas.find((d) => d.metric === 'recall@5' && d.group === 'overall')
    expect(recall).toMatchObject({ n: 8, verdict: 'improved' })
    expect(recall?.meanA).toBeCloseTo(0.4, 12)
    expect(recall?.meanB).toBeCloseTo(0.9, 12)
    expect(recall?.meanDiff).toBeCloseTo(0.5, 12)
    expect(recall?.pValue).toBeCloseTo(2 / 256, 12)
    expect(report.alarms.map((x) => `${x.rising}>${x.falling}`)).toEqual(['recall@5>precision@5'])
    expect(report.flipped).toEqual([
      { caseId: 'C-0', caseType: 'normal', direction: 'fixed', from: 'retrieval_miss', to: 'correct' },
      { caseId: 'C-1', caseType: 'normal', direction: 'broke', from: 'correct', to: 'retrieval_miss' },
    ])
    // outDir does not change results; search and chunker do.
    expect(report.differingSections).toEqual(['chunker', 'search'])
    expect(report.warnings[0]).toContain('differ in 2 sections (chunker, search)')
  })

  test('one changed section gives no warning and equal runs no alarm', () => {
    const a = run([1, 0, 1], [0.2, 0, 0.2], { search: { arm: 'bm25' } })
    const b = run([1, 0, 1], [0.2, 0, 0.2], { search: { arm: 'vector' } })
    const report = compareScorecards(a, b, { resamples: 500 })
    expect(report.warnings).toEqual([])
    expect(report.alarms).toEqual([])
    expect(report.deltas.every((d) => d.verdict === 'no detectable change')).toBe(true)
  })
})

test('noise: spread of run means, the detectable change at this size, and the gate verdicts', () => {
  // Two runs of four cases. recall@5 per case: run 1 [1, 1, 0, 0] (mean 0.5), run 2 [1, 1, 1, 0] (mean 0.75).
  // sd of run means: |0.5 - 0.75| / sqrt(2) = 0.1768; noise floor 2.772 x 0.1768 = 0.490.
  // Pooled per-case values [1,1,0,0,1,1,1,0]: mean 0.625, sd sqrt(8 x 0.625 x 0.375 / 7) = 0.5175;
  // detectable at n 4: (1.960 + 0.8416) x 0.5175 / 2 = 0.7249. Gate tolerance 0.05 x 0.625 = 0.03125.
  const run = (values: number[]) =>
    values.map((v, i) => buildRecord(`C-${i}`, { retrieval: { metrics: { 'recall@5': v } } }))
  const [recall] = noiseReport([run([1, 1, 0, 0]), run([1, 1, 1, 0])], 0.05)
  expect(recall?.metric).toBe('recall@5')
  expect(recall?.sd).toBeCloseTo(0.25 / Math.SQRT2, 10)
  expect(recall?.minDetectableDiff).toBeCloseTo(0.49, 3)
  expect(recall?.caseSd).toBeCloseTo(0.5175, 4)
  expect(recall?.sampleDetectableDiff).toBeCloseTo(0.7249, 3)
  expect(recall?.smallestDetectableChange).toBeCloseTo(0.7249, 3)
  expect(recall?.gateTolerance).toBeCloseTo(0.03125, 12)
  expect(recall?.tooNoisy).toBe(true)
})

test('noise: per gated metric and group, overall included, the smallest drop the gate confirms at 80% power', () => {
  // 20 normal cases at 0.50, 0.52, ..., 0.88 on recall@5, mrr and ndcg@10 (mean 0.69): 6 comparisons, Holm's
  // first level 0.05 / 6 = 0.0083 needs 8 whole cases (2 / 2^8 = 0.0078): 8 x 0.69 / 20 = 0.276 = 40% of the mean.
  const records = Array.from({ length: 20 }, (_, i) => {
    const v = 0.5 + 0.02 * i
    return buildRecord(`C-${String(i).padStart(2, '0')}`, {
      retrieval: { metrics: { 'recall@5': v, mrr: v, 'ndcg@10': v } },
    })
  })
  const rows = confirmableDrops(records, buildContext({ expectedCases: 20 }), defaultGatePolicy)
  expect(rows.map((r) => [r.metric, r.group, r.n])).toEqual([
    ['recall@5', 'overall', 20],
    ['recall@5', 'normal', 20],
    ['mrr', 'overall', 20],
    ['mrr', 'normal', 20],
    ['ndcg@10', 'overall', 20],
    ['ndcg@10', 'normal', 20],
  ])
  expect(rows[0]?.relativeDrop).toBeCloseTo(0.4, 12)
  expect(formatTextTable(confirmableDropTable(rows))).toMatch(
    /recall@5\s+overall\s+20\s+0\.690\s+40\.0%\s+too small to gate/,
  )
})

test('a BEIR dataset joined by title: paragraphs become span locators, impossible questions must abstain', () => {
  const doc = (key: string, title: string, text: string): SourceDocument => ({
    id: `t/document/${key}`,
    key,
    tenantId: 't',
    kind: 'document',
    title,
    text,
  })
  const corpus = {
    documents: [
      doc('p0', 'Normans', 'Alpha.'),
      doc('p1', 'Normans', 'Beta gamma.'),
      doc('p2', 'Force', 'Delta.'),
      doc('p3', 'Force', '  '),
    ],
    fingerprint: 'f',
    root: '/x',
  }
  const queries = [
    { id: 'q1', text: 'beta?', metadata: {} },
    { id: 'q2', text: 'what?', metadata: { is_impossible: true } },
    { id: 'q3', text: 'nothing judged', metadata: {} },
    { id: 'q/4', text: 'empty doc only', metadata: {} },
  ]
  const qrels = new Map([
    ['q1', new Map([['p1', 1]])],
    ['q/4', new Map([['p3', 2]])],
  ])
  const set = beirGoldenSet({ corpus, queries, qrels }, 't', { joinByTitle: true })
  // "Alpha." is 6 characters, then the 2-character separator: p1 spans [8, 19) of the joined "Normans" text.
  expect(set.documents.map((d) => [d.key, d.text])).toEqual([
    ['Normans', 'Alpha.\n\nBeta gamma.'],
    ['Force', 'Delta.\n\n  '],
  ])
  expect(set.cases.map((c) => [c.case.case_id, c.case.case_type, c.line])).toEqual([
    ['q1', 'normal', 1],
    ['q2', 'out_of_scope', 2],
  ])
  expect(set.cases[0]?.case.expected_sources).toEqual([
    { locator: { kind: 'document', id: 'Normans', span: [8, 19] }, grade: 1 },
  ])
  expect(set.skipped).toBe(2)
  expect(set.emptyJudgments).toBe(1)
  expect(caseIdFor('q/4')).toBe('q_4')
  expect(caseIdFor('_x')).toBe('q_x')
})

test('progress prints a line per tenth of the work at most every interval, and nothing for small work', () => {
  const lines: string[] = []
  let clock = 0
  const progress = createProgress((t) => lines.push(t), 'tune: gate open', 400, { now: () => clock, intervalMs: 1000 })
  for (let i = 0; i < 400; i++) {
    clock += 10 // 4 s in all: a tenth (40 items) takes 0.4 s, so only every third tenth is 1 s after the last line
    progress.tick()
  }
  progress.done()
  expect(lines).toEqual([
    'tune: gate open: 120/400 cases (30%, 1 s)\n',
    'tune: gate open: 240/400 cases (60%, 2 s)\n',
    'tune: gate open: 360/400 cases (90%, 4 s)\n',
    'tune: gate open: 400/400 cases in 4.0 s\n',
  ])
  const quiet: string[] = []
  const small = createProgress((t) => quiet.push(t), 'x', 10)
  small.tick()
  small.done()
  expect(quiet).toEqual([])
})

describe('paired verdicts read each metric in its direction', () => {
  test('a significant +0.05 is improved for mrr and regressed for noise_sensitivity (lower is better)', () => {
    const rise = { significant: true, meanDiff: 0.05 }
    expect([
      verdictOf(rise, 'mrr'),
      verdictOf(rise, 'noise_sensitivity'),
      verdictOf({ significant: false, meanDiff: 0.05 }, 'noise_sensitivity'),
    ]).toEqual(['improved', 'regressed', 'no detectable change'])
  })
})
