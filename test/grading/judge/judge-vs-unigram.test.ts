/**
 * The offline judge against the unigram-precision baseline on rows it was not tuned on, per labelled set at hand:
 * HaluEval QA (../shared/datasets/halueval) and RGB en_fact (../shared/datasets/rgb-en-fact), each split by the
 * stated seed into tuning and reporting halves; only the reporting half is judged and scored here (the tuning
 * half is what the support score's formula and thresholds were chosen on, HaluEval's only). Skipped, saying so,
 * where a dataset is absent.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, test } from 'vitest'
import { HALUEVAL_QA_FILES, haluEvalLabelsText } from '../../../src/lab/calibration/halueval-labels.ts'
import { RGB_FACT_FILE, rgbLabelsText } from '../../../src/lab/calibration/rgb-labels.ts'
import { labelRowToJudgeInput, parseLabelsFile } from '../../../src/lab/calibration/labels-file.ts'
import { CALIBRATION_SPLIT_SEED } from '../../../src/lab/calibration/run-calibration.ts'
import { judgeHeuristically } from '../../../src/grading/judge/heuristic-judge.ts'
import { unigramPrecision } from '../../../src/grading/judge/unigram-baseline.ts'
import { rocAuc, splitHalves } from '../../../src/shared/stats/roc.ts'

const repoRoot = resolve(import.meta.dirname, '../../..')
const halueval = resolve(repoRoot, '../shared/datasets/halueval')
const rgb = resolve(repoRoot, '../shared/datasets/rgb-en-fact')

/** ROC AUCs of the judge's support score and of unigram precision on the reporting half of `labelsText`. */
function reportingAucs(labelsText: string): { n: number; judge: number; unigram: number } {
  const { rows } = parseLabelsFile(labelsText, 'labels')
  const { reporting } = splitHalves(rows.length, CALIBRATION_SPLIT_SEED)
  const judged = reporting.map((i) => {
    const row = rows[i]!
    const verdict = judgeHeuristically(labelRowToJudgeInput(row))
    return {
      faithful: row.labels.faithfulness === 1,
      support: verdict.faithfulnessSupport ?? 0,
      unigram: unigramPrecision(row.answer, row.context.map((c) => c.text).join('\n')),
    }
  })
  const faithful = judged.map((r) => r.faithful)
  return {
    n: judged.length,
    judge: rocAuc(
      judged.map((r) => r.support),
      faithful,
    )!,
    unigram: rocAuc(
      judged.map((r) => r.unigram),
      faithful,
    )!,
  }
}

test.skipIf(!existsSync(halueval))(
  'dataset: on the HaluEval QA reporting half (1,000 of 2,000 rows, seed 25; needs ../shared/datasets/halueval) the judge ranks faithfulness above unigram precision',
  () => {
    const text = haluEvalLabelsText(
      HALUEVAL_QA_FILES.map((file) => ({ file, text: readFileSync(resolve(halueval, file), 'utf8') })),
    )
    const { n, judge, unigram } = reportingAucs(text)
    expect(n).toBe(1000)
    // Measured 2026-12-01. heuristic-5 (0 / 0.5 / 1 verdicts): 0.894 against 0.915, it lost. heuristic-6's
    // support score: 0.994 against the same 0.915.
    expect(unigram).toBeCloseTo(0.915, 3)
    expect(judge).toBeCloseTo(0.994, 3)
    expect(judge).toBeGreaterThan(unigram)
  },
)

test.skipIf(!existsSync(rgb))(
  'dataset: on the RGB en_fact reporting half (200 of 400 rows, seed 25; needs ../shared/datasets/rgb-en-fact) the judge ranks faithfulness above unigram precision',
  () => {
    const { n, judge, unigram } = reportingAucs(rgbLabelsText(readFileSync(resolve(rgb, RGB_FACT_FILE), 'utf8')))
    expect(n).toBe(200)
    // Measured 2026-12-01 (heuristic-6): 0.990 against 0.985. Short entity answers: both rank nearly perfectly,
    // so the margin is small; the judge's edge is the literal check (a fake name or date sinks the score).
    expect(unigram).toBeCloseTo(0.985, 3)
    expect(judge).toBeCloseTo(0.99, 3)
    expect(judge).toBeGreaterThan(unigram)
  },
)
