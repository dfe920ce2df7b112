/**
 * The calibration record: what `vitest-rag calibrate` writes and the scorecard prints beside every judge
 * metric, so a reader sees how far the judge agreed with humans (and on which labels, by hash) before
 * trusting its scores. Versioned; an incompatible version is refused with a clear message.
 */
import { existsSync, readFileSync } from 'node:fs'
import { z } from 'zod'
import { parseVersionedJson } from '../../shared/problems/versioned-json.ts'
import { writeFileAtomic } from '../../shared/util/atomic-write.ts'
import { CALIBRATION_CRITERIA } from './calibration.ts'
import { CalibrationRecordError } from './errors.ts'

/** Version of the record shape; bump on an incompatible change. */
export const CALIBRATION_RECORD_VERSION = 1

/** Where `vitest-rag calibrate` writes by default, relative to the project root, per judge kind. */
export function defaultCalibrationRecordPath(kind: 'heuristic' | 'model'): string {
  return `evals/calibration/${kind}.json`
}

const CriterionAgreementSchema = z.object({
  n: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  accuracy: z.number().min(0).max(1).nullable(),
  kappa: z.number().min(-1).max(1).nullable(),
  labels: z.array(z.string()),
  confusion: z.array(z.array(z.number().int().nonnegative())),
  kappaCi: z.tuple([z.number(), z.number()]).optional(),
  rocAuc: z.number().min(0).max(1).optional(),
  unigramRocAuc: z.number().min(0).max(1).optional(),
})

/** The calibration record's schema (also used by the scorecard to read it). */
export const CalibrationRecordSchema = z.object({
  version: z.literal(CALIBRATION_RECORD_VERSION),
  judge: z.object({
    kind: z.enum(['heuristic', 'model']),
    model: z.string().optional(),
    /** Template id@version for a model judge, rule-set version for the heuristic one. */
    promptVersion: z.string(),
  }),
  /** The labels file as given (relative to the working directory when it was relative). */
  labelsFile: z.string(),
  /** sha256 of the labels file's bytes: a changed labels file is a different calibration. */
  labelsHash: z.string().regex(/^[0-9a-f]{64}$/),
  rows: z.number().int().nonnegative(),
  /**
   * The seeded split of the rows (`splitHalves`): thresholds are tuned on the tuning half only, and `criteria`
   * are measured on the reporting half only. Absent in records written before the split.
   */
  split: z
    .object({
      seed: z.number().int(),
      tuning: z.number().int().nonnegative(),
      reporting: z.number().int().nonnegative(),
    })
    .optional(),
  /** ISO timestamp of the run. */
  date: z.string(),
  criteria: z.partialRecord(z.enum(CALIBRATION_CRITERIA), CriterionAgreementSchema),
})
/** A calibration record. */
export type CalibrationRecord = z.infer<typeof CalibrationRecordSchema>

/** Writes `record` atomically as pretty JSON. */
export async function writeCalibrationRecord(path: string, record: CalibrationRecord): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(CalibrationRecordSchema.parse(record), null, 2)}\n`)
}

/**
 * Reads a calibration record. Resolves to `undefined` when the file does not exist (the judge is
 * uncalibrated: say so), and throws {@link CalibrationRecordError} when it exists but is not a valid record
 * of this version (re-run `vitest-rag calibrate`).
 */
export function loadCalibrationRecord(path: string): CalibrationRecord | undefined {
  if (!existsSync(path)) return undefined
  const read = parseVersionedJson(readFileSync(path, 'utf8'), CalibrationRecordSchema, CALIBRATION_RECORD_VERSION)
  if (!read.ok && read.kind === 'version') {
    throw new CalibrationRecordError(
      path,
      `version ${JSON.stringify(read.found)} is not ${CALIBRATION_RECORD_VERSION}; re-run \`vitest-rag calibrate\``,
    )
  }
  if (!read.ok) throw new CalibrationRecordError(path, `${read.detail}; re-run \`vitest-rag calibrate\``)
  return read.data
}

/** One line per criterion, for a scorecard or the console: `faithfulness: n=50 accuracy 0.84 kappa 0.68`. */
export function summarizeCalibration(record: CalibrationRecord): string[] {
  const fmt = (x: number | null) => (x === null ? 'n/a' : x.toFixed(2))
  return Object.entries(record.criteria).map(
    ([name, a]) =>
      `${name}: n=${a.n} accuracy ${fmt(a.accuracy)} kappa ${fmt(a.kappa)} (${record.judge.kind}${record.judge.model ? ` ${record.judge.model}` : ''}, ${record.judge.promptVersion})`,
  )
}

/** One criterion's agreement as the scorecard prints it (structurally the scorecard's `CalibrationFigure`). */
export interface CalibrationFigureOf {
  accuracy: number
  kappa: number
  n: number
  /** Judge version and rows: "heuristic-6 on HaluEval QA (...), reporting half (seed 25)". */
  measuredOn: string
  rocAuc?: number
  unigramRocAuc?: number
  /** False when the judge's ROC AUC does not beat the unigram baseline's: a lexical smoke test, not evidence. */
  beatsBaseline?: boolean
}

/** Where a record's figures were measured, as the scorecard names it. */
export function measuredOn(record: CalibrationRecord): string {
  const rows = record.split
    ? `reporting half (seed ${record.split.seed}, ${record.split.reporting} of ${record.rows} rows)`
    : `all ${record.rows} rows (no held-out split)`
  return `${record.judge.promptVersion} on ${record.labelsFile}, ${rows}`
}

/**
 * The record's figures keyed by criterion name (`faithfulness`, `citation_accuracy`, `answer_relevance`,
 * `crag`), for the scorecard. Criteria whose accuracy or kappa is undefined (no items, one single label) are
 * left out. Returns `{}` when `judgeKind` is given and differs from the record's: a heuristic calibration
 * says nothing about a model judge, and the reverse. When `judgeVersion` (the run's rule set or prompt version)
 * differs from the record's, `measuredOn` says the record measured another judge.
 */
export function calibrationFigures(
  record: CalibrationRecord,
  judgeKind?: 'heuristic' | 'model',
  judgeVersion?: string,
): Record<string, CalibrationFigureOf> {
  if (judgeKind !== undefined && record.judge.kind !== judgeKind) return {}
  const out: Record<string, CalibrationFigureOf> = {}
  // A record of another rule set or prompt version measured a different judge: say so where it is shown.
  const stale =
    judgeVersion !== undefined && judgeVersion !== record.judge.promptVersion
      ? ` (not this run's judge, ${judgeVersion}: re-run vitest-rag calibrate)`
      : ''
  for (const [name, a] of Object.entries(record.criteria)) {
    if (a.accuracy === null || a.kappa === null) continue
    out[name] = { accuracy: a.accuracy, kappa: a.kappa, n: a.n, measuredOn: `${measuredOn(record)}${stale}` }
    if (a.rocAuc !== undefined) out[name]!.rocAuc = a.rocAuc
    if (a.unigramRocAuc !== undefined) out[name]!.unigramRocAuc = a.unigramRocAuc
    if (a.rocAuc !== undefined && a.unigramRocAuc !== undefined) out[name]!.beatsBaseline = a.rocAuc > a.unigramRocAuc
  }
  return out
}
