import { expect, test } from 'vitest'
import { cosineSimilarity, responseRelevancy } from '../../../src/grading/metrics/response-relevancy.ts'

test('cosine similarity is the dot product over the norms, 0 for a zero vector', () => {
  // (3, 4) . (4, 3) = 24; |a| = |b| = 5 -> 24 / 25 = 0.96
  expect(cosineSimilarity([3, 4], [4, 3])).toBeCloseTo(0.96, 12)
  // Opposite directions: -1.
  expect(cosineSimilarity([1, 2], [-2, -4])).toBeCloseTo(-1, 12)
  expect(cosineSimilarity([0, 0], [1, 0])).toBe(0)
})

test('response relevancy is the mean cosine to the original question, 0 when noncommittal', () => {
  const q = [1, 0]
  const generated = [
    [1, 0],
    [0.6, 0.8],
    [0, 1],
  ]
  // (1 + 0.6 + 0) / 3 = 0.5333...
  expect(responseRelevancy(q, generated, false)).toBeCloseTo(1.6 / 3, 12)
  expect(responseRelevancy(q, generated, true)).toBe(0)
  // Nothing generated: unscored rather than 0.
  expect(responseRelevancy(q, [], false)).toBeUndefined()
})
