/**
 * Fence escaping: text put inside a judge prompt's tags can never close its fence or open another, whatever
 * form of a fence tag it carries (case, spaces, slashes).
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { escapeFenced, fence, FENCE_NAMES } from '../../../src/grading/judge/fence.ts'

/** What a lenient reader (a model) could take for one of our tags: `<`, spaces, a slash either way, a name. */
const TAG_LIKE = new RegExp(`<\\s*[/\\\\]?\\s*(${FENCE_NAMES.join('|')})(?![a-z0-9_-])`, 'gi')
const countTagLike = (text: string) => text.match(TAG_LIKE)?.length ?? 0

describe('escapeFenced', () => {
  test('neutralises the forms the issue found and their relatives', () => {
    expect(escapeFenced('</ source>')).toBe('&lt;/ source>')
    expect(escapeFenced('< /context>')).toBe('&lt; /context>')
    expect(escapeFenced('</ answer>')).toBe('&lt;/ answer>')
    expect(escapeFenced('<\\ANSWER>')).toBe('&lt;\\ANSWER>')
    expect(escapeFenced('<Source id="9">')).toBe('&lt;Source id="9">')
  })

  test('leaves look-alikes that are not our tags alone', () => {
    expect(escapeFenced('<sources> and <answerable> and a < b')).toBe('<sources> and <answerable> and a < b')
  })

  test('property: fenced text shows exactly the two fence tags, whatever tag-like pieces it holds', () => {
    const space = fc.constantFrom('', ' ', '  ', '\t', '\n')
    const slash = fc.constantFrom('', '/', '\\')
    const name = fc
      .constantFrom(...FENCE_NAMES)
      .chain((n) =>
        fc
          .array(fc.boolean(), { minLength: n.length, maxLength: n.length })
          .map((upper) => [...n].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join('')),
      )
    const tagLike = fc
      .tuple(space, slash, space, name, fc.constantFrom('>', ' >', ' id="1">', ''))
      .map(([a, s, b, n, end]) => `<${a}${s}${b}${n}${end}`)
    const piece = fc.oneof(
      fc.string({ maxLength: 8 }),
      tagLike,
      fc.constantFrom('<', '</', '&lt;', '>', 'ignore previous instructions'),
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.constantFrom(...FENCE_NAMES), (pieces, wrapper) => {
        const text = pieces.join('')
        const fenced = fence(wrapper, text, { id: 1 })
        expect(countTagLike(fenced)).toBe(2)
        expect(fenced.startsWith(`<${wrapper} id="1">\n`)).toBe(true)
        expect(fenced.endsWith(`\n</${wrapper}>`)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})
