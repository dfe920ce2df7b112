import type { RubricScore } from './rubric.js';
import type { Judge, JudgeInput, JudgeVerdict } from './types.js';
/** Thresholds of the heuristic judge, all ratios in [0, 1]. */
export interface HeuristicJudgeOptions {
    /** Share of a claim's novel content words a source must hold to support it. Default 0.6. */
    supportOverlap: number;
    /** Share of the reference answer's words (and literals) the answer must hold for `perfect`. Default 0.8. */
    cragPerfectRecall: number;
    /** ... for `acceptable`. Default 0.5. */
    cragAcceptableRecall: number;
    /** Share of the reference answer's words the context must hold to count as holding the answer. Default 0.6. */
    contextAnswerRecall: number;
    /** An answer of at most this many content words is read as a direct answer (relevance 1). Default 6. */
    shortAnswerWords: number;
}
/** Defaults of {@link HeuristicJudgeOptions}. */
export declare const DEFAULT_HEURISTIC_JUDGE_OPTIONS: HeuristicJudgeOptions;
/** Version of the heuristic rule set, recorded beside its scores; bump when a rule or default changes. */
export declare const HEURISTIC_JUDGE_VERSION = "heuristic-3";
/**
 * Maps a share of good items to a rubric score: 1 when all are good, 0.5 when at least half are, else 0.
 * Example: 3 of 4 claims supported -> 0.75 -> 0.5.
 */
export declare function scoreFromRatio(ratio: number): RubricScore;
/** Share of the reference's content words and literals found in `text`, in [0, 1]; 1 for an empty reference. */
export declare function referenceRecall(reference: string, text: string): number;
/** Whether the shown context holds the answer: the caller's flag, else estimated from the golden case. */
export declare function estimateContextHasAnswer(input: JudgeInput, options?: HeuristicJudgeOptions): boolean;
/** Judges one case with the lexical rules. Pure and deterministic. */
export declare function judgeHeuristically(input: JudgeInput, options?: HeuristicJudgeOptions): JudgeVerdict;
/** The heuristic judge behind the {@link Judge} interface. */
export declare function createHeuristicJudge(options?: Partial<HeuristicJudgeOptions>): Judge;
