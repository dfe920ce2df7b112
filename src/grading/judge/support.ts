/**
 * Lexical support of a claim by a source text (the heuristic judge's and the offline claim checker's one
 * measure), read so that nothing is read twice: a claim's evidence ({@link readClaimEvidence}) is read once
 * per claim, a source's words and literals ({@link readText}) once per text, and a check only looks the claim's
 * words and literals up in the source's sets. One judged answer checks every claim against the same sources,
 * their sentence windows and the whole context, so the text readings are memoised (bounded, see text-memo.ts).
 */
import { memoByText } from '../../shared/text/text-memo.ts'
import { contentWords, identifierLiterals, nameLiterals, numberLiterals } from './lexical.ts'

/** A text's content words, number literals and lower-cased form, as a source or a query is read. */
export interface TextReading {
  readonly words: ReadonlySet<string>
  readonly numbers: ReadonlySet<string>
  readonly lower: string
}

/**
 * Reads `text` once: {@link contentWords}, {@link numberLiterals} and `toLowerCase()`. Memoised by text (the
 * same sources and windows are read for every claim of an answer): treat the result as read-only.
 * Example: "Seats cost $12." -> words {seat, cost}, numbers {12}, lower "seats cost $12.".
 */
export const readText: (text: string) => TextReading = memoByText(
  (text) => ({ words: contentWords(text), numbers: numberLiterals(text), lower: text.toLowerCase() }),
  512,
)

/** A claim read for checking against sources: the words a source must hold and the literals it must name. */
export interface ClaimEvidence {
  /** The claim's content words not in the query (all of them when every one is): the words a source must hold. */
  readonly words: readonly string[]
  readonly numbers: readonly string[]
  readonly identifiers: readonly string[]
  /** Name literals ({@link nameLiterals}) the query does not already give. */
  readonly names: readonly string[]
}

const MARKER_GROUP = /\[\d+(?:\s*,\s*\d+)*\]/g

/**
 * Reads a claim once for checking against any number of sources. Words also in `query` are discounted when
 * the claim has other words: restating the question is no evidence, the NEW information must come from the
 * source; names the question gives are no evidence either way. With `dropMeta`, attribution words ("older",
 * "docs", "say") are dropped (a conflict note). Example: claim "Seats cost 12 dollars [1]", query "What do
 * seats cost?" -> words [dollar], numbers [12] (the marker is not the number 1).
 */
export function readClaimEvidence(rawClaim: string, query = '', dropMeta = false): ClaimEvidence {
  const claim = (dropMeta ? readClaimDroppingMeta : readClaim)(rawClaim)
  const { words: queryWords, lower: queryLower } = readText(query)
  const novel = claim.words.filter((w) => !queryWords.has(w))
  return {
    words: novel.length > 0 ? novel : claim.words,
    numbers: claim.numbers,
    identifiers: claim.identifiers,
    names: claim.names.filter((name) => !queryWords.has(name) && !queryLower.includes(name)),
  }
}

/** A claim's words and literals before the query is known. */
interface ClaimReading {
  readonly words: readonly string[]
  readonly numbers: readonly string[]
  readonly identifiers: readonly string[]
  readonly names: readonly string[]
}

function claimReading(rawClaim: string, dropMeta: boolean): ClaimReading {
  // Citation markers are not content: `[1]` must not count as the number 1.
  const claim = rawClaim.replace(MARKER_GROUP, ' ')
  return {
    words: [...contentWords(claim, dropMeta)],
    numbers: [...numberLiterals(claim)],
    identifiers: [...identifierLiterals(claim)],
    names: [...nameLiterals(claim)],
  }
}

// A claim is read by the judge and again by the claim checker (against the contexts, then the reference).
const readClaim = memoByText((claim) => claimReading(claim, false))
const readClaimDroppingMeta = memoByText((claim) => claimReading(claim, true))

/** How a claim's words and literals are found in a source text. */
export interface LexicalSupport {
  /** Share of the claim's (novel) content words found in the source, in [0, 1]; 1 when it has none. */
  overlap: number
  /** Claim literals (numbers, identifiers, names) missing from the source. */
  missingLiterals: string[]
  /** Claim content words found in the source. */
  matchedWords: string[]
}

function lacksName(source: TextReading, name: string): boolean {
  return !source.words.has(name) && !source.lower.includes(name)
}

