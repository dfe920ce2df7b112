import { describe, expect, test } from 'vitest'
import { wordTokens } from '../../src/judge/lexical.ts'
import { splitTokens } from '../../src/text/tokens.ts'

describe('the tokenizer family', () => {
  test('the pipeline keeps identifiers whole, the judge splits them (it reads identifiers as literals)', () => {
    expect(splitTokens('Don’t renew ERR-4012 on v4.2.1.', 'pipeline')).toEqual(["don't", 'renew', 'err-4012', 'on', 'v4.2.1'])
    expect(splitTokens('Don’t renew ERR-4012 on v4.2.1.', 'judge')).toEqual(["don't", 'renew', 'err', '4012', 'on', 'v4', '2', '1'])
  })

  test('corrected disagreement: the judge folds like the other analyzers (NFKC, curly apostrophes straightened)', () => {
    // It used to lowercase only: "ﬁle" (U+FB01) stayed one unmatched ligature and "don’t" missed the stop list.
    expect(wordTokens('The ﬁle don’t')).toEqual(['the', 'file', "don't"])
  })
})
