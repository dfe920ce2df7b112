/**
 * The confidence gate: abstain when the retrieval evidence is too weak to answer from. Pure.
 *
 * Raw retrieval scores are not comparable across queries (a BM25 score grows with the query's length and
 * its terms' rarity; a cosine has its own scale), so the gate scores each retrieved chunk on a scale it
 * controls: the **idf-weighted coverage** of the query's content terms by the chunk (title, heading path and
 * text), in [0, 1]. A chunk holding every query term scores 1 whatever the query; a query about something the
 * tenant's corpus never mentions scores low because its rarest term (df = 0, the largest weight) is missing.
 *
 * Example: query "What is the seat limit on the Team plan?" -> terms seat (w 1.9), limit (w 1.2),
 * team (w 1.5), plan (w 0.6), total 5.2; a chunk holding seat, team, plan covers (1.9 + 1.5 + 0.6) / 5.2 =
 * 0.77 >= 0.55: answer, confidence 0.77.
 */
import { chunkSearchText, weightedCoverage } from "./term-stats.js";
import { uniqueContentTerms } from "./terms.js";
/** The gate's defaults (tuned on the bundled sample golden set; the tune experiment sweeps them). */
export const defaultGateConfig = Object.freeze({ minTopScore: 0.55, minMargin: 0, lookahead: 5 });
/** Scores each retrieved chunk by its weighted coverage of `query`. */
export function collectGateEvidence(query, hits) {
    return {
        queryTermCount: query.terms.length,
        hits: hits.map(({ chunk }) => ({
            chunkId: chunk.id,
            coverage: weightedCoverage(query, new Set(uniqueContentTerms(chunkSearchText(chunk)))),
        })),
    };
}
/**
 * Decides whether to answer. Abstains when there is no hit or no query term, when the best coverage among
 * the first `lookahead` hits is below `minTopScore`, or when it beats the runner-up by less than `minMargin`.
 * Example: coverages [0.5, 0.8, 0.2] with defaults -> top 0.8, margin 0.3, answer with confidence 0.8.
 */
export function evaluateGate(evidence, config = defaultGateConfig) {
    if (evidence.queryTermCount === 0)
        return { abstain: true, confidence: 0, reason: 'no_query_terms', topScore: 0, margin: 0 };
    const looked = evidence.hits.slice(0, Math.max(1, config.lookahead)).map((h) => h.coverage);
    if (looked.length === 0)
        return { abstain: true, confidence: 0, reason: 'no_hits', topScore: 0, margin: 0 };
    const sorted = [...looked].sort((a, b) => b - a);
    const topScore = clamp01(sorted[0] ?? 0);
    const margin = clamp01(topScore - (sorted[1] ?? 0));
    if (topScore < config.minTopScore)
        return { abstain: true, confidence: topScore, reason: 'weak_top', topScore, margin };
    if (margin < config.minMargin)
        return { abstain: true, confidence: topScore, reason: 'ambiguous', topScore, margin };
    return { abstain: false, confidence: topScore, reason: 'answer', topScore, margin };
}
function clamp01(x) {
    return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}
//# sourceMappingURL=gate.js.map