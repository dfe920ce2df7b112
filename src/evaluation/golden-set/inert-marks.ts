/**
 * `known_failures` marks that this run's mode leaves inert, found before any case runs (the golden set's
 * warnings): the applying of marks to results is `../known-failures.ts`.
 */
import type { GoldenCaseAt } from '../../cases/parse-golden.ts'
import { MARKABLE_CHECKS } from '../../cases/schema.ts'
import type { Problem } from '../../shared/problems/problems.ts'
import type { EvalMode } from '../../system/adapter/types.ts'

/**
 * Marks that cannot apply in this run's mode, as warnings: both markable checks run in system mode only, so in
 * retrieval mode a mark is silently inert (neither an expected failure nor a "remove the mark"), and a reviewer
 * would believe a check is tracked that is not. Said once per mark before the run; the run still goes on. (A mark
 * no case could ever trip, `toAbstain` on a case that need not abstain or `toContainAll` without literals, is a
 * golden-file problem already: see the schema's known_failures rule.)
 */
export function inertKnownFailureMarks(file: string, cases: readonly GoldenCaseAt[], mode: EvalMode): Problem[] {
  if (mode === 'system') return []
  const warnings: Problem[] = []
  for (const { case: c, line } of cases) {
    for (const [i, mark] of (c.known_failures ?? []).entries()) {
      const name = (MARKABLE_CHECKS as Record<string, string | undefined>)[mark.check] ?? mark.check
      warnings.push({
        code: 'inert_known_failure',
        file,
        line,
        path: `known_failures[${i}].check`,
        value: mark.check,
        message: `the mark on ${mark.check} (${mark.reason}) has no effect: ${name} runs only in system mode and this run is in ${mode} mode`,
        fix: 'run in system mode to track it (mode: "system" or VITEST_RAG_MODE=system)',
      })
    }
  }
  return warnings
}
