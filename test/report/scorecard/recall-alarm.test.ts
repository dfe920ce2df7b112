import { describe, expect, test } from 'vitest'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import { recallAlarm } from '../../../src/report/scorecard/recall-alarm.ts'
import { renderConsoleSummary } from '../../../src/report/scorecard/render-console.ts'
import { renderHtmlScorecard } from '../../../src/report/scorecard/render-html.ts'
import { renderMarkdown } from '../../../src/report/scorecard/render-markdown.ts'
import type { CaseType } from '../../../src/cases/schema.ts'
import { buildContext, buildRecord } from './build-records.ts'

/** `count` scored cases of `caseType`, each with recall@5 and recall@20 from `recall(i)`. */
function cases(prefix: string, caseType: CaseType, count: number, recall: (i: number) => number) {
  return Array.from({ length: count }, (_, i) =>
    buildRecord(`${prefix}-${i}`, {
      caseType,
      retrieval: { metrics: { 'recall@5': 0, 'recall@20': recall(i), mrr: 0 } },
    }),
  )
}

describe('the near-zero recall alarm', () => {
  test('rings when the deepest recall is near zero in every case type, naming each and what to check', () => {
    // normal: 4 cases at 0 -> 0.000; exact_identifier (listed first: byCaseType order): 3 cases, one at 0.1 -> 0.1 / 3 = 0.033 (<= 0.05)
    const records = [
      ...cases('N', 'normal', 4, () => 0),
      ...cases('M', 'exact_identifier', 3, (i) => (i === 0 ? 0.1 : 0)),
    ]
    const scorecard = buildScorecard(records, buildContext())
    const alarm = scorecard.retrievalAlarm
    expect(alarm?.metric).toBe('recall@20') // the deepest cutoff, not recall@5
    expect(alarm?.cases).toBe(7)
    expect(alarm?.byCaseType.normal).toBe(0)
    expect(alarm?.byCaseType.exact_identifier).toBeCloseTo(0.0333, 4)
    expect(alarm?.message).toMatch(
      /^recall@20 is at most 0\.05 in every case type \(exact_identifier 0\.033, normal 0\.000; 7 scored cases\): before blaming retrieval, check the questions' vocabulary against the corpus/,
    )
    expect(renderConsoleSummary(scorecard)).toContain(`\n  ! ${alarm?.message}\n`)
    expect(renderMarkdown(scorecard)).toContain('> **Check the questions first:** recall@20 is at most 0.05')
    // The HTML scorecard says it in its header, above every table; a run without the alarm does not.
    const html = renderHtmlScorecard({ title: 'run', scorecard })
    expect(html).toContain(
      '<p><span class="pill bad">check the questions first</span> recall@20 is at most 0.05 in every case type',
    )
    expect(html.indexOf('check the questions first')).toBeLessThan(html.indexOf('<main>'))
    const fine = buildScorecard(
      cases('N', 'normal', 6, () => 1),
      buildContext(),
    )
    expect(renderHtmlScorecard({ title: 'run', scorecard: fine })).not.toContain('check the questions first')
  })

  test('stays silent when one case type is found, when recall is fine, or on too few cases', () => {
    // exact_identifier at 0.3 > 0.05: the retriever finds one kind of question, so the misses are its own
    const mixed = [...cases('N', 'normal', 4, () => 0), ...cases('M', 'exact_identifier', 3, () => 0.3)]
    expect(buildScorecard(mixed, buildContext()).retrievalAlarm).toBeUndefined()
    expect(
      buildScorecard(
        cases('N', 'normal', 6, () => 1),
        buildContext(),
      ).retrievalAlarm,
    ).toBeUndefined()
    // 4 scored cases < the 5 the alarm needs
    const few = buildScorecard(
      cases('N', 'normal', 4, () => 0),
      buildContext(),
    )
    expect(few.retrievalAlarm).toBeUndefined()
    expect(renderConsoleSummary(few)).not.toContain('check the questions')
  })

  test('needs a recall metric; a threshold can be set', () => {
    const noRecall = buildScorecard(
      Array.from({ length: 6 }, (_, i) => buildRecord(`C-${i}`, { retrieval: { metrics: { mrr: 0 } } })),
      buildContext(),
    )
    expect(recallAlarm(noRecall.retrieval)).toBeUndefined()
    const low = buildScorecard(
      cases('N', 'normal', 5, () => 0.2),
      buildContext(),
    ).retrieval
    expect(recallAlarm(low)).toBeUndefined()
    expect(recallAlarm(low, { maxRecall: 0.25, minCases: 5 })?.byCaseType).toEqual({ normal: 0.2 })
  })
})
