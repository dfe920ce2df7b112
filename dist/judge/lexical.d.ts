/**
 * Lexical evidence for the heuristic judge: content words (lowercased, stop words dropped, lightly
 * stemmed), number and identifier literals, and the overlap of a claim with a source text.
 *
 * Why lexical: the offline judge must be deterministic and free. It cannot tell a paraphrase from a
 * contradiction, but it reliably catches the commonest faithfulness failure of a RAG answer: a name,
 * number or identifier that appears nowhere in the context.
 */
/** Lowercases, strips a possessive and a plural/verb suffix, so `limits`/`limit`, `billed`/`bill` meet. */
export declare function stem(word: string): string;
/** Word tokens of `text` (letters, digits, apostrophes), lowercased. */
export declare function wordTokens(text: string): string[];
/**
 * Content words of `text`: stemmed tokens minus stop words (and minus meta words when `dropMeta`).
 * Pure numbers are left to {@link numberLiterals}. Returned as a set (order-free overlap).
 */
export declare function contentWords(text: string, dropMeta?: boolean): Set<string>;
/** Number literals of `text` (`42`, `3.5`, `1,000` -> `1000`, `4.2.0`), as strings. */
export declare function numberLiterals(text: string): Set<string>;
/**
 * Identifier literals of `text`: tokens like `TCK-1042`, `max_seats`, `getUser`, `ERR_QUOTA`, and
 * backtick code spans. Lowercased. A claim that names one the source lacks is unsupported.
 */
export declare function identifierLiterals(text: string): Set<string>;
/** How a claim's words and literals are found in a source text. */
export interface LexicalSupport {
    /** Share of the claim's (novel) content words found in the source, in [0, 1]; 1 when it has none. */
    overlap: number;
    /** Claim literals (numbers, identifiers) missing from the source. */
    missingLiterals: string[];
    /** Claim content words found in the source. */
    matchedWords: string[];
}
/**
 * Measures how `source` supports `claim`. Words also in `query` are discounted when the claim has other
 * words: restating the question is no evidence, the NEW information must come from the source.
 * Example: claim "Seats cost 12 dollars", source "Each seat costs 10 dollars": words {seat, cost, dollar}
 * all found (overlap 3/3 = 1) but the literal `12` is missing, so the claim is unsupported.
 */
export declare function measureSupport(rawClaim: string, source: string, query?: string, dropMeta?: boolean): LexicalSupport;
