import { describe, expect, test } from 'vitest'
import { classifyError, hasEvidenceInTopK, type ErrorClassInput } from '../../../src/grading/metrics/error-class.ts'

const ok: ErrorClassInput = {
  caseType: 'normal',
  mustAbstain: false,
  abstained: false,
  evidenceRetrieved: true,
  faithfulness: 1,
  citationAccuracy: 1,
  missingMustContain: false,
}

describe('one case per class', () => {
  test('an answer to a must-abstain case is a wrong_abstention', () => {
    expect(classifyError({ ...ok, caseType: 'out_of_scope', mustAbstain: true })).toBe('wrong_abstention')
  })
  test('abstaining on an answerable case with the evidence retrieved is a wrong_abstention', () => {
    expect(classifyError({ ...ok, abstained: true })).toBe('wrong_abstention')
  })
  test('missing evidence is a retrieval_miss, even when the answer also hallucinates', () => {
    expect(classifyError({ ...ok, evidenceRetrieved: false, faithfulness: 0 })).toBe('retrieval_miss')
  })
  test('abstaining on an answerable case is a wrong_abstention whatever was retrieved (always-abstain must not pass for a retrieval miss)', () => {
    expect(classifyError({ ...ok, evidenceRetrieved: false, abstained: true })).toBe('wrong_abstention')
  })
  test('an unsupported claim is a hallucination, ahead of a citation error', () => {
    expect(classifyError({ ...ok, faithfulness: 0.5, citationAccuracy: 0 })).toBe('hallucination')
  })
  test('a stale_conflict answered with the older value is stale', () => {
    expect(classifyError({ ...ok, caseType: 'stale_conflict', usedStaleValue: true, statedDisagreement: true })).toBe(
      'stale',
    )
  })
  test('a stale_conflict that does not state the disagreement is conflict_mishandled', () => {
    expect(classifyError({ ...ok, caseType: 'stale_conflict', usedStaleValue: false, statedDisagreement: false })).toBe(
      'conflict_mishandled',
    )
  })
  test('a wrong marker is a citation_error', () => {
    expect(classifyError({ ...ok, citationAccuracy: 0.5, missingMustContain: true })).toBe('citation_error')
  })
  test('a missing must_contain literal is incomplete', () => {
    expect(classifyError({ ...ok, missingMustContain: true })).toBe('incomplete')
  })
  test('everything right is correct, and a refusal of a must-abstain case is correct', () => {
    expect(classifyError(ok)).toBe('correct')
    expect(classifyError({ ...ok, caseType: 'stale_conflict', usedStaleValue: false, statedDisagreement: true })).toBe(
      'correct',
    )
    expect(
      classifyError({ ...ok, caseType: 'cross_tenant', mustAbstain: true, abstained: true, evidenceRetrieved: false }),
    ).toBe('correct')
  })
  test('unjudged faithfulness and citation accuracy skip their rules', () => {
    expect(classifyError({ ...ok, faithfulness: undefined, citationAccuracy: undefined })).toBe('correct')
  })
})

test('evidence means a grade >= 2 expected chunk within the top k, and nothing to find blames nothing', () => {
  const expected = [
    { chunkId: 'a', grade: 3 },
    { chunkId: 'b', grade: 1 },
  ]
  expect(hasEvidenceInTopK(['x', 'a'], expected, 1)).toBe(false)
  expect(hasEvidenceInTopK(['x', 'a'], expected, 2)).toBe(true)
  expect(hasEvidenceInTopK(['b'], expected, 1)).toBe(false) // grade 1 is related, not evidence
  expect(hasEvidenceInTopK([], [{ chunkId: 'b', grade: 1 }], 5)).toBe(true)
})
