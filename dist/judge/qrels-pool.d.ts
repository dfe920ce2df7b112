/**
 * Pooling: finds the retrieved chunks no judgment covers yet and grades them with a relevance grader
 * (a model via an UMBRELA-style prompt, or the offline lexical fallback), returning new qrels rows to append.
 */
import type { ChatClient } from '../llm/types.js';
import { z } from 'zod';
import { type PromptTemplate } from './prompt-template.js';
import { type QrelsRow } from './qrels.js';
/** A retrieved chunk that may need a judgment. */
export interface PoolCandidate {
    chunkId: string;
    /** The chunker spec that produced the chunk id (one line, e.g. `structural:1500:100`). */
    chunker: string;
    docId: string;
    /** `[start, end)` offsets of the chunk in its document. */
    start: number;
    end: number;
    text: string;
}
/** A graded-relevance judgment of one passage. */
export interface RelevanceGrade {
    /** 0 (unrelated), 1 (related, does not answer), 2 (partly answers), 3 (dedicated, exact answer). */
    grade: 0 | 1 | 2 | 3;
    reason: string;
}
/** A relevance grader. `grade` resolves to undefined when it failed (nothing is recorded then). */
export interface RelevanceGrader {
    readonly source: 'llm' | 'heuristic';
    readonly model?: string;
    readonly promptVersion: string;
    grade(query: string, passage: string, caseId: string): Promise<RelevanceGrade | undefined>;
}
/**
 * True when some row of `caseId` already judges the candidate: a row for its chunk id (same chunker), or a
 * row for its document whose span overlaps the chunk (golden provenance is by document span).
 */
export declare function isJudged(candidate: PoolCandidate, caseId: string, rows: readonly QrelsRow[]): boolean;
/** The candidates no row judges yet, first occurrence of each chunk kept. */
export declare function selectUnjudged(caseId: string, candidates: readonly PoolCandidate[], rows: readonly QrelsRow[]): PoolCandidate[];
/** Grades the unjudged candidates of one case; returns the new rows (append them with `appendQrelsRows`). */
export declare function judgePool(args: {
    caseId: string;
    query: string;
    candidates: readonly PoolCandidate[];
    rows: readonly QrelsRow[];
    grader: RelevanceGrader;
    now?: () => Date;
}): Promise<QrelsRow[]>;
/** Share thresholds of the lexical grader: query coverage for grade 2 and grade 1. */
export declare const DEFAULT_HEURISTIC_RELEVANCE: {
    readonly grade2Coverage: 0.75;
    readonly grade1Coverage: 0.4;
};
/**
 * Offline lexical grade: the share of the query's content words the passage holds. At least 0.75 -> 2,
 * at least 0.4 -> 1, else 0. Never 3: "contains the exact answer" is beyond word overlap.
 * Example: query "seat price Team plan" {seat, price, team, plan}, passage holding seat, team, plan -> 0.75 -> 2.
 */
export declare function gradeRelevanceLexically(query: string, passage: string, thresholds?: {
    readonly grade2Coverage: 0.75;
    readonly grade1Coverage: 0.4;
}): RelevanceGrade;
/** The offline grader behind the {@link RelevanceGrader} interface (rows get `source: 'heuristic'`). */
export declare function createHeuristicRelevanceGrader(): RelevanceGrader;
/** The model grader's reply. */
export declare const RelevanceVerdictSchema: z.ZodObject<{
    grade: z.ZodCoercedNumber<unknown>;
    reason: z.ZodString;
}, z.core.$strip>;
/** A model grader (UMBRELA-style prompt, `evals/prompts/judge-relevance.md`) through `chatJson`. */
export declare function createModelRelevanceGrader(client: ChatClient, template: PromptTemplate): RelevanceGrader;
