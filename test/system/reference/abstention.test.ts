import { describe, expect, test } from 'vitest'
import { ABSTENTION_TEXT } from '../../../src/system/reference/abstention.ts'
import { isAbstention } from '../../../src/shared/text/abstention.ts'
import { statesDisagreement } from '../../../src/system/reference/conflict.ts'

describe('isAbstention', () => {
  test.each([
    ABSTENTION_TEXT,
    'I cannot answer this question based on the provided sources.',
    "Sorry, I don't know.",
    'The sources do not mention a Nebula plan.',
    "I don't have enough information to answer that.",
    'Thanks for asking. Unfortunately I am unable to find that in the documentation.',
    'This is not covered in the provided context.',
    '   ',
    "I'm sorry, but I couldn't find anything about that in the documentation.",
    'There is no mention of a Nebula plan in the knowledge base.',
    "I don't have access to that information.",
  ])('recognises a decline: %j', (text) => {
    expect(isAbstention(text)).toBe(true)
  })

  test.each([
    'The Team plan includes 5 seats [1].',
    'You cannot delete the owner account [1]; transfer ownership first [2].',
    'The Team plan includes 5 seats [1]. The sources do not say whether extra seats are prorated.',
    'No information is lost when you export [2].',
  ])('does not take an answer for a decline: %j', (text) => {
    expect(isAbstention(text)).toBe(false)
  })
})

describe('statesDisagreement', () => {
  test('recognises the extractive note and common model phrasings', () => {
    expect(
      statesDisagreement(
        'Note: older documentation [2] says 3 seats; the newer source [1] says 5 seats and supersedes it.',
      ),
    ).toBe(true)
    expect(statesDisagreement('The limit is now 5 seats [1], although the older docs say 3 [2].')).toBe(true)
    expect(statesDisagreement('The billing page [2] is outdated.')).toBe(true)
  })

  test('does not fire on a plain answer', () => {
    expect(statesDisagreement('The Team plan includes 5 seats [1].')).toBe(false)
  })
})
