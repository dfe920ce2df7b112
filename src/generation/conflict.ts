/**
 * The conflict rule, deterministic half: when two shown sources state different values for the same thing,
 * the newer source (by date, then version) wins and the answer says the older one disagrees. Pure.
 *
 * "The same thing" is judged by value mentions: a number followed by its unit word (`5 seats`, `90 days`,
 * `1,200 requests`, `30-day`, `25%`). Two relevant sentences from sources of different recency that mention
 * the same unit with different numbers conflict, e.g. a doc's "The Team plan includes 3 seats." and a later
 * changelog entry's "The Team plan seat limit was raised from 3 to 5 seats." (unit `seat`: 3 vs 5).
 */
import type { Chunk } from '../corpus/types.ts'
import { isStopword, stem } from './terms.ts'

/** A number with its unit as written in a sentence. */
export interface ValueMention {
  /** The number without thousands separators, e.g. `1200`. */
  value: string
  /** Stemmed unit word (`seat`, `day`, `request`), `%` or `$`. */
  unit: string
  /** The mention as written, e.g. `1,200 requests` (used in the disagreement note). */
  surface: string
}

const MENTION =
  /(?<![\p{L}\p{N}\-_./])(\$\s?)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:(\s?%)|(?:[\s-]+|\u00a0)([A-Za-z][A-Za-z]*))?/gu

/** The value mentions of a sentence: numbers with a unit (`5 seats`, `$49`, `99.9%`); bare numbers are skipped. */
export function findValueMentions(sentence: string): ValueMention[] {
  const out: ValueMention[] = []
  for (const m of sentence.matchAll(MENTION)) {
    const [surface, dollar, number, percent, word] = m
    if (number === undefined) continue
    // a version-like or identifier-like context ("v4", "4.2.1") is not a quantity
    if (/^\d+\.\d+\.\d+/.test(sentence.slice(m.index ?? 0))) continue
    const value = number.replace(/,/g, '')
    if (dollar !== undefined) out.push({ value, unit: '$', surface: `$${number}` })
    else if (percent !== undefined) out.push({ value, unit: '%', surface: surface.trimEnd() })
    else if (word !== undefined && !isStopword(word.toLowerCase())) {
      out.push({ value, unit: stem(word.toLowerCase()), surface: surface.trimEnd() })
    }
  }
  return out
}

/** The recency fields of a source. */
export type Dated = Pick<Chunk, 'date' | 'version'>

/**
 * Orders two sources by recency: positive when `a` is newer. Dates (ISO `YYYY-MM-DD`) compare first; a dated
 * source counts as newer than an undated one, because in a help-desk corpus the undated pages are the docs,
 * which lag behind the dated changelog. Then versions compare numerically part by part (`4.10.0 > 4.9.2`).
 * 0 when neither tells them apart.
 */
export function compareRecency(a: Dated, b: Dated): number {
  if (a.date !== undefined && b.date !== undefined && a.date !== b.date) return a.date < b.date ? -1 : 1
  if (a.date !== undefined && b.date === undefined) return 1
  if (a.date === undefined && b.date !== undefined) return -1
  if (a.version !== undefined && b.version !== undefined) return compareVersions(a.version, b.version)
  if (a.version !== undefined && b.version === undefined) return 1
  if (a.version === undefined && b.version !== undefined) return -1
  return 0
}

/** Numeric part-by-part version comparison (`v4.10.0` vs `4.9.2` -> positive); non-numeric parts compare as text. */
export function compareVersions(a: string, b: string): number {
  const pa = a.replace(/^v/i, '').split(/[.\-+]/)
  const pb = b.replace(/^v/i, '').split(/[.\-+]/)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '0'
    const y = pb[i] ?? '0'
    const nx = Number(x)
    const ny = Number(y)
    const c = Number.isFinite(nx) && Number.isFinite(ny) ? nx - ny : x.localeCompare(y)
    if (c !== 0) return Math.sign(c)
  }
  return 0
}

/** A sentence the conflict check looks at. */
export interface ConflictCandidate {
  /** Index of the sentence in the caller's list. */
  id: number
  /** Stemmed content terms of the sentence. */
  terms: ReadonlySet<string>
  mentions: ValueMention[]
  source: Dated
}

/** Two sentences that disagree: `newer` wins, `older` is superseded. */
export interface Conflict {
  newer: number
  older: number
  /** The older sentence's mention that the newer source contradicts, and the newer value for it. */
  oldMention: ValueMention
  newMention: ValueMention
}

/**
 * Finds disagreeing pairs among relevant sentences: sentence O from an older source and N from a strictly
 * newer one share a unit, O's value for it is not among N's values for it, N has a different value, and the
 * two share at least one of `topicTerms` (the query's content terms) besides the unit, so they talk about
 * the same thing. Pairs are returned newest-first, then by the caller's order.
 */
export function findConflicts(candidates: readonly ConflictCandidate[], topicTerms: ReadonlySet<string>): Conflict[] {
  const out: Conflict[] = []
  for (const n of candidates) {
    for (const o of candidates) {
      if (n === o || compareRecency(n.source, o.source) <= 0) continue
      const conflict = disagreement(n, o, topicTerms)
      if (conflict !== undefined) out.push(conflict)
    }
  }
  const byId = new Map(candidates.map((c) => [c.id, c]))
  const recencyOf = (id: number): Dated => byId.get(id)?.source ?? {}
  return out.sort((a, b) => compareRecency(recencyOf(b.newer), recencyOf(a.newer)) || a.newer - b.newer || a.older - b.older)
}

function disagreement(n: ConflictCandidate, o: ConflictCandidate, topicTerms: ReadonlySet<string>): Conflict | undefined {
  for (const oldMention of o.mentions) {
    const unit = oldMention.unit
    const newValues = n.mentions.filter((m) => m.unit === unit)
    if (newValues.length === 0 || newValues.some((m) => m.value === oldMention.value)) continue
    const shared = [...topicTerms].some((t) => t !== unit && n.terms.has(t) && o.terms.has(t))
    if (!shared) continue
    const newMention = newValues[0]!
    return { newer: n.id, older: o.id, oldMention, newMention }
  }
  return undefined
}

/**
 * Whether an answer states that its sources disagree (the second half of the conflict rule), in the
 * extractive generator's words ("older documentation [2] says 3 seats; the newer source [1] supersedes it")
 * or a model's ("the older docs say otherwise", "this has changed", "is outdated").
 */
export function statesDisagreement(text: string): boolean {
  const t = text.toLowerCase()
  return (
    /\b(?:supersede[sd]?|disagree[sd]?|contradict(?:s|ed)?|conflict(?:s|ing)?|out of date|outdated|no longer (?:accurate|correct|current|valid))\b/.test(t) ||
    /\b(?:older|earlier|previous|prior|old)\b[^.]{0,80}\b(?:says|say|said|states|state|stated|lists|listed|mentions|mentioned|shows|showed|differs?|otherwise)\b/.test(t) ||
    /\bhas (?:since )?changed\b/.test(t)
  )
}
