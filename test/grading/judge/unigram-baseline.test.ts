import { expect, test } from 'vitest'
import { unigramPrecision } from '../../../src/grading/judge/unigram-baseline.ts'

test("unigram precision is the share of the answer's lowercase words found in the context", () => {
  // paris, is, france found; in not -> 3 / 4
  expect(unigramPrecision('Paris is in France', "France's capital is Paris")).toBe(0.75)
  expect(unigramPrecision('...', 'anything')).toBe(1)
})
