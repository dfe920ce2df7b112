import { describe, expect, test } from 'vitest'
import { wordTokens } from '../../../src/grading/judge/lexical.ts'
import { splitTokens, stemJudge, stemPipeline, stemSearch } from '../../../src/shared/text/tokens.ts'

describe('the tokenizer family', () => {
  test('the pipeline keeps identifiers whole, the judge splits them (it reads identifiers as literals)', () => {
    expect(splitTokens('Don’t renew ERR-4012 on v4.2.1.', 'pipeline')).toEqual([
      "don't",
      'renew',
      'err-4012',
      'on',
      'v4.2.1',
    ])
    expect(splitTokens('Don’t renew ERR-4012 on v4.2.1.', 'judge')).toEqual([
      "don't",
      'renew',
      'err',
      '4012',
      'on',
      'v4',
      '2',
      '1',
    ])
  })

  test('corrected disagreement: the judge folds like the other analyzers (NFKC, curly apostrophes straightened)', () => {
    // It used to lowercase only: "ﬁle" (U+FB01) stayed one unmatched ligature and "don’t" missed the stop list.
    expect(wordTokens('The ﬁle don’t')).toEqual(['the', 'file', "don't"])
  })

  test('the three stemmers stem the same words differently, each for its job', () => {
    const words = ['policies', 'billing', 'included', 'used', 'status', 'invoices', 'seats']
    const stems = (stem: (w: string) => string) => words.map(stem)
    // search: plurals only, so an index term keeps a product word's ending (`billing` stays `billing`).
    expect(stems(stemSearch)).toEqual(['policy', 'billing', 'included', 'used', 'status', 'invoice', 'seat'])
    // pipeline: plurals, -ing, -ed and a final -y/-e, so a query word's inflections meet in sentence scores.
    expect(stems(stemPipeline)).toEqual(['polici', 'bill', 'includ', 'us', 'status', 'invoic', 'seat'])
    // judge: one suffix (-ies, -ing, -ed or -s), so a claim's and a source's word forms meet without deeper cuts
    // (and `status` loses its s: the judge has no -us exception).
    expect(stems(stemJudge)).toEqual(['policy', 'bill', 'includ', 'used', 'statu', 'invoice', 'seat'])
  })
})
