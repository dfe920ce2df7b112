/**
 * Gaming signals of an answer: how much of it is copied verbatim from the context it was given, and how long it
 * is against the reference answer. Neither is a quality by itself (an extractive system copies by design, a
 * thorough answer can be long); the gate reads them as the counterparts of faithfulness and answer relevance,
 * which a system can inflate by quoting its context or by saying more (see `src/report/gate/gaming.ts`).
 * Pure arithmetic on strings.
 */

/** Shortest run of consecutive tokens shared with the context that counts as copied. Default 5. */
export const COPY_MIN_TOKENS = 5

/** A word: letters, digits and combining marks (punctuation, spaces and citation brackets are not words). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu

interface Token {
  /** The word, lower-cased (copying is judged case-insensitively). */
  text: string
  /** Its length in characters, as written. */
  length: number
}

function tokensOf(text: string): Token[] {
  return [...text.matchAll(WORD)].map((m) => ({ text: m[0].toLowerCase(), length: m[0].length }))
}

/** Every run of `n` consecutive tokens of `text`, joined by one space. */
function nGramsOf(tokens: readonly Token[], n: number): Set<string> {
  const grams = new Set<string>()
  for (let i = 0; i + n <= tokens.length; i++)
    grams.add(
      tokens
        .slice(i, i + n)
        .map((t) => t.text)
        .join(' '),
    )
  return grams
}

/**
 * Copy ratio = characters of the answer's words that lie in a run of at least `minTokens` consecutive words
 * also found, in the same order, in one context passage / characters of all the answer's words, in [0, 1].
 * Words are runs of letters and digits, compared case-insensitively; spaces and punctuation count on neither
 * side, so a citation marker `[1]` adds its one digit to the denominator only. A word is covered exactly when
 * some common substring of at least `minTokens` words contains it (such a substring is the union of its
 * `minTokens`-word windows, which is how it is found).
 * Example (minTokens 3): context "the amber module uses core", answer "The amber module uses four": the run
 * "the amber module uses" (3 + 5 + 6 + 4 = 18 characters) is shared, "four" (4) is not -> 18 / 22 = 0.818.
 * An answer with no word -> undefined (nothing to measure); no context -> 0.
 */
export function copyRatio(
  answer: string,
  contexts: readonly string[],
  minTokens: number = COPY_MIN_TOKENS,
): number | undefined {
  const words = tokensOf(answer)
  const total = words.reduce((sum, t) => sum + t.length, 0)
  if (total === 0) return undefined
  const n = Math.max(1, Math.floor(minTokens))
  const shared = new Set<string>()
  for (const context of contexts) for (const gram of nGramsOf(tokensOf(context), n)) shared.add(gram)
  const covered = new Array<boolean>(words.length).fill(false)
  for (let i = 0; i + n <= words.length; i++) {
    const gram = words
      .slice(i, i + n)
      .map((t) => t.text)
      .join(' ')
    if (shared.has(gram)) covered.fill(true, i, i + n)
  }
  const copied = words.reduce((sum, t, i) => sum + (covered[i] ? t.length : 0), 0)
  return copied / total
}

/**
 * Length ratio = characters of the answer / characters of the reference answer, both trimmed, in [0, inf):
 * 1 is as long as the reference, 2 twice as long. Unbounded, so it is compared by its relative change.
 * Example: an 80-character answer to a 40-character reference -> 2. No reference answer, or an empty one ->
 * undefined (nothing to compare with).
 */
export function lengthRatio(answer: string, reference: string | undefined): number | undefined {
  const expected = reference?.trim().length ?? 0
  if (expected === 0) return undefined
  return answer.trim().length / expected
}
