/**
 * The deterministic extractive generator: the offline answerer that runs with no API key. It answers with
 * the best-supported sentences of the shown sources, cites each as `[n]`, follows the conflict rule, and
 * abstains when no sentence is supported well enough. Pure.
 *
 * Sentence score: the idf-weighted fraction of the query's content terms the sentence holds, where a term
 * found only in the source's title, heading path or label lines (a changelog entry's or ticket's header
 * line), or, for a sentence opening with a pronoun ("It is deprecated..."), in the sentence before it, earns
 * `headingCredit` of its weight (a list item "Team: 5 seats" under "## Seat limits" is about seat limits).
 * Example: terms seat (w 2), team (w 1), plan (w 1); sentence "Team: 5 seats" under heading "Plans" ->
 * (2 + 1 + 0.5 x 1) / 4 = 0.875.
 *
 * The answer: the best sentence, then up to `maxSentences - 1` more reaching `relativeFloor` of its score
 * (near-duplicates skipped), each followed by its `[n]`; a ticket's "Symptom:" sentence is replaced by the
 * ticket's "Cause:"/"Fix:" sentences; a sentence that a newer source contradicts is replaced by the newer
 * one and a note names both (see `conflict.ts`).
 */
import type { Chunk } from '../../corpus/types.ts'
import { ABSTENTION_TEXT } from './abstention.ts'
import {
  findChangeConflicts,
  findConflicts,
  findValueMentions,
  type Conflict,
  type ConflictCandidate,
} from './conflict.ts'
import type { WeightedQuery } from './term-stats.ts'
import { isLabelLine, splitSentences, uniqueContentTerms } from './terms.ts'
import { expandSymptoms, isFragment, nearDuplicate, withMarker } from './extractive-sentences.ts'

/** Knobs of the extractive generator; scores are ratios in [0, 1]. */
export interface ExtractiveConfig {
  /** Most sentences in an answer (before the conflict note). Default 2. */
  maxSentences: number
  /** A sentence needs at least this score to be used; none reaching it -> abstain. Default 0.4. */
  minSentenceScore: number
  /** Extra sentences need at least this fraction of the best sentence's score. Default 0.75. */
  relativeFloor: number
  /** Credit for a query term found only in the source's title or heading path. Default 0.5. */
  headingCredit: number
  /**
   * A sentence at least this relevant takes part in the conflict check (one of a disagreeing pair must
   * still reach `minSentenceScore`): a changelog entry often words the change differently from the doc it
   * supersedes. Default 0.3.
   */
  minConflictScore: number
}

/** The extractive generator's defaults. */
export const defaultExtractiveConfig: ExtractiveConfig = Object.freeze({
  maxSentences: 2,
  minSentenceScore: 0.4,
  relativeFloor: 0.75,
  headingCredit: 0.5,
  minConflictScore: 0.3,
})

/** A source shown to the generator under `[marker]`. */
export interface ExtractiveSource {
  marker: number
  chunk: Pick<Chunk, 'text' | 'title' | 'headingPath' | 'date' | 'version' | 'kind'>
}

/** One sentence the answer used. */
export interface ExtractedSentence {
  marker: number
  text: string
  score: number
}

/** The extractive generator's answer. */
export interface ExtractiveAnswer {
  text: string
  abstained: boolean
  /** The sentences chosen, in answer order (a ticket's symptom sentence stands for its cause/fix lines). */
  sentences: ExtractedSentence[]
  /** Distinct markers cited, ascending. */
  citedMarkers: number[]
  /** The conflicts stated in the answer's notes (the newer marker wins; `oldValue`/`newValue` empty for a change statement). */
  conflicts: Array<{ newerMarker: number; olderMarkers: number[]; oldValue: string; newValue: string }>
}

interface Candidate extends ConflictCandidate {
  /** The sentence's own content terms (`terms` adds its title, headings and inherited subject, for the conflict check). */
  ownTerms: ReadonlySet<string>
  marker: number
  text: string
  score: number
  position: number
  kind: Chunk['kind']
}

