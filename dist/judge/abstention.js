/**
 * Sentence-level abstention detection: does ONE sentence decline to answer?
 *
 * Whole answers are classified by the shared detector `isAbstention` in `src/generation/abstention.ts` (the
 * same one the pipeline and the `toAbstain` matcher use). The judge additionally needs to drop a declining
 * sentence inside an otherwise factual answer ("The docs do not say when. Seats cost $12 [1].") before it
 * splits claims, because such a sentence asserts nothing about the world.
 */
/** Phrases that mark a sentence as declining to answer. Matched case-insensitively. */
export const ABSTENTION_PATTERNS = [
    /\bi (?:do not|don['’]t) know\b/i,
    /\b(?:i|we) (?:cannot|can['’]t|could not|couldn['’]t|am unable to|am not able to|was unable to) (?:answer|find|determine|say|tell|confirm|locate|provide)\b/i,
    /\bunable to (?:answer|find|determine)\b/i,
    /\b(?:the )?(?:provided |given |available |retrieved )?(?:context|sources?|documents?|documentation|passages?|information)(?: provided)? (?:does not|doesn['’]t|do not|don['’]t|did not) (?:contain|include|mention|say|provide|cover|specify|state|answer|address)\b/i,
    /\b(?:there is|there['’]s|i have|i found) (?:no|not enough|insufficient) (?:relevant )?(?:information|context|evidence|data|details)\b/i,
    /\b(?:not enough|insufficient) (?:information|context|evidence)\b/i,
    /\bno (?:information|mention|details?) (?:about|on|of|regarding)\b/i,
    /\b(?:is|are) not (?:mentioned|covered|specified|addressed|stated) in the (?:provided |given )?(?:context|sources?|documents?|documentation)\b/i,
    /\boutside (?:the scope|my knowledge)\b/i,
];
/** True when `sentence` declines to answer (matches one of {@link ABSTENTION_PATTERNS}). */
export function isAbstentionSentence(sentence) {
    return ABSTENTION_PATTERNS.some((p) => p.test(sentence));
}
//# sourceMappingURL=abstention.js.map