import { improvementOf, metricDirection } from '../../../src/grading/metrics/direction.ts'
import { describe, expect, test } from 'vitest'
import { copyRatio, COPY_MIN_TOKENS, lengthRatio } from '../../../src/grading/metrics/gaming.ts'

describe('copyRatio', () => {
  test('the doc comment example: a 3-word shared run covers 18 of 22 word characters', () => {
    // "the amber module uses" is in the context (3 + 5 + 6 + 4 = 18 characters); "four" (4) is not.
    expect(copyRatio('The amber module uses four', ['the amber module uses core'], 3)).toBeCloseTo(18 / 22, 12)
  })

  test('an answer quoted verbatim from one passage is 1, punctuation and case aside', () => {
    const passage = 'The garnet module uses core, four and six as its settings on the north side.'
    expect(copyRatio(`"${passage.toUpperCase()}"`, [passage])).toBe(1)
  })

  test('a citation marker counts in the denominator only', () => {
    const passage = 'The garnet module uses core, four and six as its settings.'
    // 11 words of 3 + 6 + 6 + 4 + 4 + 4 + 3 + 3 + 2 + 3 + 8 = 46 characters copied; the marker's "1" adds one
    // uncovered character: 46 / 47.
    expect(copyRatio(`${passage} [1]`, [passage])).toBeCloseTo(46 / 47, 12)
  })

  test('runs shorter than the minimum are not copying, and a run must not straddle two passages', () => {
    // Default minimum 5 words: "uses core four and" is 4 shared words in a row, then the answer goes its own way.
    expect(COPY_MIN_TOKENS).toBe(5)
    expect(copyRatio('it uses core four and nothing else', ['the module uses core four and six'])).toBe(0)
    // "a b c" ends passage one and "d e" starts passage two: the 5-word run "a b c d e" is in neither.
    expect(copyRatio('a b c d e', ['x a b c', 'd e y'])).toBe(0)
  })

  test('a synthesized answer that shares one 5-word run covers just that run', () => {
    const context = ['Refunds are issued within 14 days of the request by the billing team.']
    // The answer's words: You(3) get(3) your(4) money(5) back(4) within(6) 14(2) days(4) of(2) the(3) request(7) = 43
    // characters; "within 14 days of the request" is a 6-word shared run: 6 + 2 + 4 + 2 + 3 + 7 = 24 -> 24 / 43.
    expect(copyRatio('You get your money back within 14 days of the request.', context)).toBeCloseTo(24 / 43, 12)
  })

  test('no words to measure is undefined; no context is 0', () => {
    expect(copyRatio('  [ ] !', ['anything'])).toBe(undefined)
    expect(copyRatio('one two three four five', [])).toBe(0)
  })
})

describe('lengthRatio', () => {
  test('answer characters over reference characters, both trimmed', () => {
    expect(lengthRatio('x'.repeat(80), ` ${'y'.repeat(40)} `)).toBe(2)
    expect(lengthRatio('short', 'ten chars!')).toBe(0.5)
  })

  test('no reference answer is undefined', () => {
    expect(lengthRatio('anything', '')).toBe(undefined)
    expect(lengthRatio('anything', undefined)).toBe(undefined)
  })
})

describe('direction of the gaming measures', () => {
  test('copy_ratio is lower-is-better (a rise from 0.2 to 0.9 is an improvement of -0.7); length_ratio keeps the default', () => {
    expect(metricDirection('copy_ratio')).toBe('lower')
    expect(improvementOf('copy_ratio', 0.9 - 0.2)).toBeCloseTo(-0.7, 12)
    expect(metricDirection('length_ratio')).toBe('higher')
  })
})
