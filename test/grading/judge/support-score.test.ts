/**
 * The offline judge's continuous support score and the verdict derived from it, on hand-made texts with the
 * arithmetic in comments (words are lowercased and lightly stemmed: "seats" -> "seat", "costs" -> "cost").
 */
import { describe, expect, test } from 'vitest'
import {
  FAITHFULNESS_THRESHOLDS,
  bigramPrecision,
  measureAnswerSupport,
  passageCoverage,
  verdictFromSupport,
} from '../../../src/grading/judge/support-score.ts'
import { readClaimEvidence } from '../../../src/grading/judge/support.ts'
import { judgeHeuristically } from '../../../src/grading/judge/heuristic-judge.ts'

describe('bigramPrecision', () => {
  test('counts the claim word pairs found as adjacent context words', () => {
    // Pairs: "seat cost" found, "cost 12" found, "12 in" and "in france" not -> 2 / 4.
    expect(bigramPrecision(['Seats cost 12 in France'], 'Each seat costs 12 dollars')).toBe(0.5)
  })

  test('makes no pair across two claims, drops markers, and reads a one-word claim as its word', () => {
    // "seat cost" found in claim 1; claim 2 "Delhi" is one word, found -> 2 / 2 (no "cost delhi" pair).
    expect(bigramPrecision(['Seats cost [1]', 'Delhi [2]'], 'Each seat costs less in New Delhi')).toBe(1)
    expect(bigramPrecision(['Mumbai'], 'New Delhi is the capital')).toBe(0)
    expect(bigramPrecision([], 'anything')).toBe(1)
  })
})

describe('passageCoverage and measureAnswerSupport', () => {
  test('the module example: a wrong number sinks the score through the literal share', () => {
    // Novel words (not in the query): [dollar]; number [12]. The source holds dollar, not 12 -> 1 / 2.
    const evidence = readClaimEvidence('Seats cost 12 dollars', 'What do seats cost?')
    expect(passageCoverage(evidence, 'Each seat costs 10 dollars')).toBe(0.5)
    // bigram: "seat cost" found; "cost 12", "12 dollar" not -> 1/3; passage 1/2; literals 0/1 -> score 0.
    expect(
      measureAnswerSupport(['Seats cost 12 dollars'], 'What do seats cost?', 'Each seat costs 10 dollars.', 2),
    ).toEqual({ bigram: 1 / 3, passage: 0.5, literals: 0, score: 0 })
  })

  test('a claim copied from its source scores 1', () => {
    const context = 'Each seat costs 12 dollars. Billing is monthly.'
    expect(measureAnswerSupport(['Each seat costs 12 dollars'], '', context, 2)).toEqual({
      bigram: 1,
      passage: 1,
      literals: 1,
      score: 1,
    })
  })

  test('a claim stitched from far-apart sentences loses passage coverage and word pairs', () => {
    // Claim words: anna, work, paris (+ the name literal paris); no two neighbouring sentences hold anna with
    // work: the best window "Cats sleep a lot. Bob works in Paris." holds work, paris and the literal -> 3 / 4.
    // Pairs "anna work" (absent), "work in", "in paris" (found) -> 2 / 3. Literals: paris found -> 1.
    // Score (2/3 + 3/4) / 2 x 1 = 17/24 = 0.708: under partial (0.75), verdict 0.
    const context = 'Anna lives in Oslo. The weather is mild. Cats sleep a lot. Bob works in Paris.'
    const parts = measureAnswerSupport(['Anna works in Paris'], '', context, 2)
    expect(parts.passage).toBe(0.75)
    expect(parts.bigram).toBeCloseTo(2 / 3, 12)
    expect(parts.literals).toBe(1)
    expect(parts.score).toBeCloseTo(17 / 24, 12)
    expect(verdictFromSupport(parts.score)).toBe(0)
  })
})

describe('the verdict from the support score', () => {
  test('1 from 0.85, 0.5 from 0.75, else 0', () => {
    expect(FAITHFULNESS_THRESHOLDS).toEqual({ faithful: 0.85, partial: 0.75 })
    expect([0.85, 0.849, 0.75, 0.749, 0].map((s) => verdictFromSupport(s))).toEqual([1, 0.5, 0.5, 0, 0])
  })

  test('the judge reports the support it derived its faithfulness from', () => {
    const source = 'Each additional seat costs $12 per month on the Team plan. Seats are billed monthly.'
    const judge = (answer: string) =>
      judgeHeuristically({
        caseId: 'c',
        query: 'How much is an extra seat?',
        answer,
        abstained: false,
        sources: [{ marker: 1, chunkId: 'k', tenantId: 't', text: source }],
        referenceAnswer: '',
        mustContain: [],
        caseType: 'normal',
      })
    const copied = judge('Each additional seat costs $12 per month on the Team plan [1].')
    expect(copied.faithfulnessSupport).toBe(1)
    expect(copied.faithfulness).toBe(1)
    // A paraphrase ("extra" for "additional", an added "now") loses word pairs and a novel word: its support
    // lands in the partial band.
    const paraphrase = judge('An extra seat now costs $12 per month on the Team plan [1].')
    expect(paraphrase.faithfulnessSupport).toBeGreaterThanOrEqual(0.75)
    expect(paraphrase.faithfulnessSupport).toBeLessThan(0.85)
    expect(paraphrase.faithfulness).toBe(0.5)
    expect(paraphrase.reasons?.faithfulness).toContain('support 0.')
    // Pairs: 10, of which "cost 15" and "15 per" absent -> 0.8. Novel words addit, cost, month, team, plan (seat
    // is in the query) all found; literals 15 (absent) and the name team (found) -> passage 6 / 7. Literal share
    // 1 / 2. Score (0.8 + 6/7) / 2 x 0.5 = 0.4143 -> 0.
    const wrong = judge('Each additional seat costs $15 per month on the Team plan [1].')
    expect(wrong.faithfulnessSupport).toBeCloseTo((0.8 + 6 / 7) / 4, 12)
    expect(wrong.faithfulness).toBe(0)
  })
})
