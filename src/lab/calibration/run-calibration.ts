/**
 * Runs a judge over a labels file and builds the calibration record (the orchestration behind
 * `vitest-rag calibrate`, kept apart from argument parsing so tests call it directly).
 */
import { readFile } from 'node:fs/promises'
import { sha256 } from '../../shared/util/hash.ts'
import { measureCalibration, type JudgedLabelRow } from '../../grading/judge/calibration.ts'
import { CALIBRATION_RECORD_VERSION, type CalibrationRecord } from '../../grading/judge/calibration-record.ts'
import type { JudgeDataProblem } from '../../grading/judge/errors.ts'
import { labelRowToJudgeInput, parseLabelsFile } from './labels-file.ts'
import type { Judge } from '../../grading/judge/types.ts'
import { unigramPrecision } from '../../grading/judge/unigram-baseline.ts'
import { splitHalves } from '../../shared/stats/roc.ts'

/** The outcome of a calibration run: a record, or the labels file's problems. */
export type CalibrationRun =
  | { ok: true; record: CalibrationRecord; judged: JudgedLabelRow[]; reporting: number[] }
  /** `judged[i]` is the verdict on row `reporting[i]` of the labels file. */
  | { ok: false; problems: JudgeDataProblem[] }

/**
 * The default seed of the tuning / reporting split (`splitHalves`). The heuristic judge's thresholds were tuned
 * on HaluEval QA's tuning half under this seed, so only its reporting half is evidence.
 */
export const CALIBRATION_SPLIT_SEED = 25

/**
 * Judges every row of the labels file at `path` (read as given) and measures agreement per criterion.
 * `labelsFile` is how the file is named in the record (e.g. relative to the project root).
 */
export async function runCalibration(
  path: string,
  judge: Judge,
  labelsFile: string = path,
  now: Date = new Date(),
  seed: number = CALIBRATION_SPLIT_SEED,
): Promise<CalibrationRun> {
  return runCalibrationOnText((await readFile(path)).toString('utf8'), judge, labelsFile, now, seed)
}

/**
 * {@link runCalibration} over labels text already in memory (e.g. built from a dataset); `labelsFile` names it.
 * The rows are split into tuning and reporting halves by `seed`, and only the reporting half is judged and
 * measured (`reporting`: its row indices), so a judge tuned on the tuning half is not scored on rows it was
 * fitted to, and a model judge is not paid for rows whose verdicts would not be published.
 */
export async function runCalibrationOnText(
  text: string,
  judge: Judge,
  labelsFile: string,
  now: Date = new Date(),
  seed: number = CALIBRATION_SPLIT_SEED,
): Promise<CalibrationRun> {
  const { rows, problems } = parseLabelsFile(text, labelsFile)
  if (problems.length > 0) return { ok: false, problems }
  const { tuning, reporting } = splitHalves(rows.length, seed)
  const judged: JudgedLabelRow[] = []
  for (const row of reporting.map((i) => rows[i]!)) {
    judged.push({
      human: row.labels,
      verdict: await judge.judge(labelRowToJudgeInput(row)),
      unigram: unigramPrecision(row.answer, row.context.map((c) => c.text).join('\n')),
    })
  }
  const record: CalibrationRecord = {
    version: CALIBRATION_RECORD_VERSION,
    judge: {
      kind: judge.kind,
      ...(judge.model === undefined ? {} : { model: judge.model }),
      promptVersion: judge.promptVersion,
    },
    labelsFile,
    labelsHash: sha256(text),
    rows: rows.length,
    split: { seed, tuning: tuning.length, reporting: reporting.length },
    date: now.toISOString(),
    criteria: measureCalibration(judged),
  }
  return { ok: true, record, judged, reporting }
}
