/**
 * Duplicate keys inside one JSON text. `JSON.parse` keeps the last of two equal keys without a word, so a golden
 * line with two `must_contain` keys silently loses the first check; the JSONL reader reports them instead.
 */

/** One repeated key: its dotted path in the record (`must_contain`, `expected_sources[0].locator.slug`). */
export interface DuplicateKey {
  path: string
  key: string
}

type Frame = { kind: 'object'; path: string; keys: Set<string>; key: string; expectKey: boolean } | ArrayFrame
type ArrayFrame = { kind: 'array'; path: string; index: number }

/** The path of a value about to start inside `parent` (its current key, or its current index). */
function childPath(parent: Frame | undefined): string {
  if (!parent) return ''
  if (parent.kind === 'array') return `${parent.path}[${parent.index}]`
  return parent.path === '' ? parent.key : `${parent.path}.${parent.key}`
}

/** The index just past the string that starts (with its quote) at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1
  return i + 1
}

/**
 * Every key that repeats within the same object of `text`, a text `JSON.parse` accepts, in text order: one
 * scan that tracks the open objects and arrays. Example: `{"a":1,"b":{"c":1,"c":2},"a":3}` ->
 * `[{path: 'b.c', key: 'c'}, {path: 'a', key: 'a'}]`. A key repeated in different objects is not a duplicate.
 */
export function findDuplicateKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = []
  const stack: Frame[] = []
  let i = 0
  while (i < text.length) {
    const ch = text[i]
    const top = stack.at(-1)
    if (ch === '"') {
      const end = stringEnd(text, i)
      if (top?.kind === 'object' && top.expectKey) {
        const key = JSON.parse(text.slice(i, end)) as string
        if (top.keys.has(key)) found.push({ path: top.path === '' ? key : `${top.path}.${key}`, key })
        top.keys.add(key)
        top.key = key
        top.expectKey = false
      }
      i = end
      continue
    }
    if (ch === '{') stack.push({ kind: 'object', path: childPath(top), keys: new Set(), key: '', expectKey: true })
    else if (ch === '[') stack.push({ kind: 'array', path: childPath(top), index: 0 })
    else if (ch === '}' || ch === ']') stack.pop()
    else if (ch === ',' && top?.kind === 'object') top.expectKey = true
    else if (ch === ',' && top?.kind === 'array') top.index += 1
    i += 1
  }
  return found
}

/** Key-value pairs written in a JSON text: its colons outside strings (in JSON, each one follows a key). */
function writtenPairs(text: string): number {
  let pairs = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (ch === 0x22) {
      // Skip the string: to its closing quote, past escapes.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++
    } else if (ch === 0x3a) pairs++
  }
  return pairs
}

/** Own keys of every object in a parsed value, summed at every depth. */
function parsedPairs(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0
  let pairs = 0
  if (Array.isArray(value)) for (const item of value) pairs += parsedPairs(item)
  else for (const key of Object.keys(value)) pairs += 1 + parsedPairs((value as Record<string, unknown>)[key])
  return pairs
}

/**
 * False when `text`, which `JSON.parse` turned into `parsed`, repeats no key: it wrote as many key-value pairs as
 * `parsed` holds (a repeated key collapses two pairs into one). True means {@link findDuplicateKeys} has
 * something to find. Why: the full scan builds a set per object and parses every key, about 80 ms for a
 * 6,078-line golden file whose lines repeat nothing; counting colons is a tenth of that.
 */
export function mayRepeatKeys(text: string, parsed: unknown): boolean {
  return writtenPairs(text) !== parsedPairs(parsed)
}
