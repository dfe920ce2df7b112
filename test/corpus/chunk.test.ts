import { resolve } from 'node:path'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fixedWindows } from '../../src/corpus/chunk-fixed.ts'
import { chunkDocuments, chunkId, formatChunkerSpec, parseChunkerSpec } from '../../src/corpus/chunk.ts'
import { ChunkerSpecError } from '../../src/corpus/errors.ts'
import { buildMarkdownDocument } from '../../src/corpus/kb-records.ts'
import { loadKnowledgeBase } from '../../src/corpus/load-kb.ts'
import type { ChunkerConfig, SourceDocument } from '../../src/corpus/types.ts'

const KB = resolve(import.meta.dirname, '../fixtures/kb-mini')

/** Random texts rich in the characters chunkers care about: spaces, newlines, headings, fences. */
const textArb = fc
  .array(
    fc.constantFrom(
      'a',
      'b',
      'word',
      ' ',
      '  ',
      '\n',
      '\n\n',
      '# H1\n',
      '## H2\n',
      '### H3\n',
      '```\n',
      '\t',
      'é',
      'xxxxxxxxxxxxxxxxxxxx',
    ),
    { maxLength: 120 },
  )
  .map((parts) => parts.join(''))

const configArb: fc.Arbitrary<ChunkerConfig> = fc.oneof(
  fc
    .integer({ min: 1, max: 80 })
    .chain((size) =>
      fc.integer({ min: 0, max: size - 1 }).map((overlap): ChunkerConfig => ({ kind: 'fixed', size, overlap })),
    ),
  fc
    .integer({ min: 1, max: 80 })
    .chain((maxSize) =>
      fc
        .integer({ min: 0, max: maxSize - 1 })
        .map((overlap): ChunkerConfig => ({ kind: 'structural', maxSize, overlap })),
    ),
)

const kindArb = fc.constantFrom<SourceDocument['kind']>('doc', 'document', 'ticket')

function docOf(text: string, kind: SourceDocument['kind']): SourceDocument {
  if (kind === 'doc') return buildMarkdownDocument('t', 'p', text)
  return { id: `t/${kind}/k`, key: 'k', tenantId: 't', kind, title: 'K', text }
}

describe('chunkers (property tests)', () => {
  test('every chunk is a non-empty [start, end) slice of its doc, in order, advancing, covering the whole text', () => {
    fc.assert(
      fc.property(textArb, configArb, kindArb, (text, config, kind) => {
        const doc = docOf(text, kind)
        const chunks = chunkDocuments([doc], config)
        if (doc.text.length === 0) return chunks.length === 0
        let covered = 0
        let previousStart = -1
        for (const chunk of chunks) {
          expect(chunk.text).toBe(doc.text.slice(chunk.start, chunk.end))
          expect(chunk.end).toBeGreaterThan(chunk.start)
          expect(chunk.start).toBeGreaterThan(previousStart)
          // No gap: each chunk starts at or before the end of what is covered so far.
          expect(chunk.start).toBeLessThanOrEqual(covered)
          covered = Math.max(covered, chunk.end)
          previousStart = chunk.start
        }
        expect(covered).toBe(doc.text.length)
        return true
      }),
      { numRuns: 400, seed: 20251130 },
    )
  })

  test('fixed windows never exceed size and cut at whitespace when the window has some', () => {
    fc.assert(
      fc.property(textArb, fc.integer({ min: 2, max: 60 }), (text, size) => {
        const windows = fixedWindows(text, size, Math.floor(size / 4))
        for (const w of windows) {
          expect(w.end - w.start).toBeLessThanOrEqual(size)
          const inner = text.slice(w.start + 1, w.start + size)
          const cutsAtBreak = w.end === text.length || /\s/.test(text[w.end - 1] ?? '') || /\s/.test(text[w.end] ?? '')
          if (/\s/.test(inner)) expect(cutsAtBreak).toBe(true)
        }
      }),
      { numRuns: 300, seed: 7 },
    )
  })
})

describe('fixed chunker', () => {
  test('moves boundaries back to whitespace: "aaa bbb ccc" in windows of 6 without overlap', () => {
    expect(fixedWindows('aaa bbb ccc', 6, 0)).toEqual([
      { start: 0, end: 4 }, // "aaa " (cut moved back from 6 to after the space)
      { start: 4, end: 8 }, // "bbb "
      { start: 8, end: 11 }, // "ccc"
    ])
  })

  test('hard-cuts a text without whitespace and still makes progress with a large overlap', () => {
    // size 4, overlap 3: each window starts one character after the previous (10 chars -> starts 0..6).
    expect(fixedWindows('abcdefghij', 4, 3).map((w) => w.start)).toEqual([0, 1, 2, 3, 4, 5, 6])
  })
})

