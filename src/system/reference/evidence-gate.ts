/**
 * The evidence gate of the reference pipeline: abstain when the retrieval evidence is too weak to answer from.
 * Pure. Not the CI gate (`evaluateGate` in `src/report/gate/evaluate.ts` decides whether a run passes).
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
import { chunkContentTerms, weightedCoverage, type WeightedQuery } from './term-stats.ts'
import type { Chunk } from '../../corpus/types.ts'

/** Thresholds of the gate; every score is a ratio in [0, 1]. */
export interface EvidenceGateConfig {
  /**
   * Abstain when the best chunk's coverage is below this. Default 0.55: on the bundled sample golden set the
   * highest must-abstain case reaches 0.517 and the lowest answerable one 0.606; 0.55 sits between them.
   */
  minTopScore: number
  /**
   * Abstain when the best coverage beats the runner-up's by less than this (an ambiguous retrieval).
   * Default 0 (off): on a help-desk corpus a tie usually means a doc and its changelog entry both hold the
   * answer, which the conflict rule handles, not a reason to abstain.
   */
  minMargin: number
  /** How many top retrieved chunks the gate looks at (the best of them counts). Default 5. */
  lookahead: number
}

/** The gate's defaults (tuned on the bundled sample golden set; the tune experiment sweeps them). */
export const defaultEvidenceGateConfig: EvidenceGateConfig = Object.freeze({
  minTopScore: 0.55,
  minMargin: 0,
  lookahead: 5,
})

/** What the gate decides from. */
export interface GateEvidence {
  /** Number of distinct content terms in the query (0 -> nothing to match, abstain). */
  queryTermCount: number
  /** Retrieved chunks in rank order, each with its coverage in [0, 1]. */
  hits: Array<{ chunkId: string; coverage: number }>
}

/** Why the gate decided as it did. */
export type EvidenceGateReason = 'answer' | 'no_hits' | 'no_query_terms' | 'weak_top' | 'ambiguous'

/** The gate's decision. `confidence` is the best coverage in [0, 1], also returned for risk-coverage. */
export interface EvidenceGateDecision {
  abstain: boolean
  confidence: number
  reason: EvidenceGateReason
  /** Best and runner-up coverage among the looked-at hits (runner-up 0 when there is one hit). */
  topScore: number
  margin: number
}

/** Scores each retrieved chunk by its weighted coverage of `query`. */
export function collectGateEvidence(
  query: WeightedQuery,
  hits: ReadonlyArray<{ chunk: Pick<Chunk, 'id' | 'title' | 'headingPath' | 'text'> }>,
): GateEvidence {
  return {
    queryTermCount: query.terms.length,
    hits: hits.map(({ chunk }) => ({
      chunkId: chunk.id,
      coverage: weightedCoverage(query, chunkContentTerms(chunk)),
    })),
  }
}

/**
 * Decides whether to answer. Abstains when there is no hit or no query term, when the best coverage among
 * the first `lookahead` hits is below `minTopScore`, or when it beats the runner-up by less than `minMargin`.
 * Example: coverages [0.5, 0.8, 0.2] with defaults -> top 0.8, margin 0.3, answer with confidence 0.8.
 */
export function evaluateEvidenceGate(
  evidence: GateEvidence,
  config: EvidenceGateConfig = defaultEvidenceGateConfig,
): EvidenceGateDecision {
  if (evidence.queryTermCount === 0)
    return { abstain: true, confidence: 0, reason: 'no_query_terms', topScore: 0, margin: 0 }
  const looked = evidence.hits.slice(0, Math.max(1, config.lookahead)).map((h) => h.coverage)
  if (looked.length === 0) return { abstain: true, confidence: 0, reason: 'no_hits', topScore: 0, margin: 0 }
  const sorted = [...looked].sort((a, b) => b - a)
  const topScore = clamp01(sorted[0] ?? 0)
  const margin = clamp01(topScore - (sorted[1] ?? 0))
  if (topScore < config.minTopScore)
    return { abstain: true, confidence: topScore, reason: 'weak_top', topScore, margin }
  if (margin < config.minMargin) return { abstain: true, confidence: topScore, reason: 'ambiguous', topScore, margin }
  return { abstain: false, confidence: topScore, reason: 'answer', topScore, margin }
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0
}
