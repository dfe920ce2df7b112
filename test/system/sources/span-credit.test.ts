/**
 * A passage counts for a chunk only when it covers some of the chunk's content: min(40 characters, half the
 * chunk's content), headings and whitespace excluded. Offsets of the one document below, by hand:
 * "# Data\n\n" [0, 8) · 100 a's [8, 108) · "\n\n" [108, 110) · "## Trash" [110, 118) · "\n\n" [118, 120) ·
 * 60 b's [120, 180) · "\n" [180, 181). Chunk INTRO = [0, 110) (content 100 a's: needs 40), chunk TRASH =
 * [110, 181) (content 60 b's: needs min(40, 30) = 30).
 */
import { describe, expect, test } from 'vitest'
import type { Chunk, SourceDocument } from '../../../src/corpus/types.ts'
import { coversContent, defaultSpanCredit } from '../../../src/system/sources/span-credit.ts'
import { createSourceResolver } from '../../../src/system/sources/resolve-source.ts'
import { rankingAtLevel } from '../../../src/system/sources/level-ranking.ts'
import { reciprocalRank } from '../../../src/grading/metrics/retrieval.ts'

const text = `# Data\n\n${'a'.repeat(100)}\n\n## Trash\n\n${'b'.repeat(60)}\n`
const doc: SourceDocument = { id: 't/document/d1', key: 'd1', tenantId: 't', kind: 'document', title: 'Data', text }
const chunkOf = (id: string, start: number, end: number): Chunk => ({
  id,
  docId: doc.id,
  tenantId: 't',
  kind: 'document',
  text: text.slice(start, end),
  start,
  end,
  title: 'Data',
})
const INTRO = chunkOf('t/document/d1#intro', 0, 110)
const TRASH = chunkOf('t/document/d1#trash', 110, 181)

describe('span credit needs content', () => {
  test("the default is 40 characters or half the chunk's content, whichever is less", () => {
    expect(defaultSpanCredit).toEqual({ chars: 40, share: 0.5 })
  })

  test("a passage ending in a section's heading line covers none of that section", () => {
    // [100, 118): 8 a's of INTRO (needs 40) and only the "## Trash" line of TRASH (content 0).
    expect([coversContent(INTRO, 100, 118), coversContent(TRASH, 100, 118)]).toEqual([false, false])
  })

  test("at the boundary: 29 of TRASH's 60 content characters earn nothing, 30 earn it; 39 of INTRO's 100 nothing, 40 it", () => {
    // TRASH from its heading: [110, 149) holds b's [120, 149) = 29; [110, 150) holds 30.
    expect([coversContent(TRASH, 110, 149), coversContent(TRASH, 110, 150)]).toEqual([false, true])
    // INTRO: [8, 47) = 39 a's; [8, 48) = 40 (the "# Data" heading never counts: [0, 47) is still 39).
    expect([coversContent(INTRO, 8, 47), coversContent(INTRO, 0, 47), coversContent(INTRO, 8, 48)]).toEqual([
      false,
      false,
      true,
    ])
  })

  test('a chunk with little content must be half covered: 4 of 10 earn nothing, 5 earn it', () => {
    const small: Chunk = {
      ...chunkOf('t/document/d1#small', 0, 0),
      text: `## T\n\n${'c'.repeat(10)}`,
      start: 0,
      end: 16,
    }
    // content "cccccccccc" at [6, 16): min(40, 0.5 x 10) = 5.
    expect([coversContent(small, 0, 10), coversContent(small, 0, 11)]).toEqual([false, true])
  })

  test('a 300/50-style window ending in "## Trash" is no hit: MRR 1/2 with the content at rank 2, not 1', () => {
    const resolve = createSourceResolver([doc], [INTRO, TRASH])
    // Rank 1: 48 a's + "\n\n## Trash" = [60, 118), INTRO's content only (48 >= 40). Rank 2: TRASH whole.
    const window = resolve({ text: `${'a'.repeat(48)}\n\n## Trash` }, 't')
    const section = resolve({ text: `## Trash\n\n${'b'.repeat(60)}` }, 't')
    expect(window).toMatchObject({ resolved: true, level: 'span', start: 60, end: 118, chunkIds: [INTRO.id] })
    const ranking = rankingAtLevel([window, section], [{ chunkId: TRASH.id, grade: 3 }], () => doc.id)
    expect(ranking.ranked).toEqual([INTRO.id, TRASH.id])
    expect(reciprocalRank(ranking.ranked, ranking.judged)).toBe(0.5)
  })
})
