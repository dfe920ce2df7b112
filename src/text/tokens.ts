/**
 * The tokenizer family: one fold ({@link foldForMatching}) and the token shapes of the three named analyzers
 * that split text into words. Each analyzer keeps its own stop words and stemmer beside its user, because
 * each is tuned for its job:
 * - `search` (`src/search/analyzer.ts`): index terms; identifiers joined by `-_./:` are kept whole AND as parts.
 * - `pipeline` (`src/generation/terms.ts`): the reference pipeline's content terms; contractions stay one token
 *   and identifiers stay whole (`ERR-4012`, `/v2/export`).
 * - `judge` (`src/judge/lexical.ts`): the heuristic judge's content words; identifiers are read separately as
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
