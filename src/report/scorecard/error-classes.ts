/**
 * Error class tallies: per class, overall and per case type, and which half of the pipeline to fix.
 */
import type { CaseType } from '../../cases/schema.ts'
import type { CaseRecord, ErrorClass } from '../../evaluation/case-record.ts'
import type { ErrorClassSection, FixHalf } from './scorecard.ts'

/** Every error class, in display order (the first ones point at retrieval, `correct` last). */
export const ERROR_CLASSES: readonly ErrorClass[] = [
  'retrieval_miss',
  'hallucination',
  'citation_error',
  'stale',
  'incomplete',
  'conflict_mishandled',
  'wrong_abstention',
  'correct',
]

/**
 * Which half to fix per non-correct class. A retrieval miss is fixed in retrieval (the generator cannot
 * cite what it never saw); every other class is decided by what the generator did with the context it had,
 * including `wrong_abstention` (the error classifier only yields it when the evidence was retrieved or the
 * case had to abstain).
 */
export const FIX_HALF: Readonly<Record<Exclude<ErrorClass, 'correct'>, FixHalf>> = {
  retrieval_miss: 'retrieval',
  hallucination: 'generation',
  citation_error: 'generation',
  stale: 'generation',
  incomplete: 'generation',
  conflict_mishandled: 'generation',
  wrong_abstention: 'generation',
}

/** Tallies the error classes of the records that carry one (records without a class are not counted). */
export function summarizeErrorClasses(records: readonly CaseRecord[]): ErrorClassSection {
  const overall: Partial<Record<ErrorClass, number>> = {}
  const byCaseType: Partial<Record<CaseType, Partial<Record<ErrorClass, number>>>> = {}
  const fix: Record<FixHalf, number> = { retrieval: 0, generation: 0 }
  let classified = 0
  for (const record of records) {
    const errorClass = record.errorClass
    if (errorClass === undefined) continue
    classified += 1
    overall[errorClass] = (overall[errorClass] ?? 0) + 1
    const perType = (byCaseType[record.caseType] ??= {})
    perType[errorClass] = (perType[errorClass] ?? 0) + 1
    if (errorClass !== 'correct') fix[FIX_HALF[errorClass]] += 1
  }
  return { classified, overall, byCaseType, fix }
}
