/**
 * One error class per case, by a fixed rule order, so a failing case says which half of the system to fix.
 * The inputs are already-computed facts (booleans and numbers); no text is read here.
 */
import type { CaseType } from '../../cases/schema.ts'

/**
 * One error class per scored case, so a failure says which half to fix:
 * - `retrieval_miss`: the expected evidence was never retrieved (fix retrieval);
 * - `hallucination`: the answer states what the context does not support (fix generation);
 * - `citation_error`: a marker points at a source that does not support its claim, or claims lack markers;
 * - `stale`: answered from an outdated source when a newer one was available;
 * - `incomplete`: a must_contain literal is missing;
 * - `conflict_mishandled`: sources conflict and the newer one was not followed or the disagreement not stated;
 * - `wrong_abstention`: abstained although the answer was retrievable, or answered where it must abstain;
 * - `correct`.
 */
export type ErrorClass =
  | 'retrieval_miss'
  | 'hallucination'
  | 'citation_error'
  | 'stale'
  | 'incomplete'
  | 'conflict_mishandled'
  | 'wrong_abstention'
  | 'correct'

/** Facts about one case that {@link classifyError} needs. */
export interface ErrorClassInput {
  caseType: CaseType
  /** The case must abstain (out_of_scope, cross_tenant, or not answerable). */
  mustAbstain: boolean
  abstained: boolean
  /** A grade >= 2 expected chunk is among the top k chunks shown to the generator (see {@link hasEvidenceInTopK}). */
  evidenceRetrieved: boolean
  /** Faithfulness in [0, 1]; undefined when not judged (the rule is skipped). */
  faithfulness?: number
  /** Citation accuracy in [0, 1]; undefined when not judged (the rule is skipped). */
  citationAccuracy?: number
  /** stale_conflict only: the answer gives the older source's value. */
  usedStaleValue?: boolean
  /** stale_conflict only: the answer states that the sources disagree (or which one supersedes). */
  statedDisagreement?: boolean
  /** A must_contain literal is missing from the answer. */
  missingMustContain: boolean
}

/** Grade an expected chunk needs to count as evidence the generator could answer from. */
export const EVIDENCE_MIN_GRADE = 2

/**
 * True when a grade >= {@link EVIDENCE_MIN_GRADE} expected id is in the first `k` of `ranked`, or when no
 * such id is expected (then retrieval cannot be blamed). Example: ranked [x, a], expected {a: 3}: k = 1 ->
 * false, k = 2 -> true.
 */
export function hasEvidenceInTopK(
  ranked: readonly string[],
  expected: ReadonlyArray<{ chunkId: string; grade: number }>,
  k: number,
): boolean {
  const evidence = new Set(expected.filter((e) => e.grade >= EVIDENCE_MIN_GRADE).map((e) => e.chunkId))
  if (evidence.size === 0) return true
  return ranked.slice(0, k).some((id) => evidence.has(id))
}

/**
 * The case's error class; the first rule that matches wins:
 * 1. must abstain but answered -> `wrong_abstention` (the most harmful: an answer that should not exist);
 * 2. must abstain and abstained -> `correct` (nothing else applies to a refusal);
 * 3. answerable and abstained -> `wrong_abstention`: an answerable question went unanswered, whatever was
 *    retrieved (a system that declines everything must not pass for one whose retrieval misses);
 * 4. evidence not retrieved -> `retrieval_miss`: retrieval comes before every generation class because a
 *    generator cannot cite or use what it never saw;
 * 5. faithfulness < 1 -> `hallucination` (an unsupported claim outranks how it was cited);
 * 6. stale_conflict and the older value used -> `stale`;
 * 7. stale_conflict and the disagreement not stated -> `conflict_mishandled`;
 * 8. citation accuracy < 1 -> `citation_error`;
 * 9. a must_contain literal missing -> `incomplete`;
 * 10. otherwise `correct`.
 */
export function classifyError(input: ErrorClassInput): ErrorClass {
  if (input.mustAbstain) return input.abstained ? 'correct' : 'wrong_abstention'
  if (input.abstained) return 'wrong_abstention'
  if (!input.evidenceRetrieved) return 'retrieval_miss'
  if (input.faithfulness !== undefined && input.faithfulness < 1) return 'hallucination'
  if (input.caseType === 'stale_conflict') {
    if (input.usedStaleValue) return 'stale'
    if (!input.statedDisagreement) return 'conflict_mishandled'
  }
  if (input.citationAccuracy !== undefined && input.citationAccuracy < 1) return 'citation_error'
  if (input.missingMustContain) return 'incomplete'
  return 'correct'
}
