import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  isSupportedBy,
  readClaimEvidence,
  referenceRecall,
  sentenceWindows,
  supportIn,
} from '../../../src/grading/judge/support.ts'

describe('claim support, read once per claim', () => {
  test('a claim is read without its markers and without the words the question gives', () => {
    const evidence = readClaimEvidence(
      'Seats at Polaris cost 12 dollars [1, 2] in Michigan.',
      'What do seats cost at Polaris?',
    )
    // Content words {seat, polaris, cost, dollar, michigan} minus the query's {seat, cost, polaris}.
    expect(evidence.words).toEqual(['dollar', 'michigan'])
    expect(evidence.numbers).toEqual(['12'])
    // Names: Polaris is given by the question, Michigan is not.
    expect(evidence.names).toEqual(['michigan'])
  })

  test('the yes/no check gives the decision of the full measure', () => {
    const evidence = readClaimEvidence('Seats cost 12 dollars.')
    expect(supportIn(evidence, 'Each seat costs 10 dollars.')).toEqual({
      overlap: 1,
      missingLiterals: ['12'],
      matchedWords: ['seat', 'cost', 'dollar'],
    })
    expect(isSupportedBy(evidence, 'Each seat costs 10 dollars.', 0.8)).toBe(false)
    expect(isSupportedBy(evidence, 'Each seat costs 12 dollars.', 0.8)).toBe(true)
    // 2 of 3 words (seat, cost) = 0.667: enough at 0.6, not at 0.8.
    expect(isSupportedBy(evidence, 'A seat costs 12.', 0.6)).toBe(true)
    expect(isSupportedBy(evidence, 'A seat costs 12.', 0.8)).toBe(false)
  })

  test('property: isSupportedBy is overlap >= threshold with no missing literal, for any claim and source', () => {
    const word = fc.constantFrom(
      'Seats',
      'cost',
      '12',
      '$10',
      'Michigan',
      'TCK-1042',
      'the',
      'plan',
      'Delhi',
      'per',
      'month',
      '1,000',
      'getUser',
      '[1]',
      '.',
      'Note:',
      'older',
    )
    const text = fc.array(word, { maxLength: 12 }).map((w) => w.join(' '))
    fc.assert(
      fc.property(
        text,
        text,
        text,
        fc.boolean(),
        fc.constantFrom(0.5, 0.6, 0.8, 1),
        (claim, source, query, dropMeta, min) => {
          const evidence = readClaimEvidence(claim, query, dropMeta)
          const full = supportIn(evidence, source)
          expect(isSupportedBy(evidence, source, min)).toBe(full.overlap >= min && full.missingLiterals.length === 0)
        },
      ),
    )
  })

  test('reference recall counts the reference words and literals the text holds', () => {
    // Wanted [seat, cost, 12]; "costs" stems to cost, 12 is a number literal: 2 of 3.
    expect(referenceRecall('Seats cost $12', 'It costs $12 per month')).toBeCloseTo(2 / 3, 12)
    expect(referenceRecall('', 'anything')).toBe(1)
  })

  test('sentence windows are runs of consecutive sentences, the same array for the same text', () => {
    expect(sentenceWindows('A one. B two. C three.', 2)).toEqual(['A one. B two.', 'B two. C three.'])
    expect(sentenceWindows('A one. B two.', 2)).toEqual(['A one. B two.'])
    expect(sentenceWindows('A one. B two. C three.', 2)).toBe(sentenceWindows('A one. B two. C three.', 2))
  })
})
