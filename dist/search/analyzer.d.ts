/**
 * The text analyzer shared by indexing and querying: normalisation, tokenisation that keeps identifiers,
 * optional stop words and optional light stemming. Pure and deterministic.
 *
 * Pipeline, in order:
 * 1. Unicode NFKC (so `ﬁ` -> `fi`, full-width digits -> ASCII), then `toLowerCase()`. `toLowerCase` applies the
 *    locale-independent Unicode default case mapping, which is what `toLocaleLowerCase('und')` means; we avoid the
 *    locale call so a Turkish host locale can never turn `I` into dotless `ı`.
 * 2. Tokens are runs of letters/digits (`\p{L}\p{N}`, combining marks kept). When runs are joined by `-`, `_`, `.`,
 *    `/` or `:` with no space (`ERR-4012`, `SKU_88-X`, `v4.2.1`) the whole identifier is emitted as one token AND
 *    each part is emitted too (`err-4012`, `err`, `4012`), so an exact identifier query ranks the exact match first
 *    while a query for a part still finds it.
 * 3. Stop words (a small English list, {@link englishStopWords}) are dropped; identifiers are never dropped.
 * 4. Light stemming: Harman's "S stemmer" (1991) on purely alphabetic tokens: `-ies` -> `-y`, `-es` -> `-e`,
 *    `-s` -> `` with its exceptions. It only folds plurals, which is what English support docs need (`invoices`
 *    matches `invoice`) without Porter's over-stemming of product words (`billing` stays `billing`).
 *
 * Default ({@link defaultAnalyzerOptions}): identifiers on, stop words on, S stemmer on. {@link plainAnalyzerOptions}
 * is the classic IR baseline (letters/digits runs, nothing else), used for the Cranfield reference check.
 */
/** Which stemmer runs on alphabetic tokens. `s`: Harman's S stemmer (plural folding only). */
export type Stemmer = 'none' | 's';
/** Analyzer configuration. Part of every index cache key. */
export interface AnalyzerOptions {
    /** Emit joined identifiers (`err-4012`) as tokens besides their parts. Default true. */
    identifiers: boolean;
    /** Drop {@link englishStopWords}. Default true. */
    stopWords: boolean;
    /** Stemmer for alphabetic tokens. Default `'s'`. */
    stemmer: Stemmer;
}
/** Default analyzer: identifiers kept, English stop words dropped, S stemmer. */
export declare const defaultAnalyzerOptions: AnalyzerOptions;
/** Plain analyzer: lowercased letter/digit runs only (equals `[a-z0-9]+` on ASCII text). */
export declare const plainAnalyzerOptions: AnalyzerOptions;
/** A small English stop word list (articles, pronouns, auxiliaries, prepositions, conjunctions). */
export declare const englishStopWords: ReadonlySet<string>;
/**
 * Harman's S stemmer: `ies` -> `y` (not after `e`/`a`), `es` -> `e` (not after `a`/`e`/`o`), `s` -> `` (not after
 * `u`/`s`). Words of 3 characters or fewer are left alone (`gas`, `bus`, `its`).
 * Example: `invoices` -> `invoice`, `policies` -> `policy`, `status` -> `status`, `access` -> `access`.
 */
export declare function stemS(word: string): string;
/** Lowercases and NFKC-normalises text the way {@link analyze} does before tokenising. */
export declare function normalizeText(text: string): string;
/**
 * Turns text into index terms, in text order (duplicates kept: term frequency matters).
 * Example with defaults: `"Error ERR-4012 on invoices"` -> `['error', 'err-4012', 'err', '4012', 'invoice']`.
 */
export declare function analyze(text: string, options?: AnalyzerOptions): string[];
