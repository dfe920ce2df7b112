/**
 * Recognising an abstention in any answer text: the reference pipeline's fixed sentence, a model's own
 * phrasing, or an external system's. The one detector: the hard checks (`toAbstain`), the heuristic judge and
 * the reference pipeline all use it, so it lives below all three.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { foldForMatching } from './normalize.ts'
import { memoByText } from './text-memo.ts'

const CURLY_QUOTES = /[’‘]/g
const WHITESPACE_RUN = /\s+/g
const SENTENCE_END = /(?<=[.!?])\s+/
const CITATION = /\[\d+\]/

/**
 * Phrasings of "the sources do not hold the answer" (the default phrases, listed in docs/adapters.md). Each
 * names the missing thing (the sources, the context, the information, the documentation) so an answer that
 * merely contains "cannot" ("You cannot delete an owner account [1].") is not taken for an abstention.
 */
export const ABSTENTION_PATTERNS: readonly RegExp[] = [
  /\b(?:can ?not|can't|could not|couldn't|unable to|not able to)\s+(?:answer|find|locate|determine|tell|say|help with|confirm)\b[^.?!]{0,80}\b(?:sources?|context|documentation|docs|information|knowledge base|provided|available)\b/,
  /\b(?:sources?|context|documentation|docs|knowledge base)\s+(?:provided\s+)?(?:do(?:es)?n't|do(?:es)? not|don't)\s+(?:contain|mention|cover|include|say|provide|answer|address|specify|have)\b/,
  /\b(?:no|not enough|insufficient|no relevant)\s+(?:relevant\s+)?information\b[^.?!]{0,60}\b(?:sources?|context|documentation|about|on|to answer)\b/,
  /\bnot (?:covered|mentioned|addressed|documented|found|specified) in the (?:provided |available |given )?(?:sources?|context|documentation|docs)\b/,
  /^(?:sorry[,.]?\s*)?i (?:do not|don't) know\b/,
  /\bi (?:do not|don't) have (?:enough |any |the |access to (?:that |this |the )?)?(?:information|details|data|sources?)\b/,
  /\b(?:there is|there's) no (?:mention|information|documentation|record) (?:of|about|on|regarding)\b/,
]

/** Folds a text the way the decline phrasings are written: NFKC, lowercase, straight quotes, single spaces. */
function foldDecline(text: string): string {
  return foldForMatching(text).replace(CURLY_QUOTES, "'").replace(WHITESPACE_RUN, ' ').trim()
}

/**
 * A team's own decline phrasings (the `abstention` option): `phrases` are matched as folded substrings of a
 * sentence ("cannot answer that from the help center" matches "Sorry, I cannot answer that from the Help
 * Center."); `replaceDefaults` drops {@link ABSTENTION_PATTERNS}. Default: no phrases, the defaults kept.
 */
export interface AbstentionPhrases {
  phrases?: readonly string[] | undefined
  replaceDefaults?: boolean | undefined
  /**
   * Phrases per language (`{ de: { phrases: ['keine Angaben in den Quellen'] } }`), for cases of that language
   * (a golden case's `language`, else `defaultLanguage`): added to `phrases`; `replaceDefaults` there drops the
   * default (English) phrasings for that language only.
   */
  languages?: Readonly<Record<string, { phrases?: readonly string[]; replaceDefaults?: boolean }>> | undefined
  /** The language of a case that names none. Default `en`. */
  defaultLanguage?: string | undefined
}

/** The language of a case without `language` when the option names no `defaultLanguage`. */
export const DEFAULT_ABSTENTION_LANGUAGE = 'en'

/** Whether one folded sentence declines, under `phrases`. */
function declines(folded: string, phrases: readonly string[], replaceDefaults: boolean): boolean {
  return (
    phrases.some((p) => folded.includes(p)) || (!replaceDefaults && ABSTENTION_PATTERNS.some((p) => p.test(folded)))
  )
}

/** The detector for one set of phrases, memoised by text: one case reads its answer in several stages. */
function createReader(options: AbstentionPhrases = {}): {
  sentence: (text: string) => boolean
  text: (text: string) => boolean
} {
  const phrases = (options.phrases ?? []).map(foldDecline).filter((p) => p !== '')
  const replaceDefaults = options.replaceDefaults === true
  return {
    sentence: (sentence) => declines(foldDecline(sentence), phrases, replaceDefaults),
    text: memoByText((text: string): boolean => {
      const normalised = foldDecline(text)
      if (normalised === '') return true
      const sentences = normalised.split(SENTENCE_END, CITATION.test(normalised) ? 1 : 2)
      return sentences.some((sentence) => declines(sentence, phrases, replaceDefaults))
    }),
  }
}

type Reader = ReturnType<typeof createReader>

/** The detectors of one `abstention` option: one per language, made when a case of that language first asks. */
function createReaders(options: AbstentionPhrases = {}): (language: string | undefined) => Reader {
  const readers = new Map<string, Reader>()
  return (language) => {
    const lang = language ?? options.defaultLanguage ?? DEFAULT_ABSTENTION_LANGUAGE
    let found = readers.get(lang)
    if (!found) {
      const own = options.languages?.[lang]
      found = createReader({
        phrases: [...(options.phrases ?? []), ...(own?.phrases ?? [])],
        replaceDefaults: options.replaceDefaults === true || own?.replaceDefaults === true,
      })
      readers.set(lang, found)
    }
    return found
  }
}

// The process's detectors: the checks, the judge and the reference pipeline read answers through them, in the
// language of the case being evaluated (cases of one file run concurrently, so it is scoped, not global).
let readerFor = createReaders()
const caseLanguage = new AsyncLocalStorage<string | undefined>()
const reader = {
  sentence: (text: string) => readerFor(caseLanguage.getStore()).sentence(text),
  text: (text: string) => readerFor(caseLanguage.getStore()).text(text),
}

/**
 * Sets the decline phrasings every later reading uses (the runtime does, from the `abstention` option, once
 * per worker before any case); no argument restores the defaults.
 */
export function useAbstentionPhrases(options?: AbstentionPhrases): void {
  readerFor = createReaders(options)
}

/**
 * Runs `fn` (and everything it awaits) reading answers in `language` (a golden case's `language`; undefined:
 * the option's `defaultLanguage`). The case evaluation wraps each case in it.
 */
export function withAbstentionLanguage<T>(language: string | undefined, fn: () => T): T {
  return caseLanguage.run(language, fn)
}

/**
 * Whether ONE sentence declines to answer (matches one of the decline phrasings). The judge drops such a
 * sentence from an otherwise factual answer ("The docs do not say when. Seats cost $12 [1].") before it
 * splits claims, because it asserts nothing about the world. "You cannot delete an owner account." is not
 * one: it names no missing source.
 */
export function isAbstentionSentence(sentence: string): boolean {
  return reader.sentence(sentence)
}

/**
 * Whether `text` is an abstention: empty or whitespace-only (the system said nothing), or its first
 * sentence declines ({@link isAbstentionSentence}), or (for an answer citing nothing) its second sentence does
 * ("Thanks for asking. I can't find that in the sources."). A cited answer that states facts and then adds
 * "the sources do not cover X" is an answer, not an abstention.
 */
export function isAbstention(text: string | undefined): boolean {
  return text === undefined || reader.text(text)
}
