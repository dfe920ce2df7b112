/**
 * Concept metrics, hand-computed: required-concept recall and irrelevant-concept intrusion of one text, and the
 * whole-word, case- and diacritics-insensitive match of a concept's id or aliases.
 */
import { describe, expect, test } from 'vitest'
import {
  answerConceptMetrics,
  conceptFound,
  conceptMetrics,
  contextConceptMetrics,
  type ConceptTerms,
} from '../../../src/grading/metrics/concepts.ts'
import { metricDirection } from '../../../src/grading/metrics/direction.ts'
import { foldForConceptMatch } from '../../../src/shared/text/normalize.ts'

const required = (id: string, aliases?: string[]): ConceptTerms => ({ id, grade: 'required', aliases })
const irrelevant = (id: string, aliases?: string[]): ConceptTerms => ({ id, grade: 'irrelevant', aliases })

describe('conceptFound', () => {
  test('matches the id or an alias as whole words, whatever the case, accents, width or whitespace', () => {
    const cafe: ConceptTerms = required('Café Plan', ['CP-1'])
    expect(conceptFound(cafe, 'The CAFE\n  plan costs $5')).toBe(true)
    expect(conceptFound(cafe, 'see cp-1 for details')).toBe(true)
    expect(conceptFound(cafe, 'the cafe\u0301 plan')).toBe(true) // e + combining acute, folded away
    expect(conceptFound(cafe, 'ＣＰ-１ applies')).toBe(true) // full-width, NFKC
  })

  test('a term inside a longer word or identifier is not found', () => {
    expect(conceptFound(required('seat'), 'five seats')).toBe(false)
    expect(conceptFound(required('ERR-42'), 'error ERR-4217 again')).toBe(false)
    expect(conceptFound(required('Café Plan', ['CP-1']), 'cafeplan or CP-12')).toBe(false)
    // Punctuation around a term is a boundary.
    expect(conceptFound(required('ERR-4217'), '(ERR-4217).')).toBe(true)
  })

  test('the concept fold builds on the literal fold and only adds diacritics', () => {
    expect(foldForConceptMatch('Crème  Brûlée\nERR-4012')).toBe('creme brulee err-4012')
  })
})

describe('conceptMetrics', () => {
  test('recall 2/3 and intrusion 1/2: required A, B, C and irrelevant X, Y; the text holds A, C and Y', () => {
    const concepts = [
      required('alpha'),
      required('bravo'),
      required('charlie'),
      irrelevant('xray'),
      irrelevant('yankee'),
    ]
    const metrics = conceptMetrics(concepts, 'Alpha and Charlie, then Yankee.', { recall: 'r', intrusion: 'i' })
    expect(metrics.r).toBeCloseTo(2 / 3, 12)
    expect(metrics.i).toBe(0.5)
  })

  test('acceptable concepts enter no metric; a grade the case does not list gives no metric (not 0, not 1)', () => {
    const onlyAcceptable: ConceptTerms[] = [{ id: 'delta', grade: 'acceptable' }]
    expect(contextConceptMetrics(onlyAcceptable, 'delta')).toEqual({})
    expect(contextConceptMetrics([required('alpha')], 'nothing here')).toEqual({ concept_recall_context: 0 })
    expect(answerConceptMetrics([irrelevant('xray')], 'an X-ray of xray')).toEqual({ concept_intrusion_answer: 1 })
  })

  test('intrusion is lower-is-better and recall higher-is-better, for the gate', () => {
    expect(
      ['concept_recall_context', 'concept_recall_answer', 'concept_intrusion_context', 'concept_intrusion_answer'].map(
        metricDirection,
      ),
    ).toEqual(['higher', 'higher', 'lower', 'lower'])
  })
})

describe('the worked example of docs/golden-format.md', () => {
  const concepts: ConceptTerms[] = [
    required('ERR-4217', ['signature mismatch']),
    required('raw request body'),
    required('X-Quillfern-Signature'),
    { id: 'HMAC-SHA256', grade: 'acceptable' },
    irrelevant('ERR-4470'),
    irrelevant('SCIM'),
  ]
  const context = [
    'Webhook signature mismatch: ERR-4217. Compute the HMAC-SHA256 over the raw request body bytes.',
    '## Verifying signatures\nCompare the digest with the X-Quillfern-Signature header.',
    '## Troubleshooting SCIM\nERR-4470 means the SCIM token was revoked.',
  ].join('\n\n')
  const answer =
    'ERR-4217 means the receiver re-serialized the JSON before hashing; compute the HMAC over the raw request body.'

  test('context: recall 3/3 = 1, intrusion 2/2 = 1; answer: recall 2/3 = 0.667, intrusion 0/2 = 0', () => {
    expect(contextConceptMetrics(concepts, context)).toEqual({
      concept_recall_context: 1,
      concept_intrusion_context: 1,
    })
    const inAnswer = answerConceptMetrics(concepts, answer)
    expect(inAnswer.concept_recall_answer).toBeCloseTo(2 / 3, 12)
    expect(inAnswer.concept_intrusion_answer).toBe(0)
  })
})
