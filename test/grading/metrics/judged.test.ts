import { describe, expect, test } from 'vitest'
import { condenseRanking, judgedAtK, judgedAtKs } from '../../../src/grading/metrics/judged.ts'
import { scoreRetrieval } from '../../../src/grading/metrics/retrieval.ts'

const judged = new Map([
  ['a', 2],
  ['b', 0],
])

describe('judged@k', () => {
  test('is the judged share of the top min(k, retrieved), grade 0 counting as judged', () => {
    // [a, x, b, y]: top 2 holds a (judged) and x -> 1/2; top 4 holds a, b -> 2/4; k 10 -> still over the 4 shown
    expect(judgedAtKs(['a', 'x', 'b', 'y'], judged, [1, 2, 4, 10])).toEqual({
      'judged@1': 1,
      'judged@2': 0.5,
      'judged@4': 0.5,
      'judged@10': 0.5,
    })
  })
  test('is 1 for an empty ranking: no unjudged document was scored', () => {
    expect(judgedAtK([], judged, 5)).toBe(1)
  })
})

describe('the condensed list (judged documents only)', () => {
  test('drops the unjudged ids and keeps the order', () => {
    expect(condenseRanking(['x', 'a', 'y', 'b'], judged)).toEqual(['a', 'b'])
  })
  test('scoring it moves a judged relevant document up past the unjudged ones', () => {
    // [x, y, a]: a at rank 3 -> mrr 1/3, hit@1 0; condensed [a] -> mrr 1, hit@1 1, precision@1 1
    const ranked = ['x', 'y', 'a']
    expect(scoreRetrieval(ranked, judged, { ks: [1] })).toMatchObject({ mrr: 1 / 3, 'hit@1': 0, 'precision@1': 0 })
    expect(scoreRetrieval(ranked, judged, { ks: [1], judgedOnly: true })).toMatchObject({
      mrr: 1,
      'hit@1': 1,
      'precision@1': 1,
    })
  })
})
