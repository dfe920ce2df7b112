/**
 * The scorecard says how the system's sources resolved, at which level each case's retrieval was scored
 * (also in the TREC export's run tag), and how much of the golden set was answered at all.
 */
import { describe, expect, test } from 'vitest'
import { buildScorecard } from '../../../src/report/scorecard/aggregate.ts'
import { levelLine, summarizeSources } from '../../../src/report/scorecard/source-summary.ts'
import { exportTrec } from '../../../src/report/scorecard/trec-export.ts'
import { buildContext, buildRecord } from './build-records.ts'

const chunkCase = buildRecord('A', {
  retrieval: {
    level: 'chunk',
    ranked: ['t/doc/a#1', 'unresolved:2'],
    judged: [{ chunkId: 't/doc/a#1', grade: 3 }],
    metrics: { 'recall@5': 1 },
  },
  sources: { references: 10, unresolvedCount: 2, unresolved: ['docId "KB-1"'], via: { id: 8 } },
})
const documentCase = buildRecord('B', {
  retrieval: {
    level: 'document',
    ranked: ['t/doc/b'],
    judged: [{ chunkId: 't/doc/b', grade: 2 }],
    metrics: { 'recall@5': 1 },
  },
  sources: { references: 5, unresolvedCount: 0, unresolved: [], via: { source_map: 5 } },
})

describe('sources and retrieval levels in the scorecard', () => {
  test('references, unresolved ones, ways of resolving and levels are summed over the cases', () => {
    // A: 10 references, 2 unresolved, 8 by id, chunk level; B: 5, none unresolved, 5 by source_map, document.
    expect(summarizeSources([documentCase, chunkCase])).toEqual({
      references: 15,
      unresolved: 2,
      byVia: { id: 8, source_map: 5 },
      levels: { chunk: 1, document: 1 },
      level: 'mixed',
      problems: [{ caseId: 'A', file: 'golden/support.golden.jsonl', line: 1, unresolved: ['docId "KB-1"'] }],
    })
    expect(levelLine(summarizeSources([chunkCase]))).toBe('chunk level (1 case)')
    const card = buildScorecard([chunkCase, documentCase], buildContext())
    expect(card.cases.A).toMatchObject({ retrievalLevel: 'chunk', unresolvedSources: ['docId "KB-1"'] })
    expect(card.cases.B?.retrievalLevel).toBe('document')
  })

  test("ambiguous references and those the system's label placed (tenancy: label) are summed and named in the level line", () => {
    const labelled = buildRecord('C', {
      retrieval: {
        level: 'document',
        ranked: ['t/doc/c'],
        judged: [{ chunkId: 't/doc/c', grade: 2 }],
        metrics: { 'recall@5': 1 },
      },
      sources: {
        references: 4,
        unresolvedCount: 0,
        unresolved: [],
        via: { locator: 3 },
        ambiguous: 1,
        labelTieBreaks: 2,
      },
    })
    const section = summarizeSources([labelled, documentCase])
    expect([section.ambiguous, section.labelTieBreaks]).toEqual([1, 2])
    expect(levelLine(section)).toBe(
      "document level (2 cases); 1 reference(s) ambiguous between tenants, not credited; 2 reference(s) placed by the system's own tenant label (tenancy: 'label')",
    )
    // A run without either says nothing more (the sample's line is unchanged).
    expect(summarizeSources([documentCase])).not.toHaveProperty('ambiguous')
  })

  test("the TREC export writes the scored ids and qrels at each case's level, and its tag names the level", () => {
    const one = exportTrec([documentCase])
    expect(one.run).toBe('B Q0 t/doc/b 1 1 vitest-rag.document\n')
    expect(one.qrels).toBe('B 0 t/doc/b 2\n')
    expect(exportTrec([chunkCase, documentCase]).level).toBe('mixed')
  })

  test('answer coverage: answered (not abstained) system-mode cases over all of them', () => {
    const answered = buildRecord('C', {
      mode: 'system',
      answer: { text: 'Fifty seats [1].', abstained: false, citedMarkers: [1] },
      answerMetrics: { faithfulness: 1 },
    })
    const silent = buildRecord('D', {
      mode: 'system',
      answer: { text: "I don't know.", abstained: true, citedMarkers: [] },
      answerMetrics: { crag_truthfulness: 0 },
    })
    const card = buildScorecard([answered, silent], buildContext({ mode: 'system' }))
    // 1 answered of 2: coverage 0.5; faithfulness is the mean over the one answered case.
    expect(card.answer.answered).toBe(1)
    expect(card.answer.answerCoverage).toBe(0.5)
    expect(card.answer.overall.mean.faithfulness).toBe(1)
    expect(card.answer.overall.mean.crag_truthfulness).toBe(0)
  })
})
