/**
 * The "0 of 19" alarm at the source: a question that shares no content word with the document it was written
 * from cannot be found by lexical search, and rarely by anything else; a test set full of them reads as a
 * retrieval failure when the fault is in question generation (a translated or paraphrased question set, a
 * generator that ignored its passage, questions matched to the wrong documents). `build-testset` rejects such
 * questions and `synthesize` keeps them as drafts; both say how many and which. Pure.
 */
import { contentWords } from '../../grading/judge/lexical.ts'

/** The tag `synthesize` puts on a question that shares no content word with its document. */
export const NO_SHARED_WORD_TAG = 'vocabulary:no-shared-word'

/**
 * The content words (stemmed, stop words and bare numbers left out) the question shares with its source.
 * Example: "How many seats does Team allow?" against "Team plans allow 50 seats." -> [seat, team, allow] (in the
 * question's order, stemmed); against "Le forfait Team..." -> [team].
 */
export function sharedContentWords(question: string, source: string): string[] {
  const inSource = contentWords(source)
  return [...contentWords(question)].filter((w) => inSource.has(w))
}

/** True when the question shares no content word with its source (a question of stop words alone counts too). */
export function sharesNoContentWord(question: string, source: string): boolean {
  return sharedContentWords(question, source).length === 0
}

/** The questions of a batch that share no content word with their source, in order. */
export function unanchoredQuestions<T extends { question: string; source: string }>(items: readonly T[]): T[] {
  return items.filter((item) => sharesNoContentWord(item.question, item.source))
}

/**
 * One line for a command's report: how many of `checked` questions share no content word with their document,
 * what was done with them, and the first ids. Empty when there are none.
 * Example: "2 of 19 questions share no content word with their document (rejected): q3, q7; check the
 * questions' language and vocabulary against the corpus".
 */
export function describeUnanchored(ids: readonly string[], checked: number, action: string): string {
  if (ids.length === 0) return ''
  const shown = ids.slice(0, 10).join(', ') + (ids.length > 10 ? `, ... (${ids.length - 10} more)` : '')
  return `${ids.length} of ${checked} questions share no content word with their document (${action}): ${shown}; check the questions' language and vocabulary against the corpus`
}
