/**
 * The offline judge against the unigram-precision baseline on rows it was not tuned on: HaluEval QA (reads
 * /work/shared/datasets/halueval), split by a stated seed into tuning and reporting halves; only the reporting
 * half's figures are claims. Skipped, saying so, where the dataset is absent.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, test } from 'vitest'
import { HALUEVAL_QA_FILES, haluEvalLabelsText } from '../../../src/lab/calibration/halueval-labels.ts'
import { createHeuristicJudge } from '../../../src/grading/judge/heuristic-judge.ts'
import { runCalibrationOnText } from '../../../src/lab/calibration/run-calibration.ts'
import { rocAuc, splitHalves } from '../../../src/shared/stats/roc.ts'
import { repoRoot } from '../../helpers/run-vitest.ts'

const dir = [
  resolve(repoRoot, '../shared/datasets/halueval'),
  resolve(repoRoot, '../../shared/datasets/halueval'),
].find((d) => existsSync(d))

/** The split's seed: stated, so anyone gets the same halves. */
const SPLIT_SEED = 25

test.skipIf(dir === undefined)(
  'on the HaluEval reporting half (1,000 of 2,000 rows, seed 25; reads /work/shared/datasets/halueval) the heuristic judge ranks faithfulness below unigram precision',
  async () => {
    const text = haluEvalLabelsText(
      HALUEVAL_QA_FILES.map((file) => ({ file, text: readFileSync(resolve(dir!, file), 'utf8') })),
    )
    const run = await runCalibrationOnText(text, createHeuristicJudge(), 'halueval')
    if (!run.ok) throw new Error('the HaluEval rows did not parse')
    const { reporting } = splitHalves(run.judged.length, SPLIT_SEED)
    const rows = reporting.map((i) => run.judged[i]!)
    const faithful = rows.map((r) => Number(r.human.faithfulness) === 1)
    const judge = rocAuc(
      rows.map((r) => r.verdict.faithfulness ?? 0),
      faithful,
    )
    const unigram = rocAuc(
      rows.map((r) => r.unigram ?? 0),
      faithful,
    )
    expect(rows).toHaveLength(1000)
    // Measured 2026-12-01 (heuristic-5): judge 0.894, unigram precision 0.915. The judge does not yet earn its
    // place on this set: its figures are a lexical smoke test, not evidence (issue #25, item 1).
    expect(judge).toBeCloseTo(0.894, 3)
    expect(unigram).toBeCloseTo(0.915, 3)
    expect(judge!).toBeLessThan(unigram!)
  },
)
