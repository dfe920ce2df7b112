/**
 * The tokenizer family: one fold ({@link foldForMatching}), the token shapes of the three named analyzers
 * that split text into words, and their three stemmers ({@link stemSearch}, {@link stemPipeline},
 * {@link stemJudge}). Each analyzer keeps its own stop words beside its user, because each is tuned for its job:
 * - `search` (`src/search/analyzer.ts`): index terms; identifiers joined by `-_./:` are kept whole AND as parts.
 * - `pipeline` (`src/system/reference/terms.ts`): the reference pipeline's content terms; contractions stay one token
 *   and identifiers stay whole (`ERR-4012`, `/v2/export`).
 * - `judge` (`src/grading/judge/lexical.ts`): the heuristic judge's content words; identifiers are read separately as
 *   literals, so a word never spans a joiner.
 */
import { foldForMatching } from './normalize.ts'

const CURLY_APOSTROPHE = /’/g

/** Names of the analyzers in the family. */
export type AnalyzerName = 'search' | 'pipeline' | 'judge'

/** Letters, digits and combining marks joined by `-`, `_`, `.`, `/` or `:` with no space: `err-4012`, `v4.2.1`. */
export const SEARCH_TOKEN = /[\p{L}\p{N}\p{M}]+(?:[-_./:][\p{L}\p{N}\p{M}]+)*/gu
/** One run of letters, digits and combining marks: the parts of a {@link SEARCH_TOKEN}. */
export const SEARCH_PART = /[\p{L}\p{N}\p{M}]+/gu

/** The token shape of the analyzers that return plain word lists. */
const WORD_TOKEN: Record<Exclude<AnalyzerName, 'search'>, RegExp> = {
  pipeline: /[\p{L}\p{N}]+(?:['’][\p{L}]+)?(?:[-_./][\p{L}\p{N}]+)*/gu,
  judge: /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu,
}

/**
 * Folded tokens of `text` in order, as the `pipeline` or `judge` analyzer sees them (the `search` analyzer
 * emits identifier parts too: `analyze` in `src/search/analyzer.ts`). Curly apostrophes are straightened.
 * Example: `"Don’t renew ERR-4012"` -> pipeline `["don't", 'renew', 'err-4012']`, judge `["don't", 'renew', 'err', '4012']`.
 */
export function splitTokens(text: string, analyzer: Exclude<AnalyzerName, 'search'>): string[] {
  return foldForMatching(text).replace(CURLY_APOSTROPHE, "'").match(WORD_TOKEN[analyzer]) ?? []
}

/*
 * The family's three stemmers. They stem the same word differently (`policies`: search `policy`, pipeline
 * `polici`, judge `policy`; `billing`: `billing`, `bill`, `bill`), and each is tuned to its user, so they are not
 * merged: one stemmer for all would move search rankings, the pipeline's answers and the judge's scores.
 * - search: plurals only, so an index term never loses a product word's ending (`billing`, `pricing` stay).
 * - pipeline: plurals, -ing, -ed, a final -y/-e, so inflections of a query word meet in a sentence score;
 *   identifiers (digits or joiners) stay whole.
 * - judge: lowercases, a possessive, then ONE suffix (-ies, -ing, -ed or -s), so a claim's and a source's word
 *   forms meet without the pipeline's deeper cuts.
 */

/**
 * The `search` analyzer's stemmer, Harman's S stemmer: `ies` -> `y` (not after `e`/`a`), `es` -> `e` (not after
 * `a`/`e`/`o`), `s` -> `` (not after `u`/`s`). Words of 3 characters or fewer are left alone (`gas`, `bus`, `its`).
 * Expects a folded, purely alphabetic word (the analyzer checks).
 * Example: `invoices` -> `invoice`, `policies` -> `policy`, `status` -> `status`, `access` -> `access`.
 */
export function stemSearch(word: string): string {
  if (word.length <= 3) return word
  if (word.endsWith('ies') && !word.endsWith('eies') && !word.endsWith('aies')) return word.slice(0, -3) + 'y'
  if (word.endsWith('es') && !word.endsWith('aes') && !word.endsWith('ees') && !word.endsWith('oes'))
    return word.slice(0, -1)
  if (word.endsWith('s') && !word.endsWith('us') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

/**
 * The `pipeline` analyzer's stemmer, a light suffix stripper (a small subset of Porter's steps 1 and 5):
 * `seats -> seat`, `policies -> polici`, `included/includes/including/include -> includ`, `used/use -> us`.
 * Tokens holding a digit or a joiner (identifiers) are kept as they are, so `ERR-4012` never collides with
 * anything. Expects a lower-cased token.
 */
export function stemPipeline(token: string): string {
  if (/[\d\-_./]/.test(token) || token.length <= 2) return token
  let t = token
  if (t.endsWith("'s")) t = t.slice(0, -2)
  if (t.endsWith('sses')) t = t.slice(0, -2)
  else if (t.endsWith('ies') && t.length > 4) t = `${t.slice(0, -3)}i`
  else if (t.endsWith('s') && !t.endsWith('ss') && !t.endsWith('us') && !t.endsWith('is') && t.length > 3)
    t = t.slice(0, -1)
  if (t.endsWith('ing') && t.length > 5) t = t.slice(0, -3)
  else if (t.endsWith('ed') && !t.endsWith('eed') && t.length >= 4 && /[aeiouy]/.test(t.slice(0, -2)))
    t = t.slice(0, -2)
  if (t.endsWith('y') && t.length > 3) t = `${t.slice(0, -1)}i`
  if (t.endsWith('e') && t.length > 2) t = t.slice(0, -1)
  return t
}

// Made once: a regular expression literal is a new object each time it runs, and the judge stems per token.
const POSSESSIVE = /['’]s$/

/**
 * The `judge` analyzer's stemmer: lowercases, strips a possessive and one plural/verb suffix, so
 * `limits`/`limit`, `billed`/`bill` meet. Example: `policies` -> `policy`, `Billing` -> `bill`.
 */
export function stemJudge(word: string): string {
  let w = word.toLowerCase().replace(POSSESSIVE, '')
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3)
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2)
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1)
  return w
}
