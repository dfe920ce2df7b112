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
export function faithfulness(claims) {
    if (claims.length === 0)
        return 1;
    return claims.filter((claim) => claim.supported).length / claims.length;
}
/**
 * Context precision (rank-aware) = mean of precision@i over the ranks i that hold a relevant chunk, in [0, 1].
 * Example: [true, false, true] -> (1/1 + 2/3) / 2 = 0.833; [false, true] -> (1/2) / 1 = 0.5.
 * No relevant chunk -> 0.
 */
export function contextPrecision(relevanceByRank) {
    let relevantSoFar = 0;
    let sum = 0;
    relevanceByRank.forEach((relevant, i) => {
        if (!relevant)
            return;
        relevantSoFar++;
        sum += relevantSoFar / (i + 1);
    });
    return relevantSoFar === 0 ? 0 : sum / relevantSoFar;
}
/**
 * Context recall = claims of the REFERENCE answer attributable to the retrieved context / reference claims.
 * Example: 4 reference claims, 3 attributed -> 0.75. No reference claims -> 1.0 (nothing to recall, as recall@k).
 */
export function contextRecall(referenceClaims) {
    if (referenceClaims.length === 0)
        return 1;
    return referenceClaims.filter((claim) => claim.attributed).length / referenceClaims.length;
}
/**
 * Answer relevance = mean of the given scores, each clamped to [0, 1]. Pass either the cosine similarities
 * between the question and the questions generated back from the answer (RAGAS), or a single judge verdict
 * as a one-element array. Example: [0.9, 0.7, -0.1] -> (0.9 + 0.7 + 0) / 3 = 0.533. No scores -> 0
 * (a noncommittal answer that yields no question is not relevant).
 */
export function answerRelevance(scores) {
    if (scores.length === 0)
        return 0;
    let sum = 0;
    for (const score of scores)
        sum += Math.min(1, Math.max(0, score));
    return sum / scores.length;
}
/**
 * Noise sensitivity (RAGAS, irrelevant-context mode) = incorrect claims supported ONLY by irrelevant chunks
 * / all claims, in [0, 1]; LOWER is better (the generator was misled by noise).
 * Example: 4 claims, one incorrect and backed only by an irrelevant chunk -> 0.25. Zero claims -> 0.
 */
export function noiseSensitivity(claims) {
    if (claims.length === 0)
        return 0;
    const misled = claims.filter((c) => !c.correct && c.supportedByIrrelevant && !c.supportedByRelevant).length;
    return misled / claims.length;
}
/**
 * Citation accuracy = correct markers / all markers, in [0, 1], where a marker is correct when its source
 * supports its claim, and a claim WITHOUT a marker counts as one wrong marker (an uncited claim is a citation
 * error, not a free pass). Arithmetic: numerator = sum over claims of |markers ∩ supporting|; denominator =
 * sum over claims of max(1, |markers|).
 * Example: claim A cites [1, 2], only 1 supports it; claim B cites nothing -> 1 / (2 + 1) = 0.333.
 * Zero claims -> 1.0 (nothing was cited wrongly).
 */
export function citationAccuracy(claims) {
    if (claims.length === 0)
        return 1;
    let correct = 0;
    let total = 0;
    for (const claim of claims) {
        const markers = new Set(claim.markers);
        const supporting = new Set(claim.supportingMarkers);
        for (const marker of markers)
            if (supporting.has(marker))
                correct++;
        total += Math.max(1, markers.size);
    }
    return correct / total;
}
/** Score of each {@link CragGrade}: a wrong answer costs more than saying "I don't know". */
export const CRAG_GRADE_SCORES = {
    perfect: 1,
    acceptable: 0.5,
    missing: 0,
    incorrect: -1,
};
/**
 * CRAG truthfulness = mean grade score (+1 perfect, +0.5 acceptable, 0 missing, -1 incorrect), in [-1, 1].
 * Example: [perfect, missing, incorrect, acceptable] -> (1 + 0 - 1 + 0.5) / 4 = 0.125. No grades -> 0.
 */
export function cragTruthfulness(grades) {
    if (grades.length === 0)
        return 0;
    let sum = 0;
    for (const grade of grades)
        sum += CRAG_GRADE_SCORES[grade];
    return sum / grades.length;
}
//# sourceMappingURL=answer.js.map