describe('structural chunker', () => {
  test('one chunk per heading section, starting at the heading line; non-blank preamble gets its own chunk', async () => {
    const { documents } = await loadKnowledgeBase(KB)
    const chunks = chunkDocuments(documents, parseChunkerSpec('structural'))
    const started = chunks.filter((c) => c.docId === 'acme/doc/getting-started')
    expect(started.map((c) => [c.start, c.end, c.headingPath?.join(' > ')])).toEqual([
      [0, 34, undefined], // "Welcome text before any heading.\n\n"
      [34, 134, 'Getting started'],
      [134, 192, 'Getting started > Logging in'],
    ])
    expect(chunks.filter((c) => c.kind === 'changelog' || c.kind === 'ticket')).toHaveLength(4)
  })

  test('a section longer than maxSize falls back to fixed windows inside the section', () => {
    const body = 'word '.repeat(60) // 300 characters
    const doc = buildMarkdownDocument('t', 'long', `# Short\nhi\n# Long\n${body}`)
    const chunks = chunkDocuments([doc], { kind: 'structural', maxSize: 100, overlap: 0 })
    // "# Short\nhi\n" is 11 characters (one chunk); "# Long\n" + 300 = 307 characters -> windows of <= 100 from 11 to 318.
    expect(chunks[0]).toMatchObject({ start: 0, end: 11, headingPath: ['Short'] })
    expect(chunks.slice(1).every((c) => c.end - c.start <= 100 && c.headingPath?.[0] === 'Long')).toBe(true)
    expect(chunks.at(-1)?.end).toBe(318)
    expect(chunks).toHaveLength(5) // 1 short section + 4 windows of <= 100 over the 307-character long one
  })
})

describe('chunk ids', () => {
  test('are identical across runs and prefixed with the document id', async () => {
    const { documents } = await loadKnowledgeBase(KB)
    const first = chunkDocuments(documents, parseChunkerSpec('fixed:60/10')).map((c) => c.id)
    const second = chunkDocuments((await loadKnowledgeBase(KB)).documents, parseChunkerSpec('fixed:60/10')).map(
      (c) => c.id,
    )
    expect(second).toEqual(first)
    expect(first[0]).toMatch(/^acme\/changelog\/CL-2025-009#[0-9a-f]{16}$/)
    expect(new Set(first).size).toBe(first.length)
  })

  test('change when the chunker config changes, even for the same offsets', () => {
    expect(chunkId('a/doc/x', { kind: 'fixed', size: 800, overlap: 100 }, 0, 10)).not.toBe(
      chunkId('a/doc/x', { kind: 'fixed', size: 800, overlap: 50 }, 0, 10),
    )
    expect(chunkId('a/doc/x', { kind: 'fixed', size: 800, overlap: 100 }, 0, 10)).toBe(
      chunkId('a/doc/x', { overlap: 100, size: 800, kind: 'fixed' }, 0, 10),
    )
  })
})

describe('parseChunkerSpec', () => {
  test('reads the one-line forms and round-trips through formatChunkerSpec', () => {
    expect(parseChunkerSpec('fixed:800/100')).toEqual({ kind: 'fixed', size: 800, overlap: 100 })
    expect(parseChunkerSpec('fixed')).toEqual({ kind: 'fixed', size: 800, overlap: 100 })
    expect(parseChunkerSpec('fixed:200')).toEqual({ kind: 'fixed', size: 200, overlap: 50 }) // min(100, 200/4)
    expect(parseChunkerSpec('structural')).toEqual({ kind: 'structural', maxSize: 1500, overlap: 100 })
    expect(formatChunkerSpec(parseChunkerSpec('structural:900/50'))).toBe('structural:900/50')
  })

  test('rejects an unknown chunker and an overlap not smaller than the size', () => {
    expect(() => parseChunkerSpec('semantic')).toThrow(ChunkerSpecError)
    expect(() => parseChunkerSpec('fixed:100/100')).toThrow(/overlap 100 must be smaller than size 100/)
  })
})
