import { expect, test } from 'vitest'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import { renderConsoleSummary } from '../../../src/report/scorecard/render-console.ts'
import { renderMarkdown } from '../../../src/report/scorecard/render-markdown.ts'
import { buildContext, buildRecord } from '../../report/scorecard/build-records.ts'

test('the scorecard reports synthetic cases apart from human-written ones and prints the gap', () => {
  const records = [
    buildRecord('H-1', { retrieval: { metrics: { 'recall@5': 1, mrr: 1 } } }),
    buildRecord('H-2', { retrieval: { metrics: { 'recall@5': 0.5, mrr: 0.5 } } }),
    buildRecord('S-1', { synthetic: true, retrieval: { metrics: { 'recall@5': 1, mrr: 1 } } }),
    buildRecord('S-2', { synthetic: true, retrieval: { metrics: { 'recall@5': 1, mrr: 0.5 } } }),
  ]
  const scorecard = buildScorecard(records, buildContext())
  // human recall@5 (1 + 0.5) / 2 = 0.75, synthetic (1 + 1) / 2 = 1.0: gap +0.25; mrr 0.75 vs 0.75: gap 0
  expect(scorecard.origins?.human.retrieval.mean).toEqual({ 'recall@5': 0.75, mrr: 0.75 })
  expect(scorecard.origins?.synthetic.retrieval.mean).toEqual({ 'recall@5': 1, mrr: 0.75 })
  expect(scorecard.origins?.gap.retrieval).toEqual({ 'recall@5': 0.25, mrr: 0 })
  expect(scorecard.retrieval.overall.mean['recall@5']).toBe(0.875) // the overall mean still holds every case
  expect(renderConsoleSummary(scorecard)).toContain(
    '  synthetic vs human (2 vs 2 cases; synthetic questions overstate retrieval): recall@5 1.000 vs 0.750 (gap +0.250)  mrr 0.750 vs 0.750 (gap +0.000)\n',
  )
  expect(renderMarkdown(scorecard)).toContain('| recall@5 | 1.000 | 0.750 | +0.250 |')
})

test('a run without synthetic cases has no origins section', () => {
  const scorecard = buildScorecard([buildRecord('H-1', { retrieval: { metrics: { 'recall@5': 1 } } })], buildContext())
  expect(scorecard.origins).toBeUndefined()
  expect(renderConsoleSummary(scorecard)).not.toContain('synthetic')
})
