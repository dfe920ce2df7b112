/**
 * Lexical helpers shared by the reference pipeline's deterministic parts (rewrite, gate evidence, extractive
 * answers): tokenising, a light stemmer, a stopword list and a sentence splitter. Pure.
 *
 * They are deliberately simple and predictable: the offline pipeline is a baseline whose every decision a
 * reader can recompute by hand, not a linguistics library.
 */
import { splitTokens, stemPipeline as stem } from '../../shared/text/tokens.ts'

// The `pipeline` analyzer's stemmer lives with the family's other stemmers; its name here is kept for callers.
export { stemPipeline as stem } from '../../shared/text/tokens.ts'

/**
 * Words that carry no topic: articles, pronouns, auxiliaries and question words. Removing them leaves the
 * "content terms" that coverage and sentence scores are computed over.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing down during each few for from further had has have having he her here hers ' +
    'herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on ' +
    'once only or other our ours ourselves out over own same she should so some such than that the their theirs them ' +
    'themselves then there these they this those through to too under until up very was we were what when where ' +
    'which while who whom why will with would you your yours yourself yourselves also may might must shall us ' +
    "get got let lets s t don't can't doesn't isn't i'm it's there's what's how's tell please thanks thank " +
    'hi hello hey okay ok yes anything something way ever ' +
    // question phrasing: words a user asks with that an answer rarely repeats ("how many", "how long")
    'many much long often possible need needs want know able anyone someone happen happens currently exactly ' +
    'actually really still already going mean means meaning'
  ).split(/\s+/),
)

/**
 * Lower-cased tokens of `text` in order (the tokenizer family's `pipeline` analyzer: NFKC-folded, curly
 * apostrophes straightened, identifiers joined by `-`, `_`, `.` or `/` kept whole, a trailing `.` ends a sentence).
 */
export function tokenize(text: string): string[] {
  return splitTokens(text, 'pipeline')
}

/** Whether a lower-cased token is a stopword (or a lone character, which never names a topic). */
export function isStopword(token: string): boolean {
  return STOPWORDS.has(token) || (token.length === 1 && !/\d/.test(token))
}

/** Stemmed content terms of `text`, in order, duplicates kept. */
export function contentTerms(text: string): string[] {
  const out: string[] = []
  for (const token of tokenize(text)) if (!isStopword(token)) out.push(stem(token))
  return out
}

/** The distinct stemmed content terms of `text`, in first-seen order. */
export function uniqueContentTerms(text: string): string[] {
  return [...new Set(contentTerms(text))]
}

/**
 * Removes markdown syntax that would leak into an extracted sentence: list bullets and numbers at the start
 * of a line, emphasis markers and heading hashes. Code spans keep their text (identifiers live there).
 */
export function stripMarkdown(line: string): string {
  return line
    .replace(/^\s*#{1,6}\s+/, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/^\s*>\s?/, '')
    .replace(/\*\*|__/g, '')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * A label line: a markdown heading, the corpus loader's header of a changelog entry or ticket
 * (`CL-2025-014 (v4.2.0, 2025-06-01): Seat limit raised`, `TCK-1042 (2025-05-02, resolved): Title`) or a
 * `Tags:` line. Labels name what a source is about; they do not state facts.
 */
export function isLabelLine(line: string): boolean {
  return /^\s*#{1,6}\s/.test(line) || /^[A-Za-z][\w.-]*-[\w.-]+ \([^)]*\): /.test(line) || /^Tags: /.test(line)
}

/**
 * Splits text into sentences. Lines are first joined into blocks: a paragraph's hard-wrapped lines join
 * into one, a list item (with its continuation lines) or a table row is a block of its own, and a blank
 * line, a heading or a label line ({@link isLabelLine}, skipped: it labels, it does not state) ends a block.
 * A block is then split after `.`, `!` or `?` followed by whitespace and an upper-case letter, digit, quote
 * or bracket; abbreviations like `e.g.` survive because the next word is lower-case.
 */
export function splitSentences(text: string): string[] {
  const blocks: string[] = []
  let current: string[] = []
  const flush = (): void => {
    if (current.length > 0) blocks.push(current.join(' '))
    current = []
  }
  for (const raw of text.split('\n')) {
    if (raw.trim() === '' || isLabelLine(raw) || /^\s*(?:```|---+\s*$|\|?\s*:?-{3,})/.test(raw)) {
      flush()
      continue
    }
    if (/^\s*\|/.test(raw)) {
      flush()
      blocks.push(
        raw
          .replace(/^\s*\|/, '')
          .replace(/\|\s*$/, '')
          .replace(/\s*\|\s*/g, ' | '),
      )
      continue
    }
    if (/^\s*(?:[-*+]|\d+[.)])\s+/.test(raw)) flush()
    current.push(raw)
  }
  flush()
  const out: string[] = []
  for (const block of blocks) {
    const line = stripMarkdown(block)
    if (line === '') continue
    for (const part of line.split(/(?<=[.!?])\s+(?=["'`(\[]?[\p{Lu}\d])/u)) {
      const sentence = part.trim()
      if (sentence !== '') out.push(sentence)
    }
  }
  return out
}
