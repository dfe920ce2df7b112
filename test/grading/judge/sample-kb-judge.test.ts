/**
 * The heuristic judge on the offline reference pipeline's answers over the bundled sample KB: extractive
 * answers copy their sources, so they should be judged faithful and well cited; the same answers with one
 * number changed, or with every marker moved to another shown source, should not.
 */
import { describe, expect, test } from 'vitest'
import { judgeHeuristically } from '../../../src/grading/judge/heuristic-judge.ts'
import type { JudgeInput } from '../../../src/grading/judge/types.ts'
import { runSample, type SampleCaseResult } from '../../system/reference/sample-run.ts'

function inputOf(r: SampleCaseResult, answer = r.out.answer ?? ''): JudgeInput {
  return {
    caseId: r.c.case_id,
    query: r.c.query,
    answer,
    abstained: r.out.abstained ?? false,
    sources: r.out.sources ?? [],
    referenceAnswer: r.c.reference_answer,
    mustContain: r.c.must_contain,
    caseType: r.c.case_type,
  }
}

describe('heuristic judge on the sample KB', () => {
  test('extractive answers are judged faithful and cited, and mutations are caught', async () => {
    const results = await runSample()
    const answered = results.filter((r) => !r.out.abstained)
    const faithful = answered.filter((r) => judgeHeuristically(inputOf(r)).faithfulness === 1).length
    const cited = answered.filter((r) => judgeHeuristically(inputOf(r)).citationAccuracy === 1).length

    let mutated = 0
    let caught = 0
    let swapped = 0
    let swapCaught = 0
    for (const r of answered) {
      const answer = r.out.answer ?? ''
      // Change the first number outside a marker in the answer body (before any conflict note) by +7.
      const m = /\b(\d+)\b(?![^[]*\])/.exec(answer.split('Note:')[0] ?? '')
      if (m) {
        mutated += 1
        if (judgeHeuristically(inputOf(r, answer.replace(m[0], String(Number(m[1]) + 7)))).faithfulness !== 1)
          caught += 1
      }
      const shown = (r.out.sources ?? []).map((s) => s.marker)
      if (shown.length >= 2 && /\[\d+\]/.test(answer)) {
        swapped += 1
        const moved = answer.replace(
          /\[(\d+)\]/g,
          (_x, k: string) => `[${shown[(shown.indexOf(Number(k)) + 1) % shown.length]}]`,
        )
        if (judgeHeuristically(inputOf(r, moved)).citationAccuracy !== 1) swapCaught += 1
      }
    }
    console.log(
      `sample KB: ${answered.length} answers, faithful ${faithful}, cited ${cited}; number mutations caught ${caught}/${mutated}; marker swaps caught ${swapCaught}/${swapped}`,
    )
    // Measured when written: 85 cases, 57 answered, all faithful and cited; 43/45 mutations and 55/57 swaps caught.
    expect(answered.length).toBeGreaterThan(30)
    expect(faithful / answered.length).toBeGreaterThanOrEqual(0.9)
    expect(cited / answered.length).toBeGreaterThanOrEqual(0.9)
    expect(mutated).toBeGreaterThan(20)
    expect(caught / mutated).toBeGreaterThanOrEqual(0.85)
    expect(swapCaught / swapped).toBeGreaterThanOrEqual(0.85)
  })
})
