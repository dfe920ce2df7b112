/**
 * The conflict rule, deterministic half: when two shown sources state different values for the same thing,
 * the newer source (by date, then version) wins and the answer says the older one disagrees. Pure.
 *
 * "The same thing" is judged by value mentions: a number followed by its unit word (`5 seats`, `90 days`,
 * `1,200 requests`, `30-day`, `25%`). Two relevant sentences from sources of different recency that mention
 * the same unit with different numbers conflict, e.g. a doc's "The Team plan includes 3 seats." and a later
 * changelog entry's "The Team plan seat limit was raised from 3 to 5 seats." (unit `seat`: 3 vs 5).
 */
import type { Chunk } from '../../corpus/types.ts'
import { compareRecencyDatedFirst as compareRecency, type Dated } from '../../shared/text/conflict-rule.ts'
import { isStopword, stem } from './terms.ts'

// The pipeline's recency order and the disagreement detector live in text/conflict-rule.ts, where grading reads
// them too without importing the pipeline; their names here are kept for the pipeline's callers.
export {
  compareRecencyDatedFirst as compareRecency,
  compareVersions,
  statesDisagreement,
  type Dated,
} from '../../shared/text/conflict-rule.ts'

/** A number with its unit as written in a sentence. */
export interface ValueMention {
  /** The number without thousands separators, e.g. `1200`. */
  value: string
  /** Stemmed unit word (`seat`, `day`, `request`), `%` or `$`. */
  unit: string
  /** The mention as written, e.g. `1,200 requests` (used in the disagreement note). */
  surface: string
  /**
   * True when the sentence itself marks the value as the old one ("instead of 90 days", "up from 60
   * requests", "previously 3 seats", "from 3 to 5 seats"): it is not the sentence's current value.
   */
  superseded: boolean
}

const ISO_DATE = /(?<![\p{L}\p{N}\-_./])(\d{4}-\d{2}-\d{2})(?![\p{N}\-])/gu
const SUPERSEDED_BEFORE =
  /\b(?:instead of|rather than|up from|down from|from|previously|formerly|replacing|replaces|was|were|no longer)\s*$/i

const FROM_TO =
  /\bfrom\s+(\$)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s+to\s+\$?(?:\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s?(%)|[\s-]+([A-Za-z]+))?/g

const MENTION =
  /(?<![\p{L}\p{N}\-_./:])(\$\s?)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:(\s?%)|(?:[\s-]+|\u00a0)([A-Za-z][A-Za-z]*))?/gu

/**
 * The value mentions of a sentence: numbers with a unit (`5 seats`, `$49`, `99.9%`) and ISO dates (unit
 * `date`, e.g. a removal date); bare numbers, versions and identifiers are skipped.
 */
export function findValueMentions(sentence: string): ValueMention[] {
  const out: ValueMention[] = []
  const superseded = (index: number): boolean =>
    SUPERSEDED_BEFORE.test(sentence.slice(Math.max(0, index - 24), index).replace(/\$$/, ''))
  for (const m of sentence.matchAll(ISO_DATE)) {
    out.push({ value: m[1]!, unit: 'date', surface: m[1]!, superseded: superseded(m.index ?? 0) })
  }
  // "from 50 to 75 seats": the 50 is written without its unit and is the replaced value
  for (const m of sentence.matchAll(FROM_TO)) {
    const [, dollar, number, percent, word] = m
    if (number === undefined) continue
    const value = number.replace(/,/g, '')
    if (dollar !== undefined) out.push({ value, unit: '$', surface: `$${number}`, superseded: true })
    else if (percent !== undefined) out.push({ value, unit: '%', surface: `${number}%`, superseded: true })
    else if (word !== undefined && !isStopword(word.toLowerCase())) {
      out.push({ value, unit: stem(word.toLowerCase()), surface: `${number} ${word}`, superseded: true })
    }
  }
  for (const m of sentence.replace(ISO_DATE, (d) => ' '.repeat(d.length)).matchAll(MENTION)) {
    const [surface, dollar, number, percent, word] = m
    if (number === undefined) continue
    // a version-like or identifier-like context ("v4", "4.2.1") is not a quantity
    if (/^\d+\.\d+\.\d+/.test(sentence.slice(m.index ?? 0))) continue
    const value = number.replace(/,/g, '')
    const old = superseded(m.index ?? 0) || /^\s+to\s+\d/.test(sentence.slice((m.index ?? 0) + surface.length))
    if (dollar !== undefined) out.push({ value, unit: '$', surface: `$${number}`, superseded: old })
    else if (percent !== undefined) out.push({ value, unit: '%', surface: surface.trimEnd(), superseded: old })
    else if (word !== undefined && !isStopword(word.toLowerCase())) {
      out.push({ value, unit: stem(word.toLowerCase()), surface: surface.trimEnd(), superseded: old })
    }
  }
  return out
}

/** A sentence the conflict check looks at. */
export interface ConflictCandidate {
  /** Index of the sentence in the caller's list. */
  id: number
  /** Stemmed content terms of the sentence. */
  terms: ReadonlySet<string>
  mentions: ValueMention[]
  source: Dated
  /** Relevance to the question in [0, 1] (a change statement must be at least as relevant as what it supersedes). */
  score?: number
  /** The source's kind: only a changelog entry can supersede by a change statement (see {@link findChangeConflicts}). */
  kind?: Chunk['kind']
  text?: string
}

