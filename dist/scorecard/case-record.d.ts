/**
 * The per-case record: everything one golden case's test hands to the reporter (through Vitest's
 * `task.meta.rag`), and the unit the scorecard aggregates and the baseline stores. JSON-serialisable.
 */
import type { CaseType, DynamismSchema, PopularitySchema, QuestionType } from '../cases/schema.js';
import type { EvalMode } from '../adapter/types.js';
import type { z } from 'zod';
/** Version of the {@link CaseRecord} shape; bump on an incompatible change. */
export declare const CASE_RECORD_VERSION = 1;
/** Names of the hard assertions (zero tolerance). */
export type HardCheckName = 'toAbstain' | 'toNotLeakAcrossTenants' | 'toHaveNoFabricatedCitations' | 'toContainAll';
/** One hard assertion that applied to a case and ran. Checks that do not apply are absent, never "passed". */
export interface HardCheckResult {
    name: HardCheckName;
    passed: boolean;
    /** Why it failed (or a short note when it passed). */
    message?: string;
}
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
export type ErrorClass = 'retrieval_miss' | 'hallucination' | 'citation_error' | 'stale' | 'incomplete' | 'conflict_mishandled' | 'wrong_abstention' | 'correct';
/** A retrieved chunk as recorded: rank order is array order. */
export interface RecordedHit {
    chunkId: string;
    score: number;
    tenantId: string;
}
/** An expected chunk with its relevance grade (0-3). */
export interface RecordedExpected {
    chunkId: string;
    grade: number;
}
/** Judge verdicts for one case, scored 0 / 0.5 / 1 per criterion. */
export interface RecordedJudgement {
    /** `heuristic` (offline, deterministic) and `model` scores are never mixed in one baseline. */
    kind: 'heuristic' | 'model';
    model?: string;
    /** True when the judge's verdict could not be parsed after its retry: not a score. */
    failed: boolean;
    faithfulness?: number;
    citationAccuracy?: number;
    answerRelevance?: number;
    crag?: 'perfect' | 'acceptable' | 'missing' | 'incorrect';
    reasons?: Record<string, string>;
}
/** Everything the reporter needs about one case. */
export interface CaseRecord {
    version: typeof CASE_RECORD_VERSION;
    caseId: string;
    caseType: CaseType;
    tenantId: string;
    /** Golden file (relative to the project root) and 1-based line of the case. */
    file: string;
    line: number;
    facets: {
        answerable: boolean;
        questionType: QuestionType;
        popularity: z.infer<typeof PopularitySchema>;
        dynamism: z.infer<typeof DynamismSchema>;
    };
    mode: EvalMode;
    /** sha256 of the case's canonical JSON: a baseline entry from a changed case is not paired. */
    caseHash: string;
    hard: HardCheckResult[];
    retrieval: {
        retrieved: RecordedHit[];
        expected: RecordedExpected[];
        /** False for cases that must abstain: their retrieval is unscored and counted as such. */
        scored: boolean;
        /** Metric name (`recall@5`, `mrr`, `ndcg@10`, ...) to value in [0, 1]. */
        metrics: Record<string, number>;
    };
    answer?: {
        text: string;
        abstained: boolean;
        confidence?: number;
        citedMarkers: number[];
    };
    judge?: RecordedJudgement;
    /** Answer metric name (`faithfulness`, `citation_accuracy`, `answer_relevance`, `crag_truthfulness`,
     * `should_contain`) to value. */
    answerMetrics: Record<string, number>;
    errorClass?: ErrorClass;
    usage: {
        calls: number;
        cachedCalls: number;
        retries: number;
        costUsd: number;
        savedUsd: number;
    };
    latencyMs: number;
    /** Set when the case errored before producing results (it scores zero, never leaves the average). */
    error?: string;
}
