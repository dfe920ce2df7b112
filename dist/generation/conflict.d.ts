/**
 * The conflict rule, deterministic half: when two shown sources state different values for the same thing,
 * the newer source (by date, then version) wins and the answer says the older one disagrees. Pure.
 *
 * "The same thing" is judged by value mentions: a number followed by its unit word (`5 seats`, `90 days`,
 * `1,200 requests`, `30-day`, `25%`). Two relevant sentences from sources of different recency that mention
 * the same unit with different numbers conflict, e.g. a doc's "The Team plan includes 3 seats." and a later
 * changelog entry's "The Team plan seat limit was raised from 3 to 5 seats." (unit `seat`: 3 vs 5).
 */
import type { Chunk } from '../corpus/types.js';
/** A number with its unit as written in a sentence. */
export interface ValueMention {
    /** The number without thousands separators, e.g. `1200`. */
    value: string;
    /** Stemmed unit word (`seat`, `day`, `request`), `%` or `$`. */
    unit: string;
    /** The mention as written, e.g. `1,200 requests` (used in the disagreement note). */
    surface: string;
    /**
     * True when the sentence itself marks the value as the old one ("instead of 90 days", "up from 60
     * requests", "previously 3 seats", "from 3 to 5 seats"): it is not the sentence's current value.
     */
    superseded: boolean;
}
/**
 * The value mentions of a sentence: numbers with a unit (`5 seats`, `$49`, `99.9%`) and ISO dates (unit
 * `date`, e.g. a removal date); bare numbers, versions and identifiers are skipped.
 */
export declare function findValueMentions(sentence: string): ValueMention[];
/** The recency fields of a source. */
export type Dated = Pick<Chunk, 'date' | 'version'>;
/**
 * Orders two sources by recency: positive when `a` is newer. Dates (ISO `YYYY-MM-DD`) compare first; a dated
 * source counts as newer than an undated one, because in a help-desk corpus the undated pages are the docs,
 * which lag behind the dated changelog. Then versions compare numerically part by part (`4.10.0 > 4.9.2`).
 * 0 when neither tells them apart.
 */
export declare function compareRecency(a: Dated, b: Dated): number;
/** Numeric part-by-part version comparison (`v4.10.0` vs `4.9.2` -> positive); non-numeric parts compare as text. */
export declare function compareVersions(a: string, b: string): number;
/** A sentence the conflict check looks at. */
export interface ConflictCandidate {
    /** Index of the sentence in the caller's list. */
    id: number;
    /** Stemmed content terms of the sentence. */
    terms: ReadonlySet<string>;
    mentions: ValueMention[];
    source: Dated;
    /** Relevance to the question in [0, 1] (a change statement must be at least as relevant as what it supersedes). */
    score?: number;
    /** The source's kind: only a changelog entry can supersede by a change statement (see {@link findChangeConflicts}). */
    kind?: Chunk['kind'];
    text?: string;
}
/** Two sentences that disagree: `newer` wins, `older` is superseded. */
export interface Conflict {
    newer: number;
    older: number;
    /** The older sentence's mention that the newer source contradicts, and the newer value for it (absent for a change statement). */
    oldMention?: ValueMention;
    newMention?: ValueMention;
}
/**
 * Conflicts without numbers: a changelog sentence that states a change ("SMS codes can no longer be used",
 * "X is now ...", "... was renamed") supersedes a sentence of an older, non-changelog source about the same
 * thing (sharing at least two of `topicTerms`, and no more relevant to the question than the change), e.g. a
 * doc page still describing SMS codes. Only changelog
 * entries qualify, because stating a change is what they are for; a ticket saying "now works" is not one.
 * A sentence with value mentions is left to {@link findConflicts}: "the rate limit is raised from 120 to
 * 300 requests" does not make every older sentence about rate limits stale.
 */
export declare function findChangeConflicts(candidates: readonly ConflictCandidate[], topicTerms: ReadonlySet<string>): Conflict[];
/** The query's content terms and their weights: what "talking about the same thing" is measured in. */
export interface ConflictTopic {
    terms: readonly string[];
    weights: readonly number[];
}
/**
 * Finds disagreeing pairs among relevant sentences: sentence O from an older source and N from a strictly
 * newer one, where
 * - they share a unit, N states a current value for it, and O's current value is not among N's; when N names
 *   any value it replaces ("instead of 90 days", "from 50 to 75 seats"), O's value must be one of those (else
 *   O talks about something else: "the default window is 7 days" vs "the longest window is now 180 days
 *   instead of 90 days", or the $49 price in "Flight now includes 8 seats instead of 5, at $49");
 * - they talk about the same thing: the query terms (other than the unit) both hold weigh at least half of
 *   the query terms N holds.
 * A ticket never supersedes: it reports one customer's situation, not the product's current facts.
 * Pairs are returned newest-first, then by the caller's order.
 */
export declare function findConflicts(candidates: readonly ConflictCandidate[], topic: ConflictTopic): Conflict[];
/**
 * Whether an answer states that its sources disagree (the second half of the conflict rule), in the
 * extractive generator's words ("older documentation [2] says 3 seats; the newer source [1] supersedes it")
 * or a model's ("the older docs say otherwise", "this has changed", "is outdated").
 */
export declare function statesDisagreement(text: string): boolean;
