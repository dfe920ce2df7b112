import { describe, expect, test } from 'vitest'
import { refersBack, rewriteDeterministic, rewriteQuery } from '../../../src/system/reference/rewrite.ts'
import type { Turn } from '../../../src/cases/schema.ts'

const seats: Turn[] = [
  { role: 'user', content: 'How many seats does the Team plan include?' },
  { role: 'assistant', content: 'The Team plan includes 5 seats [1].' },
]

describe('rewriteDeterministic', () => {
  test("a pronoun follow-up gets the prior user turn's content words appended", () => {
    const history: Turn[] = [{ role: 'user', content: 'How do I enable SSO with Okta?' }]
    expect(rewriteDeterministic('Which plan is it available on?', history)).toBe(
      'Which plan is it available on? enable SSO Okta',
    )
  })

  test('an elliptical "what about" drops the modifier it replaces', () => {
    // "Enterprise plan" swaps "Team plan": Team (the word before the shared "plan") is dropped
    expect(rewriteDeterministic('What about the Enterprise plan?', seats)).toBe(
      'What about the Enterprise plan? seats include',
    )
  })

  test('an "and ...?" follow-up resolves to the subject and keeps identifiers as written', () => {
    const history: Turn[] = [{ role: 'user', content: 'What causes ERR-4012 CSV export?' }]
    expect(rewriteDeterministic('And how do I fix it?', history)).toBe(
      'And how do I fix it? causes ERR-4012 CSV export',
    )
  })

  test('the latest USER turn is the subject, not the assistant reply or an older question', () => {
    const history: Turn[] = [
      { role: 'user', content: 'How long are audit logs kept?' },
      { role: 'assistant', content: 'One year [1].' },
      { role: 'user', content: 'How long are deleted projects kept?' },
      { role: 'assistant', content: '30 days [1].' },
    ]
    expect(rewriteDeterministic('Can that be extended?', history)).toBe('Can that be extended? deleted projects kept')
  })

  test('a self-contained follow-up and a case without history are left as they are', () => {
    expect(rewriteDeterministic('How do I rotate an API key for the billing service?', seats)).toBe(
      'How do I rotate an API key for the billing service?',
    )
    expect(rewriteDeterministic('Which plan is it on?', [])).toBe('Which plan is it on?')
  })

  test('refersBack recognises pronouns, elliptical openings and very short follow-ups', () => {
    expect(refersBack('Does it support SCIM?')).toBe(true)
    expect(refersBack('and the price?')).toBe(true)
    expect(refersBack('Pricing?')).toBe(true)
    expect(refersBack('How do I reset my password on the mobile app?')).toBe(false)
  })
})

describe('rewriteQuery', () => {
  test('without history nothing is rewritten and no model is needed', async () => {
    await expect(rewriteQuery('How many seats?', [])).resolves.toEqual({ query: 'How many seats?', method: 'none' })
  })

  test('without a rewriter client the deterministic rule is used', async () => {
    const r = await rewriteQuery('What about the Enterprise plan?', seats)
    expect(r).toEqual({ query: 'What about the Enterprise plan? seats include', method: 'deterministic' })
  })
})
