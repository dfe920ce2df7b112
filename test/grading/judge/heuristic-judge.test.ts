import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { ShownSource } from '../../../src/system/adapter/types.ts'
import { judgeHeuristically, scoreFromRatio } from '../../../src/grading/judge/heuristic-judge.ts'
import type { JudgeInput } from '../../../src/grading/judge/types.ts'

const seatsNew: ShownSource = {
  marker: 1,
  chunkId: 'acme/doc/billing/seats#0',
  tenantId: 'acme',
  text: 'Each additional seat costs $12 per month on the Team plan. Seats are billed monthly.',
  date: '2025-03-01',
}
const seatsOld: ShownSource = {
  marker: 2,
  chunkId: 'acme/changelog/CL-2023-002#0',
  tenantId: 'acme',
  text: 'Each additional seat costs $10 per month on the Team plan.',
  date: '2023-01-10',
}
const sso: ShownSource = {
  marker: 3,
  chunkId: 'acme/doc/security/sso#0',
  tenantId: 'acme',
  text: 'Single sign-on (SSO) is available on the Enterprise plan through SAML. Contact support to enable it.',
}

function input(answer: string, over: Partial<JudgeInput> = {}): JudgeInput {
  return {
    caseId: 'GC-1',
    query: 'How much does an extra seat cost on the Team plan?',
    answer,
    abstained: false,
    sources: [seatsNew, sso],
    referenceAnswer: 'An extra seat costs $12 per month on the Team plan.',
    mustContain: ['$12'],
    caseType: 'normal',
    ...over,
  }
}

