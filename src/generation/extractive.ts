/**
 * The deterministic extractive generator: the offline answerer that runs with no API key. It answers with
 * the best-supported sentences of the shown sources, cites each as `[n]`, follows the conflict rule, and
 * abstains when no sentence is supported well enough. Pure.
 *
 * Sentence score: the idf-weighted fraction of the query's content terms the sentence holds, where a term
 * found only in the source's title, heading path or label lines (a changelog entry's or ticket's header line) earns `headingCredit` of its weight (a list item
 * "Team: 5 seats" under "## Seat limits" is about seat limits). Example: terms seat (w 2), team (w 1),
 * plan (w 1); sentence "Team: 5 seats" under heading "Plans" -> (2 + 1 + 0.5 x 1) / 4 = 0.875.
 */
import type { Chunk } from '../corpus/types.ts'
import { ABSTENTION_TEXT } from './abstention.ts'
import { findConflicts, findValueMentions, type Conflict, type ConflictCandidate } from './conflict.ts'
import type { WeightedQuery } from './term-stats.ts'
import { isLabelLine, splitSentences, uniqueContentTerms } from './terms.ts'

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
  /** The sentences used, in answer order. */
  sentences: ExtractedSentence[]
  /** Distinct markers cited, ascending. */
  citedMarkers: number[]
  /** The conflicts stated in the answer's note (newer marker wins). */
  conflicts: Array<{ newerMarker: number; olderMarker: number; oldValue: string; newValue: string }>
}

interface Candidate extends ConflictCandidate {
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
  const conflicts = findConflicts(scored, new Set(query.terms)).filter(
    (c) => Math.max(byId.get(c.newer)?.score ?? 0, byId.get(c.older)?.score ?? 0) >= config.minSentenceScore,
  )
  const stale = new Set(conflicts.map((c) => c.older))
  const pool = candidates.filter((c) => !stale.has(c.id))
  const lead = conflicts[0] === undefined ? pool[0] : byId.get(conflicts[0].newer)
  if (lead === undefined) return abstention()
  const best = pool[0]?.score ?? lead.score

  const chosen: Candidate[] = [lead]
  for (const c of pool) {
    if (chosen.length >= config.maxSentences) break
    if (chosen.includes(c) || c.score < config.relativeFloor * best) continue
    if (chosen.some((s) => nearDuplicate(s, c))) continue
    chosen.push(c)
  }

  const notes = conflictNotes(conflicts, byId)
  const body = chosen.map((c) => withMarker(c.text, c.marker))
  const text = [...body, ...notes.map((n) => n.text)].join(' ')
  const cited = new Set([...chosen.map((c) => c.marker), ...notes.flatMap((n) => [n.newerMarker, n.olderMarker])])
  return {
    text,
    abstained: false,
    sentences: chosen.map((c) => ({ marker: c.marker, text: c.text, score: c.score })),
    citedMarkers: [...cited].sort((a, b) => a - b),
    conflicts: notes.map(({ newerMarker, olderMarker, oldValue, newValue }) => ({ newerMarker, olderMarker, oldValue, newValue })),
  }
}

function abstention(): ExtractiveAnswer {
  return { text: ABSTENTION_TEXT, abstained: true, sentences: [], citedMarkers: [], conflicts: [] }
}

function scoreSentences(query: WeightedQuery, sources: readonly ExtractiveSource[], config: ExtractiveConfig): Candidate[] {
  const out: Candidate[] = []
  for (const { marker, chunk } of sources) {
    const labels = chunk.text.split('\n').filter(isLabelLine)
    const context = new Set(uniqueContentTerms([chunk.title, ...(chunk.headingPath ?? []), ...labels].join('\n')))
    splitSentences(chunk.text).forEach((text, position) => {
      const terms = new Set(uniqueContentTerms(text))
      let covered = 0
      query.terms.forEach((term, i) => {
        const w = query.weights[i] ?? 0
        if (terms.has(term)) covered += w
        else if (context.has(term)) covered += config.headingCredit * w
      })
      out.push({
        id: out.length,
        marker,
        text,
        score: query.total > 0 ? covered / query.total : 0,
        position,
        terms,
        mentions: findValueMentions(text),
        source: { date: chunk.date, version: chunk.version },
        kind: chunk.kind,
      })
    })
  }
  return out
}

/** Two sentences repeating each other (Jaccard of content terms >= 0.8) are not both worth saying. */
function nearDuplicate(a: Candidate, b: Candidate): boolean {
  let shared = 0
  for (const t of a.terms) if (b.terms.has(t)) shared += 1
  const union = a.terms.size + b.terms.size - shared
  return union > 0 && shared / union >= 0.8
}

/** `"The Team plan includes 5 seats."` + 1 -> `"The Team plan includes 5 seats [1]."` */
function withMarker(sentence: string, marker: number): string {
  const m = /^(.*?)([.!?:;]*)$/s.exec(sentence.trim())
  const core = m?.[1] ?? sentence
  const end = m?.[2] ?? ''
  return `${core} [${marker}]${end.startsWith('?') || end.startsWith('!') ? end.slice(0, 1) : '.'}`
}

interface Note {
  text: string
  newerMarker: number
  olderMarker: number
  oldValue: string
  newValue: string
}

/** One note per older source that a newer one contradicts, e.g. "Note: older documentation [2] says 3 seats; ...". */
function conflictNotes(conflicts: readonly Conflict[], byId: ReadonlyMap<number, Candidate>): Note[] {
  const notes: Note[] = []
  const seenOlder = new Set<number>()
  for (const c of conflicts) {
    const newer = byId.get(c.newer)
    const older = byId.get(c.older)
    if (newer === undefined || older === undefined || newer.marker === older.marker || seenOlder.has(older.marker)) continue
    seenOlder.add(older.marker)
    const what = older.kind === 'doc' ? 'older documentation' : older.kind === 'changelog' ? 'an older changelog entry' : 'an older source'
    notes.push({
      text: `Note: ${what} [${older.marker}] says ${c.oldMention.surface}; the newer source [${newer.marker}] says ${c.newMention.surface} and supersedes it.`,
      newerMarker: newer.marker,
      olderMarker: older.marker,
      oldValue: c.oldMention.surface,
      newValue: c.newMention.surface,
    })
    if (notes.length >= 2) break
  }
  return notes
}
