/** What kind of sentence a claim is. */
export type ClaimKind = 'fact' | 'conflict_note';
/** One claim as split from the answer, before judging. */
export interface SplitClaim {
    /** The sentence without its markers. */
    text: string;
    markers: number[];
    kind: ClaimKind;
}
/** The answer split into claims, with the sentences set aside as abstentions. */
export interface SplitAnswer {
    claims: SplitClaim[];
    abstentionSentences: string[];
}
/** Markers in `text`, in order of appearance, deduplicated: `a [2] b [1, 2]` -> `[2, 1]`. */
export declare function extractMarkers(text: string): number[];
/** True when a sentence is a conflict note: it reports what an older or disagreeing source says. */
export declare function isConflictNote(sentence: string): boolean;
/**
 * Splits `answer` into claims. Example: `Seats cost $10 [1]. Note: older docs said $8 [2].` ->
 * `[{ text: 'Seats cost $10.', markers: [1], kind: 'fact' }, { text: 'Note: older docs said $8.', markers: [2],
 * kind: 'conflict_note' }]`.
 */
export declare function splitClaims(answer: string): SplitAnswer;
