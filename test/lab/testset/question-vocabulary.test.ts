import { describe, expect, test } from 'vitest'
import { buildTestset, defaultBuildOptions, type TestsetCandidate } from '../../../src/lab/testset/build-testset.ts'
import {
  describeUnanchored,
  sharedContentWords,
  sharesNoContentWord,
  unanchoredQuestions,
} from '../../../src/lab/testset/question-vocabulary.ts'

const doc = 'Team plans allow 50 seats. Invoices are sent on the first day of each month.'

describe('the question vocabulary check', () => {
  test('shared content words are stemmed; stop words and bare numbers never count', () => {
    // "seats"/"seat" share the stem seat; "allow" and "team" are in both; "how", "many", "does" are stop words
    expect(sharedContentWords('How many seats does Team allow?', doc).sort()).toEqual(['allow', 'seat', 'team'])
    // the same question in German shares nothing with the English document ("Team" aside, which it lacks here)
    expect(sharesNoContentWord('Wie viele Plätze erlaubt der Tarif?', doc)).toBe(true)
    // only a number in common: numbers are left to the number check, so this is still no shared word
    expect(sharesNoContentWord('What happens after 50?', doc)).toBe(true)
    // a question of stop words alone shares nothing
    expect(sharesNoContentWord('What is it?', doc)).toBe(true)
    expect(sharesNoContentWord('When are invoices sent?', doc)).toBe(false)
  })

  test('a batch lists its unanchored questions in order, and the report line names how many and which', () => {
    const items = [
      { id: 'q1', question: 'When are invoices sent?', source: doc },
      { id: 'q2', question: 'Wann kommt die Rechnung?', source: doc },
      { id: 'q3', question: 'What did this agreement do?', source: doc },
    ]
    const ids = unanchoredQuestions(items).map((i) => i.id)
    expect(ids).toEqual(['q2', 'q3'])
    expect(describeUnanchored(ids, 3, 'rejected')).toBe(
      "2 of 3 questions share no content word with their document (rejected): q2, q3; check the questions' language and vocabulary against the corpus",
    )
    expect(describeUnanchored([], 3, 'rejected')).toBe('')
    const many = Array.from({ length: 12 }, (_, i) => `q${i}`)
    expect(describeUnanchored(many, 19, 'rejected')).toContain('q8, q9, ... (2 more); check')
  })
})

describe('build-testset rejects questions that share no content word with their document', () => {
  const candidate = (id: string, question: string, sourceText?: string): TestsetCandidate => ({
    id,
    question,
    answer: '50 seats',
    answerable: true,
    tenantId: 'acme',
    sources: [{ docId: 'billing', grade: 1 }],
    spanText: 'Team plans allow 50 seats.',
    ...(sourceText !== undefined ? { sourceText } : {}),
    origin: `rows.jsonl:${id}`,
  })

  test('counted apart from copying questions; a candidate without its document text is not checked', () => {
    const result = buildTestset(
      [
        candidate('a', 'How large can a team get?', doc), // shares "team": kept
        candidate('b', 'Wie gross darf ein Team sein?', 'Les équipes ont 50 places.'), // nothing shared: rejected
        candidate('c', 'Wie gross darf ein Team sein?'), // no document text: not checked, kept
        candidate('d', 'Team plans allow how many seats?', doc), // copies its answer span (1.0 > 0.8)
      ],
      defaultBuildOptions,
    )
    expect(result.rejections.map((r) => [r.id, r.reason])).toEqual([
      ['b', 'shares_no_word'],
      ['d', 'copies_answer_span'],
    ])
    expect(result.report.rejectedBy).toEqual({ copies_answer_span: 1, shares_no_word: 1 })
    expect(result.cases.map((c) => c.case_id)).toEqual(['TS-a', 'TS-c'])
  })
})