/** How `source` supports a claim read by {@link readClaimEvidence} (see {@link measureSupport} for an example). */
export function supportIn(evidence: ClaimEvidence, source: string): LexicalSupport {
  const read = readText(source)
  const matchedWords = evidence.words.filter((w) => read.words.has(w))
  const missingLiterals = [
    ...evidence.numbers.filter((n) => !read.numbers.has(n)),
    ...evidence.identifiers.filter((id) => !read.lower.includes(id)),
    ...evidence.names.filter((name) => lacksName(read, name)),
  ]
  const words = evidence.words.length
  return { overlap: words === 0 ? 1 : matchedWords.length / words, missingLiterals, matchedWords }
}

/**
 * Whether `source` supports a claim: it holds at least `minOverlap` of the claim's words and every literal.
 * The same decision as `overlap >= minOverlap && missingLiterals.length === 0` on {@link supportIn}, without
 * building either list (it runs for every claim x source x sentence window).
 */
export function isSupportedBy(evidence: ClaimEvidence, source: string, minOverlap: number): boolean {
  const read = readText(source)
  const words = evidence.words.length
  let matched = 0
  for (const w of evidence.words) if (read.words.has(w)) matched++
  if ((words === 0 ? 1 : matched / words) < minOverlap) return false
  for (const n of evidence.numbers) if (!read.numbers.has(n)) return false
  for (const id of evidence.identifiers) if (!read.lower.includes(id)) return false
  for (const name of evidence.names) if (lacksName(read, name)) return false
  return true
}

/**
 * Measures how `source` supports `claim` ({@link readClaimEvidence}, then {@link supportIn}).
 * Example: claim "Seats cost 12 dollars", source "Each seat costs 10 dollars": words {seat, cost, dollar}
 * all found (overlap 3/3 = 1) but the literal `12` is missing, so the claim is unsupported. Literals are
 * numbers, identifiers and names ({@link nameLiterals}) the source lacks.
 */
export function measureSupport(rawClaim: string, source: string, query = '', dropMeta = false): LexicalSupport {
  return supportIn(readClaimEvidence(rawClaim, query, dropMeta), source)
}

/** A reference answer's content words and literals, in the order {@link referenceRecall} counts them. */
const readReference = memoByText((reference: string) => {
  const numbers = numberLiterals(reference)
  const identifiers = identifierLiterals(reference)
  return { numbers, identifiers, wanted: [...contentWords(reference), ...numbers, ...identifiers] as readonly string[] }
})

/** The number and identifier literals of a reference answer (read once per reference, shared: read-only). */
export function referenceLiterals(reference: string): {
  numbers: ReadonlySet<string>
  identifiers: ReadonlySet<string>
} {
  return readReference(reference)
}

/**
 * Share of the reference's content words and literals found in `text`, in [0, 1]; 1 for an empty reference.
 * Example: reference "Seats cost $12", text "It costs $12 per month" -> wanted [seat, cost, 12], found cost
 * and 12 -> 2/3.
 */
export function referenceRecall(reference: string, text: string): number {
  const { wanted } = readReference(reference)
  if (wanted.length === 0) return 1
  const { words, numbers, lower } = readText(text)
  let found = 0
  for (const w of wanted) if (words.has(w) || numbers.has(w) || lower.includes(w)) found++
  return found / wanted.length
}

const SENTENCE_BREAK = /(?<=[.!?])\s*(?=["“(]?\p{Lu})/u
const windowMemos = new Map<number, (text: string) => readonly string[]>()

/**
 * The passages a claim may rest on: every run of `size` consecutive sentences of `text` (the whole text when it
 * has at most `size`). Sentences end at `.`, `!` or `?` before a capital, also when the space is missing
 * ("...century.First for Women is..."), as in text joined from several pages. Memoised per text and size
 * (every claim of an answer reads the same sources): treat the result as read-only.
 * Example: "A. B. C." with size 2 -> ["A. B.", "B. C."].
 */
export function sentenceWindows(text: string, size: number): readonly string[] {
  let windows = windowMemos.get(size)
  if (!windows) {
    // Source texts can be long (a whole document), and their windows together are as long again: a case needs
    // its few shown sources and the context they make, so a small memo holds what the claims of one case reuse.
    windows = memoByText((t) => splitWindows(t, size), 64)
    windowMemos.set(size, windows)
  }
  return windows(text)
}

function splitWindows(text: string, size: number): string[] {
  const sentences = text.split(SENTENCE_BREAK).filter((s) => s.trim() !== '')
  if (sentences.length <= size) return [text]
  const out: string[] = []
  for (let i = 0; i + size <= sentences.length; i++) out.push(sentences.slice(i, i + size).join(' '))
  return out
}
