/**
 * Text normalisation, the one place it happens. Two steps with two names, because they answer two questions:
 * - {@link normalizeText}: is this the same document? Every loader and every fingerprint goes through it, so
 *   offsets and hashes agree whatever the editor or OS that wrote the file. Offsets never move.
 * - {@link foldForMatching}: do these two strings say the same words? The analyzer, the abstention detector
 *   and the generator's term extraction fold case and compatibility forms before they compare;
 *   {@link foldForLiteralMatch} also folds whitespace, for the literals a golden case names (`must_contain`,
 *   `forbidden_text`, `should_contain`).
 */

import { memoByText } from './text-memo.ts'

/**
 * Normalises text: strips a leading byte-order mark, turns CRLF and lone CR into LF, and applies Unicode
 * NFC (so `é` typed as `e` + combining accent and as one code point hash and match the same).
 * Trailing whitespace is kept: span offsets must not move.
 */
export function normalizeText(text: string): string {
  const noBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  return noBom.replace(/\r\n?/g, '\n').normalize('NFC')
}

/**
 * Folds text for matching: Unicode NFKC (`ﬁ` -> `fi`, full-width digits -> ASCII), then `toLowerCase()`, the
 * locale-independent Unicode default case mapping (a Turkish host locale never turns `I` into dotless `ı`).
 * Offsets may move (NFKC can change lengths): never use it on text whose spans are recorded.
 * Example: `"ＥＲＲ-４０１２ Ｉnvoice"` -> `"err-4012 invoice"`.
 */
export function foldForMatching(text: string): string {
  return text.normalize('NFKC').toLowerCase()
}

/**
 * Folds text for literal containment, as a reader reads it: {@link foldForMatching}, then every run of
 * whitespace (line breaks, tabs, the spaces NFKC makes of no-break spaces) as one space, trimmed. The hard
 * checks and `should_contain` compare a golden literal with an answer this way.
 * Example: `"Costs  $12\n per\u00a0SEAT "` -> `"costs $12 per seat"`. Memoised by text: the hard checks and
 * `should_contain` fold the same answer and the same golden literals.
 */
export const foldForLiteralMatch: (text: string) => string = memoByText((text) =>
  foldForMatching(text).replace(/\s+/g, ' ').trim(),
)

/**
 * Folds text for concept matching: {@link foldForLiteralMatch}, then diacritics removed (NFD, combining marks
 * dropped, NFC again), so `Café`, `CAFE` and `cafe\u0301` read alike. A concept names an entity, and users and
 * answers spell entities with or without accents; a literal (`must_contain`) keeps its accents. Memoised by text:
 * one case folds the same retrieved chunks and answer for every concept it lists.
 * Example: `"Crème  Brûlée\nERR-4012"` -> `"creme brulee err-4012"`.
 */
export const foldForConceptMatch: (text: string) => string = memoByText((text) =>
  foldForLiteralMatch(text)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC'),
)
