/**
 * The offline judge's continuous faithfulness score: how well the shown context supports an answer's factual
 * claims, in [0, 1], and the 0 / 0.5 / 1 verdict derived from it by two thresholds.
 *
 *   support = (bigram + passage) / 2 × literals
 *
 * - `bigram`: the share of the claims' word pairs (adjacent words inside one claim, lowercased) that occur
 *   as adjacent words in the context. Word pairs keep what single words lose: who did what to whom, and which
 *   modifier goes with which noun.
 * - `passage`: the worst claim's best passage coverage: for each claim, the largest share of its novel content
 *   words and literals (numbers, identifiers, names) one run of `windowSentences` neighbouring sentences holds;
 *   then the smallest over the claims. A fluent hallucination stitches words from far-apart sentences.
 * - `literals`: the worst claim's share of its literals found anywhere in the context (1 when it has none). It
 *   multiplies: a wrong number or a name the context never mentions sinks the score however many words match.
 *
 * How the formula was chosen (tuning half only: HaluEval QA, 1,000 of its 2,000 rows, split seed 25; unstemmed
 * word pairs at the time): the ROC AUC of unigram precision there is 0.910, bigram alone 0.946, passage ×
 * literals 0.900, (unigram + bigram + passage) / 3 × literals 0.969, (bigram + passage) / 2 × literals 0.979,
 * (bigram + 2 passage) / 3 × literals 0.982; the equal-weight form was kept as the simpler rule within 0.004 of
 * the best. Stemming the word pairs as the content words are (so "seats cost" matches "seat costs") then
 * raised it to 0.996 on the same tuning half. The reporting halves' figures are in the README.
 */
import { readClaimEvidence, readText, sentenceWindows, type ClaimEvidence } from './support.ts'
import type { RubricScore } from './rubric.ts'
import { stem } from './lexical.ts'

/**
 * Where the verdict changes, chosen on the tuning half of HaluEval QA (seed 25, 1,000 rows) over a 0.05 grid.
 * `faithful`: the lowest threshold whose accuracy (score >= t read as faithful) is within 0.01 of the best (best
 * 0.994 at 1.00; 0.988 at 0.85), so a paraphrase that loses a word pair is not failed for it. `partial`: binary
 * labels cannot place a middle grade (every tuning row below 0.85 was unfaithful), so it is a choice, not a
 * fit: 0.75 keeps a narrow band for answers that lose a few word pairs or one passage word (38 tuning rows fall
 * in it, all unfaithful: that band costs 0.038 of tuning accuracy, and the reporting half's accuracy shows it).
 */
export const FAITHFULNESS_THRESHOLDS = { faithful: 0.85, partial: 0.75 } as const

/** The parts of the support score, each in [0, 1] (see the module comment). */
export interface SupportParts {
  bigram: number
  passage: number
  literals: number
  /** (bigram + passage) / 2 × literals. */
  score: number
}

const WORD = /[\p{L}\p{N}]+/gu
const MARKERS = /\[\d+(?:\s*,\s*\d+)*\]/g

function wordsOf(text: string): string[] {
  return (text.replace(MARKERS, ' ').toLowerCase().match(WORD) ?? []).map(stem)
}

function pairsOf(words: readonly string[]): string[] {
  const out: string[] = []
  for (let i = 0; i + 1 < words.length; i++) out.push(`${words[i]} ${words[i + 1]}`)
  return out
}

/**
 * Bigram precision of `claims` against `context`: adjacent word pairs of each claim (runs of letters and
 * digits, lowercased and lightly stemmed as the judge's content words are, citation markers dropped; no pair across
 * two claims) found as adjacent words of the
 * context, over all the claims' pairs; a one-word claim counts as its word (found or not). 1 when there are
 * no words. Example: claims ["Seats cost 12 in France"], context "Each seat costs 12 dollars" -> pairs "seat
 * cost" and "cost 12" found, "12 in" and "in france" not -> 2/4.
 */
export function bigramPrecision(claims: readonly string[], context: string): number {
  const words = wordsOf(context)
  const known = new Set([...pairsOf(words), ...words])
  let found = 0
  let total = 0
  for (const claim of claims) {
    const claimWords = wordsOf(claim)
    const units = claimWords.length === 1 ? claimWords : pairsOf(claimWords)
    for (const unit of units) if (known.has(unit)) found++
    total += units.length
  }
  return total === 0 ? 1 : found / total
}

/** Found and total literals (numbers, identifiers, names) of `evidence` in `text`. */
function literalsIn(evidence: ClaimEvidence, text: string): { found: number; total: number } {
  const read = readText(text)
  let found = 0
  for (const n of evidence.numbers) if (read.numbers.has(n)) found++
  for (const id of evidence.identifiers) if (read.lower.includes(id)) found++
  for (const name of evidence.names) if (read.words.has(name) || read.lower.includes(name)) found++
  return { found, total: evidence.numbers.length + evidence.identifiers.length + evidence.names.length }
}

/**
 * The share of a claim's novel content words and literals that `text` holds; 1 when it has neither.
 * Example: evidence words [dollar], numbers [12], text "Each seat costs 10 dollars" -> 1 of 2 = 0.5.
 */
export function passageCoverage(evidence: ClaimEvidence, text: string): number {
  const read = readText(text)
  let found = 0
  for (const w of evidence.words) if (read.words.has(w)) found++
  const literals = literalsIn(evidence, text)
  const total = evidence.words.length + literals.total
  return total === 0 ? 1 : (found + literals.found) / total
}

/**
 * The support parts of an answer's factual `claims` (their text, markers dropped) against `context` (every
 * shown source's text): see the module comment. No claims: every part is 1 (nothing unsupported).
 * Example: claim "Seats cost 12 dollars", query "What do seats cost?", context "Each seat costs 10 dollars."
 * -> bigram 1/3 ("cost 12", "12 dollars" absent), passage 1/2 (dollar found, 12 not), literals 0 -> score 0.
 */
export function measureAnswerSupport(
  claims: readonly string[],
  query: string,
  context: string,
  windowSentences: number,
): SupportParts {
  let passage = 1
  let literals = 1
  const windows = sentenceWindows(context, windowSentences)
  for (const claim of claims) {
    const evidence = readClaimEvidence(claim, query)
    let best = 0
    for (const window of windows) best = Math.max(best, passageCoverage(evidence, window))
    passage = Math.min(passage, best)
    const { found, total } = literalsIn(evidence, context)
    literals = Math.min(literals, total === 0 ? 1 : found / total)
  }
  const bigram = bigramPrecision(claims, context)
  return { bigram, passage, literals, score: ((bigram + passage) / 2) * literals }
}

/** The verdict of a support score: 1 from `faithful`, 0.5 from `partial`, else 0 ({@link FAITHFULNESS_THRESHOLDS}). */
export function verdictFromSupport(
  score: number,
  thresholds: { faithful: number; partial: number } = FAITHFULNESS_THRESHOLDS,
): RubricScore {
  if (score >= thresholds.faithful) return 1
  return score >= thresholds.partial ? 0.5 : 0
}