/** Two sentences that disagree: `newer` wins, `older` is superseded. */
export interface Conflict {
  newer: number
  older: number
  /** The older sentence's mention that the newer source contradicts, and the newer value for it (absent for a change statement). */
  oldMention?: ValueMention
  newMention?: ValueMention
}

const CHANGE_WORDS =
  /\b(?:now|no longer|instead of|deprecated|removed|replaced|renamed|raised|lowered|increased|decreased|reduced|extended|shortened|changed|discontinued|retired)\b/i

/**
 * Conflicts without numbers: a changelog sentence that states a change ("SMS codes can no longer be used",
 * "X is now ...", "... was renamed") supersedes a sentence of an older, non-changelog source about the same
 * thing (sharing at least two of `topicTerms`, and no more relevant to the question than the change), e.g. a
 * doc page still describing SMS codes. Only changelog
 * entries qualify, because stating a change is what they are for; a ticket saying "now works" is not one.
 * A sentence with value mentions is left to {@link findConflicts}: "the rate limit is raised from 120 to
 * 300 requests" does not make every older sentence about rate limits stale.
 */
export function findChangeConflicts(
  candidates: readonly ConflictCandidate[],
  topicTerms: ReadonlySet<string>,
): Conflict[] {
  const out: Conflict[] = []
  for (const n of candidates) {
    // a change with values is judged by its values (findConflicts); here only wordings without any
    if (n.kind !== 'changelog' || n.text === undefined || n.mentions.length > 0 || !CHANGE_WORDS.test(n.text)) continue
    for (const o of candidates) {
      if (o === n || o.kind === 'changelog' || compareRecency(n.source, o.source) <= 0) continue
      // the change must be about the question at least as much as the sentence it supersedes
      if ((n.score ?? 0) < (o.score ?? 0)) continue
      const shared = [...topicTerms].filter((t) => n.terms.has(t) && o.terms.has(t)).length
      if (shared >= 2) out.push({ newer: n.id, older: o.id })
    }
  }
  return out
}

/** The query's content terms and their weights: what "talking about the same thing" is measured in. */
export interface ConflictTopic {
  terms: readonly string[]
  weights: readonly number[]
}

/**
 * Finds disagreeing pairs among relevant sentences: sentence O from an older source and N from a strictly
 * newer one, where
 * - they share a unit, N states a current value for it, and O's current value is not among N's; when N names
 *   any value it replaces ("instead of 90 days", "from 50 to 75 seats"), O's value must be one of those (else
 *   O talks about something else: "the default window is 7 days" vs "the longest window is now 180 days
 *   instead of 90 days", or the $49 price in "Flight now includes 8 seats instead of 5, at $49");
 * - they talk about the same thing: the query terms (other than the unit) both hold weigh at least half of
 *   the query terms N holds.
 * A ticket never supersedes: it reports one customer's situation, not the product's current facts.
 * Pairs are returned newest-first, then by the caller's order.
 */
export function findConflicts(candidates: readonly ConflictCandidate[], topic: ConflictTopic): Conflict[] {
  const out: Conflict[] = []
  for (const n of candidates) {
    if (n.kind === 'ticket') continue
    for (const o of candidates) {
      if (n === o || compareRecency(n.source, o.source) <= 0) continue
      const conflict = disagreement(n, o, topic)
      if (conflict !== undefined) out.push(conflict)
    }
  }
  const byId = new Map(candidates.map((c) => [c.id, c]))
  const recencyOf = (id: number): Dated => byId.get(id)?.source ?? {}
  return out.sort(
    (a, b) => compareRecency(recencyOf(b.newer), recencyOf(a.newer)) || a.newer - b.newer || a.older - b.older,
  )
}

function sameTopic(n: ConflictCandidate, o: ConflictCandidate, topic: ConflictTopic, unit: string): boolean {
  let inNewer = 0
  let shared = 0
  topic.terms.forEach((t, i) => {
    if (t === unit || !n.terms.has(t)) return
    const w = topic.weights[i] ?? 0
    inNewer += w
    if (o.terms.has(t)) shared += w
  })
  return shared > 0 && shared >= 0.5 * inNewer
}

function disagreement(n: ConflictCandidate, o: ConflictCandidate, topic: ConflictTopic): Conflict | undefined {
  const replaced = n.mentions.filter((m) => m.superseded)
  for (const oldMention of o.mentions) {
    if (oldMention.superseded) continue
    const unit = oldMention.unit
    const current = n.mentions.filter((m) => m.unit === unit && !m.superseded)
    if (current.length === 0 || current.some((m) => m.value === oldMention.value)) continue
    if (replaced.length > 0 && !replaced.some((m) => m.unit === unit && m.value === oldMention.value)) continue
    if (!sameTopic(n, o, topic, unit)) continue
    return { newer: n.id, older: o.id, oldMention, newMention: current[0]! }
  }
  return undefined
}
