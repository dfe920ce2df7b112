/**
 * Declared grade scales: a golden file may grade its expected sources on its own scale (Cranfield's 1-4,
 * a 0-10 rating, labels kept from an annotation tool) by opening with one header line,
 * `{"grade_scale": {"low": 1, "high": 4}}` or `{"grade_scale": {"map": {"1": 3, "2": 2, "3": 1, "4": 0}}}`,
 * and every grade of that file is mapped to the harness's 0-3 before validation. Pure.
 */
import { z } from 'zod'
import type { Problem } from '../shared/problems/problems.ts'

/**
 * A file's grade scale. `low`/`high`: whole numbers; `low` maps to 0 (not relevant) and `high` to 3 (the
 * answer), the grades between linearly, rounded (`low` may be greater than `high` when the file's best grade
 * is its smallest number, as in Cranfield where 1 is "complete answer"). `map`: an explicit table from the
 * file's grade (as written, a string key) to 0-3.
 */
export const GradeScaleSchema = z.union([
  z
    .strictObject({ low: z.number().int(), high: z.number().int() })
    .refine((s) => s.low !== s.high, { message: 'low and high must differ' }),
  z.strictObject({
    map: z
      .record(z.string(), z.number().int().min(0).max(3))
      .refine((m) => Object.keys(m).length > 0, { message: 'map needs at least one grade' }),
  }),
])
/** See {@link GradeScaleSchema}. */
export type GradeScale = z.infer<typeof GradeScaleSchema>

/** The header line that declares a file's scale: `{"grade_scale": {...}}` and nothing else. */
export const GradeScaleHeaderSchema = z.strictObject({ grade_scale: GradeScaleSchema })

/** True when a parsed line is a header (it has `grade_scale` and no `case_id`), not a case. */
export function isGradeScaleHeader(json: object): boolean {
  return 'grade_scale' in json && !('case_id' in json)
}

/**
 * Maps one grade to 0-3, or undefined when it is not on the scale.
 * Example: {low: 1, high: 4}: 1 -> 0, 2 -> round(1) = 1, 3 -> 2, 4 -> 3; {low: 4, high: 1}: 1 -> 3, 4 -> 0;
 * {low: 0, high: 10}: 7 -> round(2.1) = 2.
 */
export function mapGrade(grade: unknown, scale: GradeScale): number | undefined {
  if ('map' in scale)
    return typeof grade === 'number' || typeof grade === 'string' ? scale.map[String(grade)] : undefined
  if (typeof grade !== 'number' || !Number.isInteger(grade)) return undefined
  const [lo, hi] = [Math.min(scale.low, scale.high), Math.max(scale.low, scale.high)]
  if (grade < lo || grade > hi) return undefined
  return Math.round((3 * (grade - scale.low)) / (scale.high - scale.low)) + 0 // + 0 turns -0 into 0
}

function describeScale(scale: GradeScale): string {
  return 'map' in scale
    ? `one of ${Object.keys(scale.map).join(', ')}`
    : `a whole number from ${Math.min(scale.low, scale.high)} to ${Math.max(scale.low, scale.high)}`
}

/**
 * Returns a copy of a case line with every `expected_sources[i].grade` mapped through `scale`, and a problem
 * for each grade off the scale (left as written; the parser then skips validating that line).
 * A source without a grade keeps the schema's default (3).
 */
export function applyGradeScale(
  json: Record<string, unknown>,
  scale: GradeScale,
  file: string,
  line: number,
): { json: Record<string, unknown>; problems: Problem[] } {
  const sources = json.expected_sources
  if (!Array.isArray(sources)) return { json, problems: [] }
  const problems: Problem[] = []
  const mapped = sources.map((source: unknown, i) => {
    if (source === null || typeof source !== 'object' || !('grade' in source)) return source
    const grade = (source as { grade: unknown }).grade
    const value = mapGrade(grade, scale)
    if (value === undefined) {
      problems.push({
        code: 'grade_off_scale',
        file,
        line,
        path: `expected_sources[${i}].grade`,
        value: grade,
        message: `${JSON.stringify(grade)} is not on this file's grade_scale`,
        fix: `use ${describeScale(scale)}, or change the grade_scale header`,
      })
      return source
    }
    return { ...source, grade: value }
  })
  return { json: { ...json, expected_sources: mapped }, problems }
}
