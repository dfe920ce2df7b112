/**
 * Recognising an abstention in any answer text: the reference pipeline's fixed sentence, a model's own
 * phrasing, or an external system's. Used by the harness's `toAbstain` matcher and the heuristic judge.
 */
/** The sentence the extractive generator (and the answer prompt) uses to decline. */
export const ABSTENTION_TEXT = "I can't answer that from the available sources.";
/**
 * Phrasings of "the sources do not hold the answer". Each names the missing thing (the sources, the
 * context, the information, the documentation) so an answer that merely contains "cannot" ("You cannot
 * delete an owner account [1].") is not taken for an abstention.
 */
const ABSTENTION_PATTERNS = [
    /\b(?:can ?not|can't|could not|couldn't|unable to|not able to)\s+(?:answer|find|locate|determine|tell|say|help with|confirm)\b[^.?!]{0,80}\b(?:sources?|context|documentation|docs|information|knowledge base|provided|available)\b/,
    /\b(?:sources?|context|documentation|docs|knowledge base)\s+(?:provided\s+)?(?:do(?:es)?n't|do(?:es)? not|don't)\s+(?:contain|mention|cover|include|say|provide|answer|address|specify|have)\b/,
    /\b(?:no|not enough|insufficient|no relevant)\s+(?:relevant\s+)?information\b[^.?!]{0,60}\b(?:sources?|context|documentation|about|on|to answer)\b/,
    /\bnot (?:covered|mentioned|addressed|documented|found|specified) in the (?:provided |available |given )?(?:sources?|context|documentation|docs)\b/,
    /^(?:sorry[,.]?\s*)?i (?:do not|don't) know\b/,
    /\bi (?:do not|don't) have (?:enough |any |the |access to (?:that |this |the )?)?(?:information|details|data|sources?)\b/,
    /\b(?:there is|there's) no (?:mention|information|documentation|record) (?:of|about|on|regarding)\b/,
];
/**
 * Whether `text` is an abstention: empty or whitespace-only (the system said nothing), or its first
 * sentence matches one of the decline phrasings, or (for an answer citing nothing) its second sentence does
 * ("Thanks for asking. I can't find that in the sources."). A cited answer that states facts and then adds
 * "the sources do not cover X" is an answer, not an abstention.
 */
export function isAbstention(text) {
    if (text === undefined)
        return true;
    const normalised = text.normalize('NFKC').replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim().toLowerCase();
    if (normalised === '')
        return true;
    const sentences = normalised.split(/(?<=[.!?])\s+/);
    const looked = /\[\d+\]/.test(normalised) ? sentences.slice(0, 1) : sentences.slice(0, 2);
    return looked.some((sentence) => ABSTENTION_PATTERNS.some((p) => p.test(sentence)));
}
//# sourceMappingURL=abstention.js.map