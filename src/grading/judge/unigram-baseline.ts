/**
 * The baseline any offline faithfulness judge must beat: plain unigram precision, the share of the answer's
 * lowercase words that occur in the context. One line of arithmetic, no tuning, so a judge that does not rank
 * answers better than this is a lexical smoke test, not evidence of faithfulness.
 */

const WORD = /[\p{L}\p{N}]+/gu

/**
 * Unigram precision of `answer` against `context`: words (runs of letters and digits, lowercased) of the answer
 * found among the context's words, over the answer's words (repeats counted each time), in [0, 1]; 1 when the
 * answer has no word. Example: answer "Paris is in France", context "France's capital is Paris" -> paris, is,
 * france found, in not -> 3 / 4 = 0.75.
 */
export function unigramPrecision(answer: string, context: string): number {
  const words = answer.toLowerCase().match(WORD) ?? []
  if (words.length === 0) return 1
  const known = new Set(context.toLowerCase().match(WORD) ?? [])
  return words.filter((w) => known.has(w)).length / words.length
}
