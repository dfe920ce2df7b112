/**
 * Answer metrics in the RAGAS style (Es et al., 2023), computed from per-claim verdicts that a judge (model
 * or deterministic heuristic) produced. These functions only do the arithmetic, so every score can be
 * checked by hand from the verdicts a scorecard stores. All results are ratios in [0, 1], except
 * {@link cragTruthfulness} in [-1, 1].
 */
/**
 * Faithfulness = claims of the answer supported by the retrieved context / claims, in [0, 1].
 * Example: 3 claims, 2 supported -> 2/3. Zero claims (an empty or purely hedging answer) -> 1.0: it asserts
 * nothing unsupported (RAGAS leaves it undefined). Abstentions are scored by the abstention metrics instead.
 */
export declare function faithfulness(claims: ReadonlyArray<{
    supported: boolean;
}>): number;
/**
 * Context precision (rank-aware) = mean of precision@i over the ranks i that hold a relevant chunk, in [0, 1].
 * Example: [true, false, true] -> (1/1 + 2/3) / 2 = 0.833; [false, true] -> (1/2) / 1 = 0.5.
 * No relevant chunk -> 0.
 */
export declare function contextPrecision(relevanceByRank: readonly boolean[]): number;
/**
 * Context recall = claims of the REFERENCE answer attributable to the retrieved context / reference claims.
 * Example: 4 reference claims, 3 attributed -> 0.75. No reference claims -> 1.0 (nothing to recall, as recall@k).
 */
export declare function contextRecall(referenceClaims: ReadonlyArray<{
    attributed: boolean;
}>): number;
/**
 * Answer relevance = mean of the given scores, each clamped to [0, 1]. Pass either the cosine similarities
 * between the question and the questions generated back from the answer (RAGAS), or a single judge verdict
 * as a one-element array. Example: [0.9, 0.7, -0.1] -> (0.9 + 0.7 + 0) / 3 = 0.533. No scores -> 0
 * (a noncommittal answer that yields no question is not relevant).
 */
export declare function answerRelevance(scores: readonly number[]): number;
/** One answer claim as noise sensitivity sees it. */
export interface NoiseClaim {
    /** The claim agrees with the reference answer. */
    correct: boolean;
    /** Some relevant retrieved chunk supports the claim. */
    supportedByRelevant: boolean;
    /** Some irrelevant retrieved chunk supports the claim. */
    supportedByIrrelevant: boolean;
}
/**
 * Noise sensitivity (RAGAS, irrelevant-context mode) = incorrect claims supported ONLY by irrelevant chunks
 * / all claims, in [0, 1]; LOWER is better (the generator was misled by noise).
 * Example: 4 claims, one incorrect and backed only by an irrelevant chunk -> 0.25. Zero claims -> 0.
 */
export declare function noiseSensitivity(claims: readonly NoiseClaim[]): number;
/** One answer claim with its citation markers. */
export interface CitedClaim {
    /** Markers the answer attached to the claim (`[2]` -> 2); repeats count once. */
    markers: readonly number[];
    /** Markers whose source supports the claim (from the judge). */
    supportingMarkers: readonly number[];
}
/**
 * Citation accuracy = correct markers / all markers, in [0, 1], where a marker is correct when its source
 * supports its claim, and a claim WITHOUT a marker counts as one wrong marker (an uncited claim is a citation
 * error, not a free pass). Arithmetic: numerator = sum over claims of |markers ∩ supporting|; denominator =
 * sum over claims of max(1, |markers|).
 * Example: claim A cites [1, 2], only 1 supports it; claim B cites nothing -> 1 / (2 + 1) = 0.333.
 * Zero claims -> 1.0 (nothing was cited wrongly).
 */
export declare function citationAccuracy(claims: readonly CitedClaim[]): number;
/** CRAG grades of an answer (Yang et al., 2024). */
export type CragGrade = 'perfect' | 'acceptable' | 'missing' | 'incorrect';
/** Score of each {@link CragGrade}: a wrong answer costs more than saying "I don't know". */
export declare const CRAG_GRADE_SCORES: Readonly<Record<CragGrade, number>>;
/**
 * CRAG truthfulness = mean grade score (+1 perfect, +0.5 acceptable, 0 missing, -1 incorrect), in [-1, 1].
 * Example: [perfect, missing, incorrect, acceptable] -> (1 + 0 - 1 + 0.5) / 4 = 0.125. No grades -> 0.
 */
export declare function cragTruthfulness(grades: readonly CragGrade[]): number;
