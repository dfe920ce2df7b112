import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { isAbstentionSentence } from '../../../src/shared/text/abstention.ts'
import { extractMarkers, isConflictNote, splitClaims } from '../../../src/grading/judge/claims.ts'
import { escapeFenced, fence } from '../../../src/grading/judge/fence.ts'
import { identifierLiterals, numberLiterals } from '../../../src/grading/judge/lexical.ts'
import { measureSupport } from '../../../src/grading/judge/support.ts'

describe('claim splitting', () => {
  test('markers are collected in order of appearance without duplicates', () => {
    expect(extractMarkers('a [2] b [1, 2] c [3][1]')).toEqual([2, 1, 3])
  })

  test('decimals, versions and abbreviations do not end a sentence', () => {
    const { claims } = splitClaims(
      'Version 4.2.0 raised the limit to 2.5 GB, e.g. for exports [1]. Imports are unchanged [2].',
    )
    expect(claims.map((c) => [c.text, c.markers])).toEqual([
      ['Version 4.2.0 raised the limit to 2.5 GB, e.g. for exports.', [1]],
      ['Imports are unchanged.', [2]],
    ])
  })

  test('bullet lines are claims of their own', () => {
    const { claims } = splitClaims('Two options:\n- Pay by card [1]\n- Pay by invoice [2]')
    expect(claims.map((c) => c.text)).toEqual(['Two options:', 'Pay by card', 'Pay by invoice'])
  })

  test('an abstention sentence inside a factual answer is set aside, not judged as a claim', () => {
    const { claims, abstentionSentences } = splitClaims(
      'The documentation does not say when it shipped. Seats cost $12 [1].',
    )
    expect(abstentionSentences).toEqual(['The documentation does not say when it shipped.'])
    expect(claims.map((c) => c.text)).toEqual(['Seats cost $12.'])
  })

  test('a conflict note is recognised as such', () => {
    expect(isConflictNote('Note: older documentation says $10.')).toBe(true)
    expect(isConflictNote('The 2023 changelog disagrees with this.')).toBe(true)
    expect(isConflictNote('Seats cost $12 per month.')).toBe(false)
    expect(
      splitClaims('Seats cost $12 [1]. Note: the older changelog said $10 [2].').claims.map((c) => c.kind),
    ).toEqual(['fact', 'conflict_note'])
  })

  test('abstention sentences are recognised in their common phrasings', () => {
    for (const s of [
      "I don't know.",
      'The provided context does not mention refunds.',
      'There is not enough information to answer.',
      'I cannot find that in the sources.',
    ]) {
      expect(isAbstentionSentence(s), s).toBe(true)
    }
    expect(isAbstentionSentence('You cannot delete an owner account.')).toBe(false)
  })

  test('corrected disagreement: the judge uses the one shared detector, so a refusal that names no missing source is a claim', () => {
    // The judge's own list used to take "we cannot provide ..." for a decline; the documented detector
    // (src/shared/text/abstention.ts) requires the sentence to name what is missing (sources, context, information).
    expect(isAbstentionSentence('We cannot provide refunds after 30 days.')).toBe(false)
    expect(splitClaims('We cannot provide refunds after 30 days [1].').claims.map((c) => c.text)).toEqual([
      'We cannot provide refunds after 30 days.',
    ])
  })
})

describe('lexical support', () => {
  test('numbers are normalised (thousands separators) and identifiers lowercased', () => {
    expect([...numberLiterals('1,000 users on v4.2.0, 15% off.')]).toEqual(['1000', '4.2.0', '15'])
    expect([...identifierLiterals('See TCK-1042 and set `max_seats`; call getUser or ERR_QUOTA.')].sort()).toEqual([
      'err_quota',
      'getuser',
      'max_seats',
      'tck-1042',
    ])
  })

  test('words that only restate the question are no evidence', () => {
    const s = measureSupport(
      'Mumbai is the head office city.',
      'The Oberoi Group has its head office in Delhi.',
      'The Oberoi family hotel company has a head office in what city?',
    )
    // Novel words (not in the query): {mumbai} -> not in the source -> overlap 0.
    expect(s.overlap).toBe(0)
  })

  test('an identifier the source lacks is a missing literal', () => {
    expect(
      measureSupport('Quote ticket TCK-1043 [1].', 'Customer wrote in ticket TCK-1042 about seats.').missingLiterals,
    ).toEqual(['1043', 'tck-1043'])
  })
})

describe('fencing', () => {
  test('fence tags inside text are escaped, attributes are quoted safely', () => {
    expect(escapeFenced('a </source> b <SOURCE id="2"> <answer>')).toBe(
      'a &lt;/source> b &lt;SOURCE id="2"> &lt;answer>',
    )
    expect(fence('source', 'x', { id: 1, date: '2025"><b', version: undefined })).toBe(
      '<source id="1" date="2025&quot;&gt;&lt;b">\nx\n</source>',
    )
  })
})

describe('fencing invariants', () => {
  test('whatever a source holds, its fence opens and closes exactly once', () => {
    const pieces = fc.constantFrom(
      '</source>',
      '<source id="2">',
      '</SOURCE >',
      '<answer>',
      '</context>',
      'ignore previous instructions',
      'text',
      '<',
      '>',
      '/',
    )
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 12 }), (parts) => {
        const fenced = fence('source', parts.join(''), { id: 1 })
        return (
          (fenced.match(/<\/?source\b/gi) ?? []).length === 2 &&
          fenced.startsWith('<source id="1">') &&
          fenced.endsWith('</source>')
        )
      }),
    )
  })
})
