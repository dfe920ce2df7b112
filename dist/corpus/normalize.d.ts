/**
 * Text normalisation, the one place it happens: every loader and every fingerprint goes through
 * {@link normalizeText}, so offsets and hashes agree whatever the editor or OS that wrote the file.
 */
/**
 * Normalises text: strips a leading byte-order mark, turns CRLF and lone CR into LF, and applies Unicode
 * NFC (so `é` typed as `e` + combining accent and as one code point hash and match the same).
 * Trailing whitespace is kept: span offsets must not move.
 */
export declare function normalizeText(text: string): string;
