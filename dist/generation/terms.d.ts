/**
 * Lexical helpers shared by the reference pipeline's deterministic parts (rewrite, gate evidence, extractive
 * answers): tokenising, a light stemmer, a stopword list and a sentence splitter. Pure.
 *
 * They are deliberately simple and predictable: the offline pipeline is a baseline whose every decision a
 * reader can recompute by hand, not a linguistics library.
 */
/**
 * Words that carry no topic: articles, pronouns, auxiliaries and question words. Removing them leaves the
 * "content terms" that coverage and sentence scores are computed over.
 */
export declare const STOPWORDS: ReadonlySet<string>;
/** Lower-cased tokens of `text` in order (NFKC-normalised, curly apostrophes straightened). */
export declare function tokenize(text: string): string[];
/**
 * A light suffix stripper (a small subset of Porter's steps 1 and 5): `seats -> seat`, `policies -> polici`,
 * `included/includes/including/include -> includ`, `used/use -> us`. Tokens holding a digit or a joiner (identifiers) are
 * kept as they are, so `ERR-4012` never collides with anything.
 */
export declare function stem(token: string): string;
/** Whether a lower-cased token is a stopword (or a lone character, which never names a topic). */
export declare function isStopword(token: string): boolean;
/** Stemmed content terms of `text`, in order, duplicates kept. */
export declare function contentTerms(text: string): string[];
/** The distinct stemmed content terms of `text`, in first-seen order. */
export declare function uniqueContentTerms(text: string): string[];
/**
 * Removes markdown syntax that would leak into an extracted sentence: list bullets and numbers at the start
 * of a line, emphasis markers and heading hashes. Code spans keep their text (identifiers live there).
 */
export declare function stripMarkdown(line: string): string;
/**
 * A label line: a markdown heading, the corpus loader's header of a changelog entry or ticket
 * (`CL-2025-014 (v4.2.0, 2025-06-01): Seat limit raised`, `TCK-1042 (2025-05-02, resolved): Title`) or a
 * `Tags:` line. Labels name what a source is about; they do not state facts.
 */
export declare function isLabelLine(line: string): boolean;
/**
 * Splits text into sentences. Lines are first joined into blocks: a paragraph's hard-wrapped lines join
 * into one, a list item (with its continuation lines) or a table row is a block of its own, and a blank
 * line, a heading or a label line ({@link isLabelLine}, skipped: it labels, it does not state) ends a block.
 * A block is then split after `.`, `!` or `?` followed by whitespace and an upper-case letter, digit, quote
 * or bracket; abbreviations like `e.g.` survive because the next word is lower-case.
 */
export declare function splitSentences(text: string): string[];
