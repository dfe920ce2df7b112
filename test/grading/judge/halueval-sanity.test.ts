import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, test } from 'vitest'
import { measureAgreement } from '../../../src/grading/judge/calibration.ts'
import { judgeHeuristically } from '../../../src/grading/judge/heuristic-judge.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const dir = resolve(repoRoot, '../shared/datasets/halueval')

test.skipIf(!existsSync(dir))(
  'the heuristic judge tells right from hallucinated answers on 200 HaluEval rows (needs ../shared/datasets/halueval)',
  () => {
    const lines = readFileSync(resolve(dir, 'qa_one-turn_data.json'), 'utf8').trim().split('\n').slice(0, 100)
    const pairs: Array<{ human: string; judge: string }> = []
    for (const line of lines) {
      const r = JSON.parse(line) as {
        knowledge: string
        question: string
        right_answer: string
        hallucinated_answer: string
      }
      for (const [answer, label] of [
        [r.right_answer, '1'],
        [r.hallucinated_answer, '0'],
      ] as const) {
        const v = judgeHeuristically({
          caseId: 'halu',
          query: r.question,
          answer,
          abstained: false,
          sources: [{ marker: 1, chunkId: 'k', tenantId: 't', text: r.knowledge }],
          referenceAnswer: '',
          mustContain: [],
          caseType: 'normal',
        })
        pairs.push({ human: label, judge: v.faithfulness === 1 ? '1' : '0' })
      }
    }
    const a = measureAgreement(pairs, ['0', '1'])
    console.log(
      `HaluEval heuristic faithfulness, 200 rows: accuracy ${a.accuracy?.toFixed(3)}, kappa ${a.kappa?.toFixed(3)}, confusion ${JSON.stringify(a.confusion)}`,
    )
    expect(a.n).toBe(200)
    // Measured 0.910 on these 200 with heuristic-4 (0.855 with heuristic-3); all 2,000 rows: 0.889, kappa 0.778. Chance is 0.5.
    expect(a.accuracy).toBeGreaterThanOrEqual(0.75)
  },
)
