/**
 * Text normalisation, the one place it happens: every loader and every fingerprint goes through
 * {@link normalizeText}, so offsets and hashes agree whatever the editor or OS that wrote the file.
 */
/**
 * Normalises text: strips a leading byte-order mark, turns CRLF and lone CR into LF, and applies Unicode
 * NFC (so `é` typed as `e` + combining accent and as one code point hash and match the same).
 * Trailing whitespace is kept: span offsets must not move.
 */
export function normalizeText(text) {
    const noBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    return noBom.replace(/\r\n?/g, '\n').normalize('NFC');
}
//# sourceMappingURL=normalize.js.map