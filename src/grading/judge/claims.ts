/**
 * Claim splitting: an answer becomes a list of sentences, each with the `[n]` markers attached to it.
 *
 * Rules (why): a marker written after the full stop ("... per seat. [1]") belongs to the sentence before
 * it; bullet lines are claims of their own; abbreviations and decimals do not end a sentence; abstention
 * sentences are no claims (they assert nothing about the world); a conflict note ("Note: older
 * documentation says ...") is a claim about what a source says, kept apart so the judge can check it
 * against the older source rather than the newer.
 */
import { isAbstentionSentence } from '../../shared/text/abstention.ts'
import { memoByText } from '../../shared/text/text-memo.ts'
import { contentWords, identifierLiterals, numberLiterals } from './lexical.ts'

/** What kind of sentence a claim is. */
export type ClaimKind = 'fact' | 'conflict_note'

/** One claim as split from the answer, before judging. */
export interface SplitClaim {
  /** The sentence without its markers. */
  readonly text: string
  readonly markers: readonly number[]
  readonly kind: ClaimKind
}

/** The answer split into claims, with the sentences set aside as abstentions. */
export interface SplitAnswer {
  readonly claims: readonly SplitClaim[]
  readonly abstentionSentences: readonly string[]
}

const MARKER_GROUP = /\[(\d+(?:\s*,\s*\d+)*)\]/g
const ABBREVIATIONS = /(?:\b(?:e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st|no|approx|inc|ltd|jr|sr|fig)\.|\b[A-Z]\.)$/i
const NOTE_OPENING = /^\s*(?:\*\*)?note\b/i
const OLDER_SOURCE =
  /\b(?:older|earlier|previous|outdated|former|superseded)\b[^.]*\b(?:documentation|docs?|version|changelog|sources?|releases?|guides?|entry|page|articles?)\b/i
const DISAGREEMENT = /\b(?:disagrees?|conflicts? with|contradicts?)\b/i
const MARKERS_AFTER_TERMINATOR = /([.!?])((?:\s*\[\d+(?:\s*,\s*\d+)*\])+)/g
const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/
const HEADING = /^#+\s+/
const SPACE_BEFORE_PUNCTUATION = /\s+([.,;:!?])/g
const SPACES = /\s{2,}/g

/** Markers in `text`, in order of appearance, deduplicated: `a [2] b [1, 2]` -> `[2, 1]`. */
export function extractMarkers(text: string): number[] {
  const out: number[] = []
  for (const m of text.matchAll(MARKER_GROUP)) {
    for (const part of (m[1] ?? '').split(',')) {
      const n = Number(part.trim())
      if (!out.includes(n)) out.push(n)
    }
  }
  return out
}

/** True when a sentence is a conflict note: it reports what an older or disagreeing source says. */
export function isConflictNote(sentence: string): boolean {
  return NOTE_OPENING.test(sentence) || OLDER_SOURCE.test(sentence) || DISAGREEMENT.test(sentence)
}

function splitSentences(line: string): string[] {
  const out: string[] = []
  let start = 0
  for (const m of line.matchAll(/[.!?]+(?=\s+["'(*\p{Lu}\p{N}[])/gu)) {
    const end = (m.index ?? 0) + m[0].length
    const candidate = line.slice(start, end)
    if (m[0] === '.' && ABBREVIATIONS.test(candidate)) continue
    out.push(candidate)
    start = end
  }
  out.push(line.slice(start))
  return out.map((s) => s.trim()).filter((s) => s !== '')
}

function hasSubstance(text: string): boolean {
  return contentWords(text).size > 0 || numberLiterals(text).size > 0 || identifierLiterals(text).size > 0
}

/**
 * Splits `answer` into claims. Example: `Seats cost $10 [1]. Note: older docs said $8 [2].` ->
 * `[{ text: 'Seats cost $10.', markers: [1], kind: 'fact' }, { text: 'Note: older docs said $8.', markers: [2],
 * kind: 'conflict_note' }]`. The judge and the claim checker both split a case's answer: memoised by text,
 * so the result is shared and read-only.
 */
export const splitClaims: (answer: string) => SplitAnswer = memoByText(splitAnswer)

function splitAnswer(answer: string): SplitAnswer {
  // Move marker groups written after a terminator in front of it, so they stay with their sentence.
  const normalised = answer.replace(MARKERS_AFTER_TERMINATOR, '$2$1')
  const claims: SplitClaim[] = []
  const abstentionSentences: string[] = []
  for (const rawLine of normalised.split(/\n+/)) {
    const line = rawLine.replace(BULLET, '').replace(HEADING, '').trim()
    if (line === '') continue
    for (const sentence of splitSentences(line)) {
      const markers = extractMarkers(sentence)
      const text = sentence
        .replace(MARKER_GROUP, '')
        .replace(SPACE_BEFORE_PUNCTUATION, '$1')
        .replace(SPACES, ' ')
        .trim()
      if (isAbstentionSentence(text)) {
        abstentionSentences.push(text)
        continue
      }
      if (markers.length === 0 && !hasSubstance(text)) continue
      claims.push({ text, markers, kind: isConflictNote(text) ? 'conflict_note' : 'fact' })
    }
  }
  return { claims, abstentionSentences }
}
