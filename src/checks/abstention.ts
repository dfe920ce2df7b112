/**
 * Recognises an abstention in any answer text, so `toAbstain` works for external systems that do not report
 * an `abstained` flag. Pure and deterministic: a short list of refusal phrasings, matched on the answer's
 * first sentences (a refusal buried after a confident answer is not an abstention).
 */

/** Phrasings that mean "I cannot answer this from what I have". */
export const ABSTENTION_PATTERNS: readonly RegExp[] = [
  /\b(i|we)\s+(can(?:not|'t|\s+not)|could\s*n[o']t|am\s+unable\s+to|are\s+unable\s+to|do\s*n[o']t\s+have\s+enough)\b.{0,60}\b(answer|find|say|determine|help|information|tell)/i,
  /\b(i|we)\s+do\s*n[o']t\s+know\b/i,
  /\bno\s+(relevant\s+)?(information|sources?|documentation|answer)\b.{0,40}\b(found|available|about|on|for|in)\b/i,
  /\b(the\s+)?(available\s+|provided\s+|retrieved\s+)?(sources|documents|context|knowledge\s+base)\s+(do(?:es)?\s*n[o']t|do(?:es)?\s+not)\s+(contain|mention|cover|say|include|answer)/i,
  /\b(not|isn't|is\s+not)\s+(covered|mentioned|answered|documented)\s+(in|by)\s+(the\s+)?(available\s+|provided\s+)?(sources|documents|documentation|context|knowledge\s+base)/i,
  /\binsufficient\s+information\b/i,
  /\boutside\s+(the\s+)?(scope|knowledge\s+base)\b/i,
]

/** True when the opening of `text` (its first 300 characters) reads as a refusal to answer. */
export function isAbstentionText(text: string): boolean {
  const opening = text.trim().slice(0, 300)
  if (opening === '') return true
  return ABSTENTION_PATTERNS.some((p) => p.test(opening))
}
