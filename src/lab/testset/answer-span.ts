/**
 * The answer span of a labelled question and how much the question copies it. A question written by looking
 * at its passage tends to reuse the passage's words ("When were the Normans in Normandy?" against "The Normans
 * ... were in Normandy in the 10th and 11th centuries"); such a question is found by lexical search almost
 * for free and inflates retrieval scores, so `build-testset` rejects it. Pure.
 */
import { contentWords } from '../../grading/judge/lexical.ts'

/**
 * The `[start, end)` of the sentence of `text` that holds `[at, at + length)`: from just after the previous
 * `.`, `!` or `?` followed by whitespace (or the text's start) to just after the next one (or the text's end).
 * Example: text "A b. The Normans were in France. C d.", the answer "France" -> the span of
 * "The Normans were in France.".
 */
export function sentenceAround(text: string, at: number, length: number): [number, number] {
  let start = 0
  for (const m of text.slice(0, at).matchAll(/[.!?]["')\]]*\s+/g)) start = (m.index ?? 0) + m[0].length
  const after = /[.!?]["')\]]*(?=\s|$)/.exec(text.slice(at + length))
  const end = after ? at + length + (after.index ?? 0) + after[0].length : text.length
  return [start, end]
}

/**
 * Finds the first of `answers` in `text` (exact, then case-insensitive) and returns its sentence's span, or
 * undefined when no answer occurs in the text.
 */
export function answerSentenceSpan(text: string, answers: readonly string[]): [number, number] | undefined {
  for (const answer of answers) {
    if (answer.trim() === '') continue
    let at = text.indexOf(answer)
    if (at < 0) at = text.toLowerCase().indexOf(answer.toLowerCase())
    if (at >= 0) return sentenceAround(text, at, answer.length)
  }
  return undefined
}

/**
 * Question-span overlap = content words of the question found in the span / content words of the question,
 * in [0, 1] (stop words dropped, words stemmed, as the heuristic judge reads text). A question with no
 * content word -> 0.
 * Example: "When were the Normans in Normandy?" {normans, normandy} against "The Normans were in Normandy in
 * the 10th century." -> 2 / 2 = 1.0; "In what country is Normandy located?" {country, normandy, locat}
 * against "Normandy, a region in France." -> 1 / 3 = 0.333.
 */
export function questionSpanOverlap(question: string, span: string): number {
  const words = [...contentWords(question)]
  if (words.length === 0) return 0
  const spanWords = contentWords(span)
  return words.filter((w) => spanWords.has(w)).length / words.length
}

/** The question's form, by its first question word: `what`, `who`, `when`, `where`, `which`, `why`, `how`, or `other`. */
export function questionForm(question: string): string {
  const m = /\b(what|who|whom|whose|when|where|which|why|how)\b/i.exec(question)
  const word = m?.[1]?.toLowerCase()
  if (word === undefined) return 'other'
  return word === 'whom' || word === 'whose' ? 'who' : word
}
