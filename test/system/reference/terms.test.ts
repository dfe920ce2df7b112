import { describe, expect, test } from 'vitest'
import { contentTerms, isLabelLine, splitSentences, stem, tokenize } from '../../../src/system/reference/terms.ts'

describe('terms', () => {
  test('identifiers survive tokenising whole and are never stemmed', () => {
    expect(tokenize('ERR-4012 on v4.2.1 for SKU_88-X via /v2/export.')).toEqual([
      'err-4012',
      'on',
      'v4.2.1',
      'for',
      'sku_88-x',
      'via',
      'v2/export',
    ])
    expect(stem('err-4012')).toBe('err-4012')
  })

  test('inflections of a word share a stem', () => {
    expect(['include', 'includes', 'included', 'including'].map(stem)).toEqual(['includ', 'includ', 'includ', 'includ'])
    expect(['seat', 'seats'].map(stem)).toEqual(['seat', 'seat'])
    expect(['use', 'used', 'uses'].map(stem)).toEqual(['us', 'us', 'us'])
    expect(['policy', 'policies'].map(stem)).toEqual(['polici', 'polici'])
    expect(stem('access')).toBe('access')
  })

  test('content terms drop stopwords and question phrasing', () => {
    expect(contentTerms('How many seats does the Team plan include?')).toEqual(['seat', 'team', 'plan', 'includ'])
  })

  test('label lines are headings, changelog/ticket headers and tags', () => {
    expect(isLabelLine('## Seat limits')).toBe(true)
    expect(isLabelLine('CL-2025-014 (v4.2.0, 2025-06-01): Seat limit raised')).toBe(true)
    expect(isLabelLine('TCK-1042 (2025-05-02, resolved): Export fails')).toBe(true)
    expect(isLabelLine('Tags: billing, seats')).toBe(true)
    expect(isLabelLine('The Team plan includes 5 seats.')).toBe(false)
  })

  test('sentences: wrapped lines join, list items stand alone, markdown is stripped, e.g. survives', () => {
    expect(
      splitSentences(
        '# Title\n\nThe v1 API is deprecated. It will be removed on\n2026-06-30.\n\n- **Owner**: full control, e.g. billing.\n- Admin: members\n',
      ),
    ).toEqual([
      'The v1 API is deprecated.',
      'It will be removed on 2026-06-30.',
      'Owner: full control, e.g. billing.',
      'Admin: members',
    ])
  })
})
