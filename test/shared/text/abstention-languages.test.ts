/**
 * Abstention phrases per language (issue #24, item 3): the `abstention.languages` option adds a language's own
 * declines for the cases of that language (a golden case's `language`, else `defaultLanguage`), scoped to the
 * case being evaluated, since the cases of one file run concurrently.
 */
import { afterEach, expect, test } from 'vitest'
import { isAbstention, useAbstentionPhrases, withAbstentionLanguage } from '../../../src/shared/text/abstention.ts'

const german = 'Dazu finde ich leider nichts in der Hilfe.'
const english = "I don't know."

afterEach(() => useAbstentionPhrases())

test("a language's phrases apply to the cases of that language only", () => {
  useAbstentionPhrases({ languages: { de: { phrases: ['dazu finde ich leider nichts'] } } })
  expect(withAbstentionLanguage('de', () => isAbstention(german))).toBe(true)
  // An English case (the default language) does not read German declines; nor does a case of another language.
  expect(isAbstention(german)).toBe(false)
  expect(withAbstentionLanguage('fr', () => isAbstention(german))).toBe(false)
  // The default phrasings still hold in German cases unless that language replaces them.
  expect(withAbstentionLanguage('de', () => isAbstention(english))).toBe(true)
})

test('replaceDefaults in one language drops the default phrasings there only; top-level phrases apply to all', () => {
  useAbstentionPhrases({
    phrases: ['outside my remit'],
    languages: { de: { phrases: ['dazu finde ich leider nichts'], replaceDefaults: true } },
  })
  expect(withAbstentionLanguage('de', () => isAbstention(english))).toBe(false)
  expect(isAbstention(english)).toBe(true)
  expect(withAbstentionLanguage('de', () => isAbstention('That is outside my remit.'))).toBe(true)
})

test('defaultLanguage is the language of a case that names none', () => {
  useAbstentionPhrases({ defaultLanguage: 'de', languages: { de: { phrases: ['dazu finde ich leider nichts'] } } })
  expect(isAbstention(german)).toBe(true)
  expect(withAbstentionLanguage(undefined, () => isAbstention(german))).toBe(true)
  expect(withAbstentionLanguage('en', () => isAbstention(german))).toBe(false)
})

test('concurrent cases keep their own language across awaits', async () => {
  useAbstentionPhrases({ languages: { de: { phrases: ['dazu finde ich leider nichts'] } } })
  const read = (language: string, delayMs: number) =>
    withAbstentionLanguage(language, async () => {
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      return isAbstention(german)
    })
  // The German case waits longer, so the English one finishes in between: each still reads its own language.
  expect(await Promise.all([read('de', 20), read('en', 5)])).toEqual([true, false])
})
