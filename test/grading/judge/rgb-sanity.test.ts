import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, test } from 'vitest'
import { measureAgreement } from '../../../src/grading/judge/calibration.ts'
import { judgeHeuristically } from '../../../src/grading/judge/heuristic-judge.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const dir = resolve(repoRoot, '../shared/datasets/rgb-en-fact')

/**
 * RGB en_fact (CC BY-NC-SA 4.0, read at run time only, never committed): each question comes with passages
 * supporting the true answer (`positive`) and the same passages with the answer swapped for a fake one
 * (`positive_wrong`). Faithfulness is to the CONTEXT, not to the world: the fake answer over the swapped
 * passages is faithful, the true answer over them is not.
 */
test.skipIf(!existsSync(dir))(
  'the heuristic judge follows the context, not the world, on RGB counterfactuals (needs ../shared/datasets/rgb-en-fact)',
  () => {
    const rows = readFileSync(resolve(dir, 'en_fact.json'), 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            query: string
            answer: unknown
            fakeanswer: string
            positive: string[]
            positive_wrong: string[]
          },
      )
    const pairs: Array<{ human: string; judge: string }> = []
    for (const r of rows) {
      if (typeof r.answer !== 'string') continue // list answers have several surface forms; keep the plain ones
      const judge = (answer: string, passages: string[]) =>
        judgeHeuristically({
          caseId: 'rgb',
          query: r.query,
          answer,
          abstained: false,
          sources: passages.map((text, i) => ({ marker: i + 1, chunkId: `p${i}`, tenantId: 't', text })),
          referenceAnswer: '',
          mustContain: [],
          caseType: 'normal',
        }).faithfulness === 1
          ? '1'
          : '0'
      pairs.push({ human: '1', judge: judge(r.answer, r.positive) })
      pairs.push({ human: '0', judge: judge(r.fakeanswer, r.positive) })
      pairs.push({ human: '0', judge: judge(r.answer, r.positive_wrong) })
      pairs.push({ human: '1', judge: judge(r.fakeanswer, r.positive_wrong) })
    }
    const a = measureAgreement(pairs, ['0', '1'])
    console.log(
      `RGB en_fact heuristic faithfulness, ${a.n} items: accuracy ${a.accuracy?.toFixed(3)}, kappa ${a.kappa?.toFixed(3)}, confusion ${JSON.stringify(a.confusion)}`,
    )
    expect(a.n).toBe(288) // 72 plain-string questions x 4
    // Measured 0.993 (kappa 0.986) when written: short entity answers are the easy case for a lexical judge.
    expect(a.accuracy).toBeGreaterThanOrEqual(0.9)
  },
)
