import { describe, expect, test } from 'vitest'
import { markdownTitle, parseHeadingSections } from '../../src/corpus/markdown.ts'
import { normalizeText } from '../../src/shared/text/normalize.ts'

describe('normalizeText', () => {
  test('strips a BOM, turns CRLF and lone CR into LF and composes to NFC', () => {
    // "e" + U+0301 (combining acute) composes to the single code point U+00E9.
    expect(normalizeText('\uFEFFcafe\u0301\r\nline2\rline3\n')).toBe('caf\u00E9\nline2\nline3\n')
  })

  test('keeps trailing spaces, since offsets must not move', () => {
    expect(normalizeText('a  \nb\t')).toBe('a  \nb\t')
  })
})

describe('parseHeadingSections', () => {
  test('gives full heading paths and sections that end at the next heading of the same or higher level', () => {
    const text = '# A\nx\n## B\ny\n### C\nz\n## D\nw\n'
    // Offsets: "# A\n" 0-4, "x\n" 4-6, "## B\n" 6-11, "y\n" 11-13, "### C\n" 13-19, "z\n" 19-21, "## D\n" 21-26, "w\n" 26-28.
    expect(parseHeadingSections(text)).toEqual([
      { path: ['A'], level: 1, start: 0, end: 28 },
      { path: ['A', 'B'], level: 2, start: 6, end: 21 },
      { path: ['A', 'B', 'C'], level: 3, start: 13, end: 21 },
      { path: ['A', 'D'], level: 2, start: 21, end: 28 },
    ])
  })

  test('ignores headings inside fenced code blocks and strips closing hashes', () => {
    const text = '## Setup ##\n```sh\n# not a heading\n```\n~~~\n## nor this\n~~~\n#hashtag is not a heading either\n'
    expect(parseHeadingSections(text).map((s) => s.path)).toEqual([['Setup']])
  })

  test('the title is the first level-1 heading, else the fallback', () => {
    expect(markdownTitle(parseHeadingSections('## Intro\n# Real title\n'), 'slug')).toBe('Real title')
    expect(markdownTitle(parseHeadingSections('no headings'), 'billing/seats')).toBe('billing/seats')
  })
})