/** Answers `query` from `sources` (see the module doc), or abstains with {@link ABSTENTION_TEXT}. */
export function generateExtractive(
  query: WeightedQuery,
  sources: readonly ExtractiveSource[],
  config: ExtractiveConfig = defaultExtractiveConfig,
): ExtractiveAnswer {
  const scored = scoreSentences(query, sources, config)
    .filter((c) => c.score >= Math.min(config.minConflictScore, config.minSentenceScore))
    .sort((a, b) => b.score - a.score || a.marker - b.marker || a.position - b.position)
  const candidates = scored.filter((c) => c.score >= config.minSentenceScore)
  if (candidates.length === 0 || query.total <= 0) return abstention()

  const byId = new Map(scored.map((c) => [c.id, c]))
  const topic = new Set(query.terms)
  let conflicts = findConflicts(scored, query).filter(
    (c) => Math.max(byId.get(c.newer)?.score ?? 0, byId.get(c.older)?.score ?? 0) >= config.minSentenceScore,
  )
  if (conflicts.length === 0) conflicts = findChangeConflicts(candidates, topic)
  // A conflict matters when its stale sentence is relevant (reaches minSentenceScore). The stale sentence is
  // dropped and the newer one is said instead: first when the stale one was the best sentence, else next.
  const best = candidates[0]!.score
  conflicts = conflicts.filter((c) => (byId.get(c.older)?.score ?? 0) >= config.minSentenceScore)
  const stale = new Set(conflicts.map((c) => c.older))
  const pool = candidates.filter((c) => !stale.has(c.id))
  const promoted = conflicts.map((c) => byId.get(c.newer)).filter((c): c is Candidate => c !== undefined)
  const lead = stale.has(candidates[0]!.id) ? promoted[0] : pool[0]
  if (lead === undefined) return abstention()

  const chosen: Candidate[] = [lead]
  for (const c of [...promoted, ...pool]) {
    if (chosen.length >= config.maxSentences) break
    if (chosen.includes(c) || (!promoted.includes(c) && c.score < config.relativeFloor * best)) continue
    if (chosen.some((s) => nearDuplicate(s, c))) continue
    chosen.push(c)
  }
  // notes only for conflicts whose newer sentence is said
  conflicts = conflicts.filter((c) => chosen.some((s) => s.id === c.newer))

  const notes = conflictNotes(conflicts, byId)
  const body = expandSymptoms(chosen, sources).map((c) => withMarker(c.text, c.marker))
  const text = [...body, ...notes.map((n) => n.text)].join(' ')
  const cited = new Set([...chosen.map((c) => c.marker), ...notes.flatMap((n) => [n.newerMarker, ...n.olderMarkers])])
  return {
    text,
    abstained: false,
    sentences: chosen.map((c) => ({ marker: c.marker, text: c.text, score: c.score })),
    citedMarkers: [...cited].sort((a, b) => a - b),
    conflicts: notes.map(({ newerMarker, olderMarkers, oldValue, newValue }) => ({
      newerMarker,
      olderMarkers,
      oldValue,
      newValue,
    })),
  }
}

function abstention(): ExtractiveAnswer {
  return { text: ABSTENTION_TEXT, abstained: true, sentences: [], citedMarkers: [], conflicts: [] }
}

function scoreSentences(
  query: WeightedQuery,
  sources: readonly ExtractiveSource[],
  config: ExtractiveConfig,
): Candidate[] {
  const out: Candidate[] = []
  for (const { marker, chunk } of sources) {
    const labels = chunk.text.split('\n').filter(isLabelLine)
    const context = new Set(uniqueContentTerms([chunk.title, ...(chunk.headingPath ?? []), ...labels].join('\n')))
    let previous: ReadonlySet<string> = new Set()
    const sentences = splitSentences(chunk.text)
    sentences.forEach((text, position) => {
      const terms = new Set(uniqueContentTerms(text))
      if (isFragment(sentences, position, chunk.text)) {
        previous = terms
        return
      }
      // "It is deprecated and will be removed on ..." is about the previous sentence's subject
      const inherited = PRONOUN_START.test(text) ? previous : new Set<string>()
      let covered = 0
      query.terms.forEach((term, i) => {
        const w = query.weights[i] ?? 0
        if (terms.has(term)) covered += w
        else if (context.has(term) || inherited.has(term)) covered += config.headingCredit * w
      })
      previous = terms
      out.push({
        id: out.length,
        marker,
        text,
        score: query.total > 0 ? covered / query.total : 0,
        position,
        ownTerms: terms,
        terms: new Set([...terms, ...context, ...inherited]),
        mentions: findValueMentions(text),
        source: { date: chunk.date, version: chunk.version },
        kind: chunk.kind,
      })
    })
  }
  return out
}

const PRONOUN_START = /^(?:it|its|this|that|these|those|they|their|them)\b/i

interface Note {
  text: string
  newerMarker: number
  olderMarkers: number[]
  oldValue: string
  newValue: string
}

/**
 * One note per (newer source, stale value): older sources saying the same stale value share it, e.g.
 * "Note: older documentation [1], [3] says 90 days; the newer source [2] says 180 days and supersedes it."
 * At most two notes.
 */
function conflictNotes(conflicts: readonly Conflict[], byId: ReadonlyMap<number, Candidate>): Note[] {
  const groups = new Map<string, { newer: Candidate; older: Candidate[]; conflict: Conflict }>()
  for (const c of conflicts) {
    const newer = byId.get(c.newer)
    const older = byId.get(c.older)
    if (newer === undefined || older === undefined || newer.marker === older.marker) continue
    const key = `${newer.marker}\u0000${c.oldMention?.value ?? ''}\u0000${c.oldMention?.unit ?? ''}`
    const group = groups.get(key) ?? { newer, older: [], conflict: c }
    if (!group.older.some((o) => o.marker === older.marker)) group.older.push(older)
    groups.set(key, group)
  }
  const notes: Note[] = []
  for (const { newer, older, conflict } of groups.values()) {
    const markers = [...new Set(older.map((o) => o.marker))].sort((a, b) => a - b)
    const kinds = new Set(older.map((o) => o.kind))
    const what =
      kinds.size === 1 && kinds.has('doc')
        ? 'older documentation'
        : kinds.size === 1 && kinds.has('changelog')
          ? 'an older changelog entry'
          : 'an older source'
    const cites = markers.map((m) => `[${m}]`).join(', ')
    const text =
      conflict.oldMention !== undefined && conflict.newMention !== undefined
        ? `Note: ${what} ${cites} says ${conflict.oldMention.surface}; the newer source [${newer.marker}] says ${conflict.newMention.surface} and supersedes it.`
        : `Note: ${what} ${cites} says otherwise; the newer source [${newer.marker}] supersedes it.`
    notes.push({
      text,
      newerMarker: newer.marker,
      olderMarkers: markers,
      oldValue: conflict.oldMention?.surface ?? '',
      newValue: conflict.newMention?.surface ?? '',
    })
    if (notes.length >= 2) break
  }
  return notes
}
