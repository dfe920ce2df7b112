/**
 * Lexical evidence for the heuristic judge: content words (lowercased, stop words dropped, lightly
 * stemmed), number, identifier and name literals. How a claim's evidence is found in a source text is
 * `support.ts`.
 *
 * Why lexical: the offline judge must be deterministic and free. It cannot tell a paraphrase from a
 * contradiction, but it reliably catches the commonest faithfulness failure of a RAG answer: a name,
 * number or identifier that appears nowhere in the context.
 */
import { splitTokens, stemJudge as stem } from '../../shared/text/tokens.ts'

// The `judge` analyzer's stemmer lives with the family's other stemmers; its name here is kept for callers.
export { stemJudge as stem } from '../../shared/text/tokens.ts'

// Patterns used per token or per match, made once (a regular expression literal is a new object each time it runs).
const DIGITS = /^\d+$/
const GROUPED_NUMBER = /^\d{1,3}(,\d{3})+(\.\d+)?$/
const THOUSANDS_SEPARATOR = /,/g
const TRAILING_PUNCTUATION = /[.,]$/
const DIGIT_OR_UNDERSCORE = /[\d_]/
const CAPITAL_WITH_JOINER = /[A-Z].*[-_]|[-_].*[A-Z]{2}/

/** Common English function words: they carry no evidence either way. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each either else ever few for from further had ' +
    'has have having he her here hers herself him himself his how however i if in into is it its itself just ' +
    'least less let like made make many may me might more most much must my myself neither no nor not now of off ' +
    'on once one only or other our ours ourselves out over own per rather same shall she should since so some ' +
    'such than that the their theirs them themselves then there these they this those though through thus to too ' +
    'under until up upon us use used using very via was we were what when where whether which while who whom ' +
    'whose why will with within without would yes yet you your yours yourself yourselves ' +
    "it's that's there's don't doesn't isn't aren't wasn't weren't can't cannot won't"
  ).split(/\s+/),
)

/** Words of conflict notes and attributions ("Note: older documentation says ..."), not facts. */
const META_WORDS: ReadonlySet<string> = new Set(
  (
    'note older old earlier previous previously outdated former newer newest latest current currently ' +
    'documentation docs doc document documents source sources changelog version release according say says said ' +
    'state states stated mention mentions mentioned disagree disagrees conflict conflicts instead however ' +
    'updated update replaced superseded supersedes supersede otherwise instead newer wins win now'
  ).split(/\s+/),
)

/** Word tokens of `text` (letters, digits, apostrophes), folded: the tokenizer family's `judge` analyzer. */
export function wordTokens(text: string): string[] {
  return splitTokens(text, 'judge')
}

/**
 * Content words of `text`: stemmed tokens minus stop words (and minus meta words when `dropMeta`).
 * Pure numbers are left to {@link numberLiterals}. Returned as a set (order-free overlap).
 */
export function contentWords(text: string, dropMeta = false): Set<string> {
  const out = new Set<string>()
  for (const token of wordTokens(text)) {
    if (STOP_WORDS.has(token) || DIGITS.test(token)) continue
    const stemmed = stem(token)
    if (dropMeta && (META_WORDS.has(token) || META_WORDS.has(stemmed))) continue
    out.add(stemmed)
  }
  return out
}

/** Normalises a number literal: thousands separators dropped (`1,000` -> `1000`), trailing `.0`s kept. */
function normaliseNumber(raw: string): string {
  return GROUPED_NUMBER.test(raw) ? raw.replace(THOUSANDS_SEPARATOR, '') : raw
}

/** Number literals of `text` (`42`, `3.5`, `1,000` -> `1000`, `4.2.0`), as strings. */
export function numberLiterals(text: string): Set<string> {
  const out = new Set<string>()
  for (const m of text.matchAll(/\d+(?:[.,]\d+)*/g)) out.add(normaliseNumber(m[0].replace(TRAILING_PUNCTUATION, '')))
  return out
}

/**
 * Identifier literals of `text`: tokens like `TCK-1042`, `max_seats`, `getUser`, `ERR_QUOTA`, and
 * backtick code spans. Lowercased. A claim that names one the source lacks is unsupported.
 */
export function identifierLiterals(text: string): Set<string> {
  const out = new Set<string>()
  for (const m of text.matchAll(/`([^`\n]+)`/g)) out.add((m[1] ?? '').trim().toLowerCase())
  for (const m of text.matchAll(/[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)+/g)) {
    if (DIGIT_OR_UNDERSCORE.test(m[0]) || CAPITAL_WITH_JOINER.test(m[0])) out.add(m[0].toLowerCase())
  }
  for (const m of text.matchAll(/\b[a-z]+[A-Z][A-Za-z0-9]*\b/g)) out.add(m[0].toLowerCase())
  return out
}

/** What ends a sentence before a capital that is grammar, not a name. */
const SENTENCE_END = '.!?:;'
const SPACE = /\s/

/** Index of the last non-whitespace character of `text` before `end` (what `trimEnd` keeps), -1 if none. */
function lastNonSpace(text: string, end: number): number {
  let i = end - 1
  while (i >= 0 && SPACE.test(text.charAt(i))) i--
  return i
}

/**
 * Name literals of `text`: capitalised words (`Michigan`, `Zemeckis`, `Élodie`) not at the start of a sentence,
 * lowercased and stemmed, minus stop words and meta words. A claim naming a place,
 * person or work the context never mentions is unsupported however many other words it shares: swapping one
 * name for another is the commonest hallucination a word-overlap measure misses.
 * Example: "Polaris is based in Michigan, USA." -> {michigan, usa}.
 */
export function nameLiterals(text: string): Set<string> {
  const out = new Set<string>()
  for (const m of text.matchAll(/\p{Lu}[\p{L}\p{N}]*(?:['’][\p{L}]+)?/gu)) {
    // A capital at the start of a sentence is grammar, not a name ("Quote the ticket ...").
    const before = lastNonSpace(text, m.index)
    if (before === -1 || SENTENCE_END.includes(text.charAt(before))) continue
    const token = m[0].toLowerCase()
    const stemmed = stem(token)
    if (token.length < 3 || STOP_WORDS.has(token) || META_WORDS.has(token) || META_WORDS.has(stemmed)) continue
    out.add(stemmed)
  }
  return out
}
