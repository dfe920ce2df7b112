/**
 * One error class per case, by a fixed rule order, so a failing case says which half of the system to fix.
 * The inputs are already-computed facts (booleans and numbers); no text is read here.
 */
import type { CaseType } from '../cases/schema.js';
import type { ErrorClass } from '../scorecard/case-record.js';
/** Facts about one case that {@link classifyError} needs. */
export interface ErrorClassInput {
    caseType: CaseType;
    /** The case must abstain (out_of_scope, cross_tenant, or not answerable). */
    mustAbstain: boolean;
    abstained: boolean;
    /** A grade >= 2 expected chunk is among the top k chunks shown to the generator (see {@link hasEvidenceInTopK}). */
    evidenceRetrieved: boolean;
    /** Faithfulness in [0, 1]; undefined when not judged (the rule is skipped). */
    faithfulness?: number;
    /** Citation accuracy in [0, 1]; undefined when not judged (the rule is skipped). */
    citationAccuracy?: number;
    /** stale_conflict only: the answer gives the older source's value. */
    usedStaleValue?: boolean;
    /** stale_conflict only: the answer states that the sources disagree (or which one supersedes). */
    statedDisagreement?: boolean;
    /** A must_contain literal is missing from the answer. */
    missingMustContain: boolean;
}
/** Grade an expected chunk needs to count as evidence the generator could answer from. */
export declare const EVIDENCE_MIN_GRADE = 2;
/**
 * True when a grade >= {@link EVIDENCE_MIN_GRADE} expected id is in the first `k` of `ranked`, or when no
 * such id is expected (then retrieval cannot be blamed). Example: ranked [x, a], expected {a: 3}: k = 1 ->
 * false, k = 2 -> true.
 */
export declare function hasEvidenceInTopK(ranked: readonly string[], expected: ReadonlyArray<{
    chunkId: string;
    grade: number;
}>, k: number): boolean;
/**
 * The case's error class; the first rule that matches wins:
 * 1. must abstain but answered -> `wrong_abstention` (the most harmful: an answer that should not exist);
 * 2. must abstain and abstained -> `correct` (nothing else applies to a refusal);
 * 3. answerable, abstained, evidence WAS retrieved -> `wrong_abstention` (the generator gave up on usable evidence);
 * 4. evidence not retrieved (abstained or not) -> `retrieval_miss`: retrieval comes before every generation
 *    class because a generator cannot cite or use what it never saw;
 * 5. faithfulness < 1 -> `hallucination` (an unsupported claim outranks how it was cited);
 * 6. stale_conflict and the older value used -> `stale`;
 * 7. stale_conflict and the disagreement not stated -> `conflict_mishandled`;
 * 8. citation accuracy < 1 -> `citation_error`;
 * 9. a must_contain literal missing -> `incomplete`;
 * 10. otherwise `correct`.
 */
export declare function classifyError(input: ErrorClassInput): ErrorClass;
