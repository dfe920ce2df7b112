/**
 * The CRAG grade table (Yang et al., 2024), the one definition: the judges grade with it, the rubric prompt
 * lists it, calibration confuses it, and the per-case `crag_truthfulness` scores it.
 */

/** The CRAG grades, best first. */
export const CRAG_GRADES = ['perfect', 'acceptable', 'missing', 'incorrect'] as const

/** One CRAG grade of an answer. */
export type CragGrade = (typeof CRAG_GRADES)[number]

/**
 * Score of each {@link CragGrade}, in [-1, 1]: +1 perfect, +0.5 acceptable, 0 missing, -1 incorrect. A wrong
 * answer costs more than saying "I don't know". Example: one case graded `acceptable` scores 0.5.
 */
export const CRAG_GRADE_SCORES: Readonly<Record<CragGrade, number>> = Object.freeze({
  perfect: 1,
  acceptable: 0.5,
  missing: 0,
  incorrect: -1,
})

/**
 * The CRAG grade of an abstention ("I don't know"), the one rule both judges and the case metrics apply:
 * `missing` (0) on an answerable case, since an answer existed (its error class is `wrong_abstention`), and
 * `perfect` (+1) on a case that must not be answered (out of scope, another tenant's data, unanswerable).
 * Example: "I don't know" to an answerable "How many seats does Team allow?" -> `missing`, scoring 0.
 */
export function cragOfAbstention(answerable: boolean): CragGrade {
  return answerable ? 'missing' : 'perfect'
}