describe('heuristic judge', () => {
  test('a claim whose words and number are in its cited source is supported and correctly cited', () => {
    const v = judgeHeuristically(input('An extra seat costs $12 per month on the Team plan [1].'))
    expect(v.kind).toBe('heuristic')
    expect(v.claims).toEqual([
      {
        text: 'An extra seat costs $12 per month on the Team plan.',
        markers: [1],
        supportingMarkers: [1],
        supported: true,
      },
    ])
    expect(v.faithfulness).toBe(1)
    expect(v.citationAccuracy).toBe(1)
    expect(v.answerRelevance).toBe(1)
    expect(v.crag).toBe('perfect')
  })

  test('a number in the claim that the cited source lacks makes the claim unsupported', () => {
    const v = judgeHeuristically(input('An extra seat costs $15 per month on the Team plan [1].'))
    expect(v.claims[0]?.supported).toBe(false)
    expect(v.faithfulness).toBe(0)
    expect(v.reasons?.faithfulness).toContain('missing 15')
    // must_contain "$12" is absent and faithfulness is 0: the answer is wrong, not merely incomplete.
    expect(v.crag).toBe('incorrect')
  })

  test('a marker pointing at a source that does not support the claim is a citation error, not a faithfulness one', () => {
    // The claim is true to the context (source [1]) but cites the SSO page [3].
    const v = judgeHeuristically(input('An extra seat costs $12 per month on the Team plan [3].'))
    expect(v.claims[0]).toMatchObject({ supported: true, markers: [3], supportingMarkers: [] })
    expect(v.faithfulness).toBe(1)
    expect(v.citationAccuracy).toBe(0)
  })

  test('a marker pointing at a source that was never shown scores citation accuracy 0', () => {
    const v = judgeHeuristically(
      input('An extra seat costs $12 per month on the Team plan [1]. SSO needs the Enterprise plan [7].'),
    )
    expect(v.citationAccuracy).toBe(0)
    expect(v.reasons?.citation_accuracy).toContain('[7]')
  })

  test('an unmarked claim counts against citation accuracy: 1 of 2 claims cited gives 0.5', () => {
    // 1 of 2 claims correctly cited -> ratio 0.5 -> score 0.5.
    const v = judgeHeuristically(
      input('An extra seat costs $12 per month on the Team plan [1]. Seats are billed monthly.'),
    )
    expect(v.claims.map((c) => c.markers)).toEqual([[1], []])
    expect(v.faithfulness).toBe(1)
    expect(v.citationAccuracy).toBe(0.5)
  })

  test('an abstention scores answer relevance 1 when the context lacks the answer', () => {
    const v = judgeHeuristically(
      input("I don't know: the provided context does not mention refunds.", {
        query: 'Can I get a refund for unused seats?',
        referenceAnswer: '',
        mustContain: [],
        caseType: 'out_of_scope',
      }),
    )
    expect(v.claims).toEqual([])
    expect(v.answerRelevance).toBe(1)
    expect(v.crag).toBe('perfect')
    // The rubric's rule: an abstention makes no claims, so nothing is unfaithful or uncited.
    expect(v.faithfulness).toBe(1)
    expect(v.citationAccuracy).toBe(1)
  })

  test('an abstention scores answer relevance 0 when the context holds the answer', () => {
    const v = judgeHeuristically(input('The context does not contain the price of a seat.'))
    expect(v.answerRelevance).toBe(0)
    expect(v.crag).toBe('missing')
  })

  test('an abstention on an answerable case is CRAG missing (0), not perfect, even when no source was shown', () => {
    const v = judgeHeuristically(input("I don't know.", { abstained: true, sources: [], answerable: true }))
    expect([v.crag, v.reasons?.crag]).toEqual([
      'missing',
      'missing: abstained on an answerable case (the answer was not in the shown context)',
    ])
    // The same abstention on a case that must not be answered is the right thing to do.
    expect(
      judgeHeuristically(
        input("I don't know.", { abstained: true, sources: [], answerable: false, caseType: 'out_of_scope' }),
      ).crag,
    ).toBe('perfect')
    // Answerability unknown (calibration rows): read from the context, which lacks the answer here.
    expect(judgeHeuristically(input("I don't know.", { abstained: true, sources: [] })).crag).toBe('perfect')
  })

  test('following the newer source and noting that the older one disagrees gets full faithfulness', () => {
    const v = judgeHeuristically(
      input('An extra seat costs $12 per month on the Team plan [1]. Note: older documentation said $10 [2].', {
        sources: [seatsNew, seatsOld],
        caseType: 'stale_conflict',
      }),
    )
    expect(v.claims.map((c) => c.supported)).toEqual([true, true])
    expect(v.faithfulness).toBe(1)
    expect(v.citationAccuracy).toBe(1)
    expect(v.reasons?.faithfulness).toContain('conflict rule')
  })

  test("the reference pipeline's grouped conflict note is supported by the sources it cites", () => {
    const older2: ShownSource = {
      ...seatsOld,
      marker: 3,
      chunkId: 'acme/doc/billing/plans#2',
      text: 'Team plan: $10 for each additional seat.',
    }
    const v = judgeHeuristically(
      input(
        // The extractive pipeline copies its source's words; a paraphrase ("An extra seat now costs") loses word
        // pairs and lands in heuristic-6's partial band (see the support-score tests).
        'Each additional seat costs $12 per month on the Team plan [1]. Note: older documentation [2], [3] says $10; the newer source [1] says $12 and supersedes it.',
        {
          sources: [seatsNew, seatsOld, older2],
          caseType: 'stale_conflict',
        },
      ),
    )
    expect(v.claims[1]).toMatchObject({ markers: [2, 3, 1], supported: true })
    expect(v.faithfulness).toBe(1)
    expect(v.citationAccuracy).toBe(1)
  })

  test('a conflict note that invents the older value is unsupported', () => {
    const v = judgeHeuristically(
      input('An extra seat costs $12 per month on the Team plan [1]. Note: older documentation [2] says $9.', {
        sources: [seatsNew, seatsOld],
        caseType: 'stale_conflict',
      }),
    )
    expect(v.claims[1]?.supported).toBe(false)
    expect(v.faithfulness).toBe(0.5)
  })

  test('an answer holding every must_contain literal, fully supported, is CRAG perfect even if it skips reference details', () => {
    // The reference also names the release; the golden author's must_contain ("$12") is what counts.
    const v = judgeHeuristically(
      input('Seats cost $12 [1].', {
        referenceAnswer: 'Since release 5.4.0 (CL-2025-009) an extra Team seat costs $12 per month, billed monthly.',
      }),
    )
    expect(v.crag).toBe('perfect')
  })

  test('following the older source while a newer one disagrees caps faithfulness at 0.5', () => {
    const v = judgeHeuristically(
      input('An extra seat costs $10 per month on the Team plan [2].', {
        sources: [seatsNew, seatsOld],
        caseType: 'stale_conflict',
      }),
    )
    expect(v.claims[0]?.supported).toBe(true)
    expect(v.faithfulness).toBe(0.5)
    expect(v.reasons?.faithfulness).toContain('[1]')
    expect(v.crag).toBe('incorrect') // answered from the stale source
  })

  test('a name absent from the context is unsupported even when it is true in the world', () => {
    // The judge may not use its own knowledge: Okta is a real SSO provider but the context never names it.
    const v = judgeHeuristically(
      input('SSO works with Okta on the Enterprise plan [3].', { query: 'Which identity providers does SSO support?' }),
    )
    expect(v.claims[0]?.supported).toBe(false)
  })

  test('markers after the full stop belong to the sentence before them', () => {
    const v = judgeHeuristically(
      input('An extra seat costs $12 per month on the Team plan. [1] Seats are billed monthly.[1]'),
    )
    expect(v.claims.map((c) => c.markers)).toEqual([[1], [1]])
    expect(v.citationAccuracy).toBe(1)
  })

  test('scoreFromRatio maps all to 1, at least half to 0.5 and less to 0', () => {
    expect([
      scoreFromRatio(1),
      scoreFromRatio(0.75),
      scoreFromRatio(0.5),
      scoreFromRatio(0.49),
      scoreFromRatio(0),
    ]).toEqual([1, 0.5, 0.5, 0, 0])
  })

  test('the same input always gives the same verdict', () => {
    const a = judgeHeuristically(input('An extra seat costs $12 per month [1]. SSO is on Enterprise [3].'))
    const b = judgeHeuristically(input('An extra seat costs $12 per month [1]. SSO is on Enterprise [3].'))
    expect(a).toEqual(b)
  })
})

describe('heuristic judge invariants', () => {
  test('every score is 0, 0.5 or 1 and every claim marker is reported, for any answer text', () => {
    const word = fc.constantFrom(
      'An',
      'extra',
      'seat',
      'costs',
      '$12',
      '$15',
      'per',
      'month',
      'SSO',
      'Enterprise',
      'plan',
      '[1]',
      '[2]',
      '[3]',
      '[9]',
      '.',
      'Note:',
      'older',
      "I don't know.",
      '\n- ',
    )
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), (words) => {
        const v = judgeHeuristically(input(words.join(' ')))
        const scores = [v.faithfulness, v.citationAccuracy, v.answerRelevance]
        return (
          scores.every((x) => x === 0 || x === 0.5 || x === 1) &&
          v.claims.every((c) => c.supportingMarkers.every((m) => c.markers.includes(m)))
        )
      }),
    )
  })
})
