/**
 * The deterministic extractive generator: the offline answerer that runs with no API key. It answers with
 * the best-supported sentences of the shown sources, cites each as `[n]`, follows the conflict rule, and
 * abstains when no sentence is supported well enough. Pure.
 *
 * Sentence score: the idf-weighted fraction of the query's content terms the sentence holds, where a term
 * found only in the source's title, heading path or label lines (a changelog entry's or ticket's header
 * line), or, for a sentence opening with a pronoun ("It is deprecated..."), in the sentence before it, earns
 * `headingCredit` of its weight (a list item "Team: 5 seats" under "## Seat limits" is about seat limits).
 * Example: terms seat (w 2), team (w 1), plan (w 1); sentence "Team: 5 seats" under heading "Plans" ->
 * (2 + 1 + 0.5 x 1) / 4 = 0.875.
 *
 * The answer: the best sentence, then up to `maxSentences - 1` more reaching `relativeFloor` of its score
 * (near-duplicates skipped), each followed by its `[n]`; a ticket's "Symptom:" sentence is replaced by the
 * ticket's "Cause:"/"Fix:" sentences; a sentence that a newer source contradicts is replaced by the newer
 * one and a note names both (see `conflict.ts`).
 */
import type { Chunk } from '../corpus/types.js';
import type { WeightedQuery } from './term-stats.js';
/** Knobs of the extractive generator; scores are ratios in [0, 1]. */
export interface ExtractiveConfig {
    /** Most sentences in an answer (before the conflict note). Default 2. */
    maxSentences: number;
    /** A sentence needs at least this score to be used; none reaching it -> abstain. Default 0.4. */
    minSentenceScore: number;
    /** Extra sentences need at least this fraction of the best sentence's score. Default 0.75. */
    relativeFloor: number;
    /** Credit for a query term found only in the source's title or heading path. Default 0.5. */
    headingCredit: number;
    /**
     * A sentence at least this relevant takes part in the conflict check (one of a disagreeing pair must
     * still reach `minSentenceScore`): a changelog entry often words the change differently from the doc it
     * supersedes. Default 0.3.
     */
    minConflictScore: number;
}
/** The extractive generator's defaults. */
export declare const defaultExtractiveConfig: ExtractiveConfig;
/** A source shown to the generator under `[marker]`. */
export interface ExtractiveSource {
    marker: number;
    chunk: Pick<Chunk, 'text' | 'title' | 'headingPath' | 'date' | 'version' | 'kind'>;
}
/** One sentence the answer used. */
export interface ExtractedSentence {
    marker: number;
    text: string;
    score: number;
}
/** The extractive generator's answer. */
export interface ExtractiveAnswer {
    text: string;
    abstained: boolean;
    /** The sentences chosen, in answer order (a ticket's symptom sentence stands for its cause/fix lines). */
    sentences: ExtractedSentence[];
    /** Distinct markers cited, ascending. */
    citedMarkers: number[];
    /** The conflicts stated in the answer's notes (the newer marker wins; `oldValue`/`newValue` empty for a change statement). */
    conflicts: Array<{
        newerMarker: number;
        olderMarkers: number[];
        oldValue: string;
        newValue: string;
    }>;
}
/** Answers `query` from `sources` (see the module doc), or abstains with {@link ABSTENTION_TEXT}. */
export declare function generateExtractive(query: WeightedQuery, sources: readonly ExtractiveSource[], config?: ExtractiveConfig): ExtractiveAnswer;
