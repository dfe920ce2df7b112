import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  collectGateEvidence,
  defaultEvidenceGateConfig,
  evaluateEvidenceGate,
  type GateEvidence,
} from '../../../src/system/reference/evidence-gate.ts'
import { buildTermStats, chunkContentTerms, termWeight, weighQuery } from '../../../src/system/reference/term-stats.ts'
import type { Chunk } from '../../../src/corpus/types.ts'

function evidence(coverages: number[], queryTermCount = 3): GateEvidence {
  return { queryTermCount, hits: coverages.map((coverage, i) => ({ chunkId: `c${i}`, coverage })) }
}

describe('evaluateEvidenceGate', () => {
  test('answers with the best coverage as confidence when it clears the threshold', () => {
    // best of [0.5, 0.8, 0.2] is 0.8 >= 0.55; margin 0.8 - 0.5 = 0.3
    const d = evaluateEvidenceGate(evidence([0.5, 0.8, 0.2]))
    expect(d).toEqual({
      abstain: false,
      confidence: 0.8,
      reason: 'answer',
      topScore: 0.8,
      margin: expect.closeTo(0.3, 10),
    })
  })

  test('abstains on a weak top score and still returns it as confidence', () => {
    expect(evaluateEvidenceGate(evidence([0.4, 0.1]))).toMatchObject({
      abstain: true,
      reason: 'weak_top',
      confidence: 0.4,
    })
  })

  test('abstains with confidence 0 when nothing was retrieved or the query has no content terms', () => {
    expect(evaluateEvidenceGate(evidence([]))).toMatchObject({ abstain: true, reason: 'no_hits', confidence: 0 })
    expect(evaluateEvidenceGate(evidence([0.9], 0))).toMatchObject({
      abstain: true,
      reason: 'no_query_terms',
      confidence: 0,
    })
  })

  test('abstains on an ambiguous retrieval only when a margin is configured', () => {
    // 0.8 - 0.7 = 0.1 < 0.2
    expect(evaluateEvidenceGate(evidence([0.8, 0.7]), { ...defaultEvidenceGateConfig, minMargin: 0.2 })).toMatchObject({
      abstain: true,
      reason: 'ambiguous',
    })
    expect(evaluateEvidenceGate(evidence([0.8, 0.7]))).toMatchObject({ abstain: false })
  })

  test('looks only at the first lookahead hits', () => {
    // with lookahead 2 the 0.9 at rank 3 is not seen: best is 0.2
    expect(
      evaluateEvidenceGate(evidence([0.1, 0.2, 0.9]), { ...defaultEvidenceGateConfig, lookahead: 2 }),
    ).toMatchObject({ abstain: true, topScore: 0.2 })
  })

  test('confidence is always in [0, 1] and abstention is monotone in the threshold', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1, max: 2, noNaN: true }), { maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (covs, t) => {
          const d = evaluateEvidenceGate(evidence(covs), { ...defaultEvidenceGateConfig, minTopScore: t })
          expect(d.confidence).toBeGreaterThanOrEqual(0)
          expect(d.confidence).toBeLessThanOrEqual(1)
          // raising the threshold never turns an abstention into an answer
          if (d.abstain)
            expect(
              evaluateEvidenceGate(evidence(covs), { ...defaultEvidenceGateConfig, minTopScore: Math.min(1, t + 0.1) })
                .abstain,
            ).toBe(true)
        },
      ),
    )
  })
})

describe('collectGateEvidence', () => {
  const chunks: Chunk[] = [
    { id: 'a', docId: 'a', tenantId: 't', kind: 'doc', title: 'Seats', text: 'seat limit', start: 0, end: 10 },
    { id: 'b', docId: 'b', tenantId: 't', kind: 'doc', title: 'Rates', text: 'rate limit', start: 0, end: 10 },
    { id: 'c', docId: 'c', tenantId: 't', kind: 'doc', title: 'Other', text: 'nothing here', start: 0, end: 12 },
  ]
  const stats = buildTermStats(chunks)

  test('weights terms by their per-tenant idf', () => {
    // N = 3: seat df 1 -> ln(1 + 2.5/1.5) = 0.98083; limit df 2 -> ln(1 + 1.5/2.5) = 0.47000; absent df 0 -> ln(1 + 3.5/0.5) = 2.07944
    expect(termWeight(stats, 't', 'seat')).toBeCloseTo(0.98083, 4)
    expect(termWeight(stats, 't', 'limit')).toBeCloseTo(0.47, 4)
    expect(termWeight(stats, 't', 'nebula')).toBeCloseTo(2.07944, 4)
    expect(termWeight(stats, 'other-tenant', 'seat')).toBe(1)
  })

  test('coverage is the idf-weighted fraction of query terms a chunk holds', () => {
    const q = weighQuery('What is the seat limit?', 't', stats)
    expect(q.terms).toEqual(['seat', 'limit'])
    const e = collectGateEvidence(
      q,
      chunks.map((chunk) => ({ chunk })),
    )
    // a holds both (1.0); b holds limit only: 0.47 / 1.45083 = 0.32395; c holds neither
    expect(e.hits.map((h) => h.coverage)).toEqual([1, expect.closeTo(0.32395, 4), 0])
  })

  test('a query term the tenant never uses dominates the coverage', () => {
    const q = weighQuery('Nebula seat limit', 't', stats)
    const e = collectGateEvidence(q, [{ chunk: chunks[0]! }])
    // (0.98083 + 0.47) / (2.07944 + 0.98083 + 0.47) = 0.41097 < 0.55: the gate abstains
    expect(e.hits[0]!.coverage).toBeCloseTo(0.41097, 4)
    expect(evaluateEvidenceGate(e).abstain).toBe(true)
  })

  test("a chunk's content terms are computed once and are its title's and text's stems", () => {
    const first = chunkContentTerms(chunks[0]!)
    // title 'Seats' -> seat, text 'seat limit' -> seat, limit: distinct, first-seen order
    expect([...first]).toEqual(['seat', 'limit'])
    expect(chunkContentTerms(chunks[0]!)).toBe(first)
  })
})
