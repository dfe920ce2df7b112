/**
 * Abstention detection: does a sentence (or a whole answer) decline to answer?
 *
 * A small shared detector: the heuristic judge strips abstention sentences before splitting claims, and
 * treats an answer made only of them as an abstention. Phrases are the ones RAG prompts ask models to use
 * ("I don't know", "the context does not contain ...") and their common variants.
 */

/** Phrases that mark a sentence as declining to answer. Matched case-insensitively. */
export const ABSTENTION_PATTERNS: readonly RegExp[] = [
  /\bi (?:do not|don['’]t) know\b/i,
  /\b(?:i|we) (?:cannot|can['’]t|could not|couldn['’]t|am unable to|am not able to|was unable to) (?:answer|find|determine|say|tell|confirm|locate|provide)\b/i,
  /\bunable to (?:answer|find|determine)\b/i,
  /\b(?:the )?(?:provided |given |available |retrieved )?(?:context|sources?|documents?|documentation|passages?|information)(?: provided)? (?:does not|doesn['’]t|do not|don['’]t|did not) (?:contain|include|mention|say|provide|cover|specify|state|answer|address)\b/i,
  /\b(?:there is|there['’]s|i have|i found) (?:no|not enough|insufficient) (?:relevant )?(?:information|context|evidence|data|details)\b/i,
  /\b(?:not enough|insufficient) (?:information|context|evidence)\b/i,
  /\bno (?:information|mention|details?) (?:about|on|of|regarding)\b/i,
  /\b(?:is|are) not (?:mentioned|covered|specified|addressed|stated) in the (?:provided |given )?(?:context|sources?|documents?|documentation)\b/i,
  /\boutside (?:the scope|my knowledge)\b/i,
]

/** True when `sentence` declines to answer (matches one of {@link ABSTENTION_PATTERNS}). */
export function isAbstentionSentence(sentence: string): boolean {
  return ABSTENTION_PATTERNS.some((p) => p.test(sentence))
}

/**
 * True when the whole answer is an abstention: empty, or its first sentence declines and it is short
 * (at most {@link ABSTENTION_MAX_CHARS} characters), so "I don't know the exact date, but it shipped in
 * 2024 [1]" with a long factual tail still counts as an answer when the tail is long.
 */
export function isAbstention(text: string): boolean {
  const trimmed = text.trim()
  if (trimmed === '') return true
  const first = trimmed.split(/(?<=[.!?])\s+/)[0] ?? trimmed
  return isAbstentionSentence(first) && trimmed.length <= ABSTENTION_MAX_CHARS
}

/** Longest answer (characters) still read as a pure abstention when its first sentence declines. */
export const ABSTENTION_MAX_CHARS = 300
