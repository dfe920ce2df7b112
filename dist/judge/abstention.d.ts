/**
 * Sentence-level abstention detection: does ONE sentence decline to answer?
 *
 * Whole answers are classified by the shared detector `isAbstention` in `src/generation/abstention.ts` (the
 * same one the pipeline and the `toAbstain` matcher use). The judge additionally needs to drop a declining
 * sentence inside an otherwise factual answer ("The docs do not say when. Seats cost $12 [1].") before it
 * splits claims, because such a sentence asserts nothing about the world.
 */
/** Phrases that mark a sentence as declining to answer. Matched case-insensitively. */
export declare const ABSTENTION_PATTERNS: readonly RegExp[];
/** True when `sentence` declines to answer (matches one of {@link ABSTENTION_PATTERNS}). */
export declare function isAbstentionSentence(sentence: string): boolean;
