/**
 * Recognising an abstention in any answer text: the reference pipeline's fixed sentence, a model's own
 * phrasing, or an external system's. Used by the harness's `toAbstain` matcher and the heuristic judge.
 */
/** The sentence the extractive generator (and the answer prompt) uses to decline. */
export declare const ABSTENTION_TEXT = "I can't answer that from the available sources.";
/**
 * Whether `text` is an abstention: empty or whitespace-only (the system said nothing), or its first
 * sentence matches one of the decline phrasings, or (for an answer citing nothing) its second sentence does
 * ("Thanks for asking. I can't find that in the sources."). A cited answer that states facts and then adds
 * "the sources do not cover X" is an answer, not an abstention.
 */
export declare function isAbstention(text: string | undefined): boolean;
