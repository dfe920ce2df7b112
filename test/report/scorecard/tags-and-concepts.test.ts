/**
 * Per-tag grouping (a case counts under each of its tags) in the scorecard's JSON and Markdown, and the concept
 * metrics flowing like any other: per case, overall and grouped, and gated (intrusion lower-is-better).
 */
import { describe, expect, test } from 'vitest'
import { createBaseline } from '../../../src/report/gate/baseline.ts'
import { evaluateGate } from '../../../src/report/gate/evaluate.ts'
import { defaultGatePolicy } from '../../../src/report/gate/policy.ts'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import { parseScorecard, serializeScorecard } from '../../../src/report/scorecard/render-json.ts'
import { renderConsoleSummary } from '../../../src/report/scorecard/render-console.ts'
import { renderMarkdown } from '../../../src/report/scorecard/render-markdown.ts'
import { buildContext, buildRecord } from './build-records.ts'

// A (tags comparison, billing) recall 1; B (tag comparison) recall 0; C (tag simple) recall 0.5; D no tag, 1;
// E errored (tag simple): 0 on every metric.
const records = [
  buildRecord('A', { tags: ['comparison', 'billing'], retrieval: { metrics: { 'recall@5': 1 } } }),
  buildRecord('B', { tags: ['comparison'], retrieval: { metrics: { 'recall@5': 0 } } }),
  buildRecord('C', { tags: ['simple'], retrieval: { metrics: { 'recall@5': 0.5 } } }),
  buildRecord('D', { retrieval: { metrics: { 'recall@5': 1 } } }),
  buildRecord('E', { tags: ['simple'], error: 'adapter timed out', retrieval: { metrics: {} } }),
]

describe('per-tag grouping', () => {
  const scorecard = buildScorecard(records, buildContext({ expectedCases: 5 }))

  test('each tag groups the cases that carry it; a case with two tags counts in both; the errored case scores 0', () => {
    const byTag = scorecard.retrieval.byTag!
    expect(Object.keys(byTag)).toEqual(['billing', 'comparison', 'simple'])
    // billing: A = 1 (n = 1); comparison: (1 + 0) / 2 = 0.5 (n = 2); simple: (0.5 + 0) / 2 = 0.25 (n = 2, 1 failed).
    expect(byTag.billing).toMatchObject({ n: 1, mean: { 'recall@5': 1 } })
    expect(byTag.comparison).toMatchObject({ n: 2, mean: { 'recall@5': 0.5 } })
    expect(byTag.simple).toMatchObject({ n: 2, failed: 1, mean: { 'recall@5': 0.25 } })
    // The overall mean is unchanged by tags: (1 + 0 + 0.5 + 1 + 0) / 5 = 0.5.
    expect(scorecard.retrieval.overall.mean['recall@5']).toBe(0.5)
  })

  test('the JSON keeps the tag groups through a round trip, and the Markdown prints them', () => {
    expect(parseScorecard(serializeScorecard(scorecard)).retrieval.byTag).toEqual(scorecard.retrieval.byTag)
    const markdown = renderMarkdown(scorecard)
    expect(markdown).toContain('By tag (a case counts under each of its tags)')
    expect(markdown).toContain('| comparison | 2 | 0.500 |')
    expect(markdown).toContain('| simple | 2 | 0.250 |')
  })

  test('a run without tags has no tag groups and no tag table', () => {
    const untagged = buildScorecard([buildRecord('A', { retrieval: { metrics: { 'recall@5': 1 } } })], buildContext())
    expect(untagged.retrieval.byTag).toBeUndefined()
    expect(renderMarkdown(untagged)).not.toContain('By tag')
  })
})

/** 20 system-mode cases: concept recall in the context `recall(i)`, concept intrusion in the answer `intrusion(i)`. */
function conceptRun(recall: (i: number) => number, intrusion: (i: number) => number) {
  const cases = Array.from({ length: 20 }, (_, i) =>
    buildRecord(`C-${String(i).padStart(2, '0')}`, {
      line: i + 1,
      mode: 'system',
      caseType: i < 10 ? 'exact_identifier' : 'stale_conflict',
      retrieval: { metrics: { 'recall@5': 1, concept_recall_context: recall(i) } },
      answerMetrics: { concept_recall_answer: 1, concept_intrusion_answer: intrusion(i) },
    }),
  )
  return buildScorecard(cases, buildContext({ mode: 'system', expectedCases: 20 }))
}

describe('concept metrics in the scorecard and the gate', () => {
  const policy = {
    ...defaultGatePolicy,
    gatedMetrics: ['concept_recall_context', 'concept_intrusion_answer'],
    perCaseType: false,
  }
  // Baseline: context recall 1 on every case, intrusion 0 on every case.
  const baseline = createBaseline(
    conceptRun(
      () => 1,
      () => 0,
    ),
    '2026-12-01T00:00:00.000Z',
  )

  test('they are grouped like any metric: overall and per case type, in their family', () => {
    const s = conceptRun(
      (i) => (i < 10 ? 1 : 0.5),
      () => 0,
    )
    // (10 x 1 + 10 x 0.5) / 20 = 0.75 overall; 1 for exact_identifier; 0.5 for stale_conflict.
    expect(s.retrieval.overall.mean.concept_recall_context).toBe(0.75)
    expect(s.retrieval.byCaseType.exact_identifier?.mean.concept_recall_context).toBe(1)
    expect(s.retrieval.byCaseType.stale_conflict?.mean.concept_recall_context).toBe(0.5)
    expect(s.answer.overall.mean.concept_intrusion_answer).toBe(0)
    expect(s.cases['C-15']?.retrieval?.concept_recall_context).toBe(0.5)
    // The console's retrieval line names the context recall beside the headline metrics.
    expect(renderConsoleSummary(s)).toContain('retrieval: recall@5 1.000  concept_recall_context 0.750 (20 scored')
  })

  test('a rise of answer intrusion fails the gate as a regression; a drop of context recall too', () => {
    // Intrusion 0 -> 0.5 on every case: a rise of a lower-is-better metric, p = 2 / 2^20; recall 1 -> 0.5: -50%.
    const result = evaluateGate(
      conceptRun(
        () => 0.5,
        () => 0.5,
      ),
      baseline,
      policy,
    )
    expect(result.pass).toBe(false)
    const verdicts = Object.fromEntries(result.comparisons.map((c) => [c.metric, c.verdict]))
    expect(verdicts).toEqual({ concept_recall_context: 'regression', concept_intrusion_answer: 'regression' })
    expect(result.reasons.map((r) => r.message).join('\n')).toContain(
      'concept_intrusion_answer (overall) rose from 0.000 to 0.500',
    )
  })

  test('intrusion staying at 0 and recall unchanged pass', () => {
    const same = conceptRun(
      () => 1,
      () => 0,
    )
    expect(evaluateGate(same, baseline, policy).pass).toBe(true)
  })
})
