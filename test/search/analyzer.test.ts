import { describe, expect, test } from 'vitest'
import { analyze, plainAnalyzerOptions, stemS } from '../../src/search/analyzer.ts'

describe('analyze', () => {
  test('keeps identifiers as whole tokens and as their parts', () => {
    expect(analyze('Error ERR-4012 on invoices')).toEqual(['error', 'err-4012', 'err', '4012', 'invoice'])
    expect(analyze('SKU_88-X')).toEqual(['sku_88-x', 'sku', '88', 'x'])
    expect(analyze('upgrade to v4.2.1.')).toEqual(['upgrade', 'v4.2.1', 'v4', '2', '1'])
  })

  test('normalises with NFKC and lowercases without the host locale', () => {
    // U+FB01 (fi ligature) -> "fi"; full-width "ＡＢＣ" -> "abc"; "I" lowercases to "i", never dotless.
    expect(analyze('ﬁle ＡＢＣ TITLE', plainAnalyzerOptions)).toEqual(['file', 'abc', 'title'])
  })

  test('drops stop words and folds plurals with the S stemmer by default', () => {
    expect(analyze('The policies of the invoices')).toEqual(['policy', 'invoice'])
  })

  test('the plain analyzer keeps every letter/digit run and does not stem', () => {
    expect(analyze('The policies, 42 of them', plainAnalyzerOptions)).toEqual(['the', 'policies', '42', 'of', 'them'])
  })

  test('the S stemmer follows Harman rules and leaves short words', () => {
    expect(['policies', 'invoices', 'seats', 'status', 'access', 'gas', 'shoes'].map(stemS)).toEqual([
      'policy',
      'invoice',
      'seat',
      'status',
      'access',
      'gas',
      'shoe',
    ])
  })

  test('tokenises non-Latin scripts as letter runs', () => {
    expect(analyze('Größe Straße Привет мир', plainAnalyzerOptions)).toEqual(['größe', 'straße', 'привет', 'мир'])
  })
})
