import { describe, expect, test } from 'vitest'
import { analyze, plainAnalyzerOptions } from '../../src/search/analyzer.ts'
import { buildBm25Index } from '../../src/search/bm25.ts'
import { tokenizerFor } from '../../src/search/index.ts'
import { TermTable, hashChars, scanPlainAscii } from '../../src/search/term-table.ts'

describe('TermTable and the plain ASCII scan', () => {
  test('ids are dense in first-seen order, a range of a longer string finds its term, and 5000 terms survive the rehashes', () => {
    const table = new TermTable()
    const id = (s: string) => table.idOf(s, 0, s.length, hashChars(s, 0, s.length))
    expect([id('b'), id('a'), id('b'), id('ab')]).toEqual([0, 1, 0, 2])
    // "xaby" [1, 3) is "ab": the same id as the whole string "ab".
    expect(table.idOf('xaby', 1, 3, hashChars('xaby', 1, 3))).toBe(2)
    for (let i = 0; i < 5000; i++) id(`t${i}`)
    expect(table.terms.length).toBe(5003)
    expect([id('t0'), id('t4999'), id('a')]).toEqual([3, 5002, 1])
  })

  test('on ASCII text the scan yields the plain analyzer terms; on other text it declines (-1) and visits nothing', () => {
    const table = new TermTable()
    const texts = ['Error ERR-4012 on 2 invoices', '  a_b.c:D  x9 ', '', '!!', 'MIXED case Words words']
    for (const text of texts) {
      const ids: number[] = []
      expect(scanPlainAscii(text, table, (i) => ids.push(i))).toBe(ids.length)
      expect(ids.map((i) => table.terms[i])).toEqual(analyze(text, plainAnalyzerOptions))
    }
    const visited: number[] = []
    expect(scanPlainAscii('café Straße', table, (i) => visited.push(i))).toBe(-1)
    expect(visited).toEqual([])
  })

  test('a build through the scan equals a build through the analyzer, parts for parts, on ASCII and non-ASCII text', () => {
    const chunks = ['The cat SAT on the mat', 'café au lait, the CAT', 'ＦＵＬＬ width and x-ray 42', 'cat cat dog']
    const rows = chunks.map((text, i) => ({ id: `c${i}`, tenantId: i % 2 ? 'u' : 't', text }))
    const fast = tokenizerFor(plainAnalyzerOptions)
    expect(fast.plainAscii).toBe(true)
    const slow = (text: string) => analyze(text, plainAnalyzerOptions)
    const a = buildBm25Index(rows, undefined, fast).parts
    const b = buildBm25Index(rows, undefined, slow).parts
    expect(a.terms).toEqual(b.terms)
    for (const key of ['termStart', 'postingStart', 'postingRows', 'postingTfs', 'termIdf', 'docNorm'] as const)
      expect([...a[key]]).toEqual([...b[key]])
    // Tenant t: docs 0 and 2; "the" twice in doc 0 (tf 2), "ｆｕｌｌ" folded by NFKC to "full" in doc 2.
    expect(a.terms.slice(a.termStart[0], a.termStart[1])).toContain('full')
  })
})
