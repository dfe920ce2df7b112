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
import { foldForMatching } from '../shared/text/normalize.ts'
import { SEARCH_PART, SEARCH_TOKEN, stemSearch as stemS } from '../shared/text/tokens.ts'

// The `search` analyzer's stemmer lives with the family's other stemmers; its name here is kept for callers.
export { stemSearch as stemS } from '../shared/text/tokens.ts'

/** Which stemmer runs on alphabetic tokens. `s`: Harman's S stemmer (plural folding only). */
export type Stemmer = 'none' | 's'

/** Analyzer configuration. Part of every index cache key. */
export interface AnalyzerOptions {
  /** Emit joined identifiers (`err-4012`) as tokens besides their parts. Default true. */
  identifiers: boolean
  /** Drop {@link englishStopWords}. Default true. */
  stopWords: boolean
  /** Stemmer for alphabetic tokens. Default `'s'`. */
  stemmer: Stemmer
}

/** Default analyzer: identifiers kept, English stop words dropped, S stemmer. */
export const defaultAnalyzerOptions: AnalyzerOptions = Object.freeze({
  identifiers: true,
  stopWords: true,
  stemmer: 's',
})

/** Plain analyzer: lowercased letter/digit runs only (equals `[a-z0-9]+` on ASCII text). */
export const plainAnalyzerOptions: AnalyzerOptions = Object.freeze({
  identifiers: false,
  stopWords: false,
  stemmer: 'none',
})

/** A small English stop word list (articles, pronouns, auxiliaries, prepositions, conjunctions). */
export const englishStopWords: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it its ' +
    'me my no not of on or our she so than that the their them then there these they this those to too us was we were ' +
    'what when where which who whom why will with would you your'
  ).split(' '),
)

// A run of letters/digits, optionally continued by joiner + run with no whitespace in between (the
// tokenizer family's `search` shapes, src/shared/text/tokens.ts).
const tokenPattern = SEARCH_TOKEN
const partPattern = SEARCH_PART
const alphabetic = /^\p{L}+$/u
const joiner = /[-_./:]/

/**
 * Turns text into index terms, in text order (duplicates kept: term frequency matters).
 * Example with defaults: `"Error ERR-4012 on invoices"` -> `['error', 'err-4012', 'err', '4012', 'invoice']`.
 */
export function analyze(text: string, options: AnalyzerOptions = defaultAnalyzerOptions): string[] {
  const out: string[] = []
  const normalized = foldForMatching(text)
  const pattern = options.identifiers ? tokenPattern : partPattern
  // match() with /g returns the matched strings only (no match object per token): the build's hot path.
  const tokens = normalized.match(pattern)
  if (!tokens) return out
  const plain = !options.identifiers && !options.stopWords && options.stemmer !== 's'
  if (plain) return tokens
  for (const token of tokens) {
    if (options.identifiers && joiner.test(token)) {
      out.push(token)
      for (const part of token.match(partPattern) ?? []) pushTerm(out, part, options)
    } else {
      pushTerm(out, token, options)
    }
  }
  return out
}

function pushTerm(out: string[], term: string, options: AnalyzerOptions): void {
  if (options.stopWords && englishStopWords.has(term)) return
  if (options.stemmer === 's' && alphabetic.test(term)) out.push(stemS(term))
  else out.push(term)
}
