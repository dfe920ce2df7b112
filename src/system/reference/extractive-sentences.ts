/**
 * The sentence rules of the extractive generator: which sentences are cut fragments never said, which repeat
 * each other, how a ticket's symptom gives way to its cause and fix, and how a sentence carries its `[n]`.
 */
import { isLabelLine, splitSentences } from './terms.ts'

/** A sentence of the source shown under `[marker]`. */
export interface MarkedSentence {
  text: string
  marker: number
}

/** A sentence with its own content terms (not those it inherits from its heading or the sentence before). */
export interface TermedSentence {
  text: string
  ownTerms: ReadonlySet<string>
}

const SYMPTOM = /^symptoms?:/i
const REMEDY = /^(?:cause|root cause|fix|resolution|workaround|solution):/i

/**
 * A ticket's "Symptom:" sentence restates the question; the answer is in the same ticket's "Cause:" and
 * "Fix:" (or "Resolution:", "Workaround:") sentences, so a chosen symptom is replaced by them (in the
 * ticket's order). A source without such sentences keeps its symptom sentence.
 */
export function expandSymptoms(
  chosen: readonly MarkedSentence[],
  sources: readonly { marker: number; chunk: { text: string } }[],
): MarkedSentence[] {
  const out: MarkedSentence[] = []
  const seen = new Set<string>()
  const push = (c: MarkedSentence): void => {
    const key = `${c.marker}\u0000${c.text}`
    if (!seen.has(key)) out.push(c)
    seen.add(key)
  }
  for (const c of chosen) {
    if (!SYMPTOM.test(c.text)) {
      push(c)
      continue
    }
    const source = sources.find((s) => s.marker === c.marker)
    const remedies = source === undefined ? [] : splitSentences(source.chunk.text).filter((t) => REMEDY.test(t))
    if (remedies.length === 0) push(c)
    for (const text of remedies) push({ text, marker: c.marker })
  }
  return out
}

/**
 * Two sentences repeating each other are not both worth saying: one's text starts the other's (overlapping
 * chunks repeat sentences, whole or cut), or their content terms' Jaccard similarity is at least 0.8.
 */
export function nearDuplicate(a: TermedSentence, b: TermedSentence): boolean {
  const [x, y] = a.text.length <= b.text.length ? [a.text, b.text] : [b.text, a.text]
  if (y.startsWith(x.replace(/[.,;:!?\s]+$/, ''))) return true
  let shared = 0
  for (const t of a.ownTerms) if (b.ownTerms.has(t)) shared += 1
  const union = a.ownTerms.size + b.ownTerms.size - shared
  return union > 0 && shared / union >= 0.8
}

/**
 * A sentence cut by a fixed-size chunk window: the chunk's first sentence when it starts in lower case
 * (mid-sentence), or its last one when it lacks terminal punctuation and is not a list item or table row
 * (a list item without a period is whole; a paragraph sentence without one was cut).
 * Such fragments are never said (the neighbouring chunk holds the whole sentence).
 */
export function isFragment(sentences: readonly string[], index: number, chunkText: string): boolean {
  const text = sentences[index] ?? ''
  if (index === 0 && /^[\p{Ll}]/u.test(text) && !/^\s*[-*+\d]/.test(chunkText)) return true
  if (index !== sentences.length - 1 || /[.!?:)`"'\]]$/.test(text)) return false
  const lastLine = chunkText.trimEnd().split('\n').at(-1) ?? ''
  return !/^\s*(?:[-*+]|\d+[.)]|\|)\s*/.test(lastLine) && !isLabelLine(lastLine)
}

/** `"The Team plan includes 5 seats."` + 1 -> `"The Team plan includes 5 seats [1]."` */
export function withMarker(sentence: string, marker: number): string {
  const m = /^(.*?)([.!?:;]*)$/s.exec(sentence.trim())
  const core = m?.[1] ?? sentence
  const end = m?.[2] ?? ''
  return `${core} [${marker}]${end.startsWith('?') || end.startsWith('!') ? end.slice(0, 1) : '.'}`
}
