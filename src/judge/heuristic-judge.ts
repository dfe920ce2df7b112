/**
 * The offline heuristic judge: deterministic, free, no model. It splits the answer into claims, checks
 * each claim lexically against the sources its markers point at (content-word overlap plus number and
 * identifier literals), detects abstention, and grades CRAG from the reference answer and must_contain.
 *
 * Its scores are labelled `kind: 'heuristic'` and must never be mixed with model-judged scores in one
 * baseline: the two are different instruments (see `calibration.ts` for how each agrees with humans).
 */
import type { ShownSource } from '../adapter/types.ts'
import { mustAbstain } from '../cases/schema.ts'
import { isAbstention } from '../generation/abstention.ts'
import { splitClaims, type SplitClaim } from './claims.ts'
import { contentWords, identifierLiterals, measureSupport, numberLiterals } from './lexical.ts'
import type { CragGrade, RubricScore } from './rubric.ts'
import type { Judge, JudgeClaim, JudgeInput, JudgeVerdict } from './types.ts'

/** Thresholds of the heuristic judge, all ratios in [0, 1]. */
export interface HeuristicJudgeOptions {
  /** Share of a claim's novel content words a source passage must hold to support it. Default 0.8. */
  supportOverlap: number
  /**
   * How many consecutive sentences of a source one claim may draw on. Default 2: a claim that stitches
   * words from far-apart sentences (a name from one, a place from another) is how most fluent hallucinations
   * look, while a true claim rests on one or two neighbouring sentences.
   */
  supportWindowSentences: number
  /** Share of the reference answer's words (and literals) the answer must hold for `perfect`. Default 0.8. */
  cragPerfectRecall: number
  /** ... for `acceptable`. Default 0.5. */
  cragAcceptableRecall: number
  /** Share of the reference answer's words the context must hold to count as holding the answer. Default 0.6. */
  contextAnswerRecall: number
  /** An answer of at most this many content words is read as a direct answer (relevance 1). Default 6. */
  shortAnswerWords: number
}

/** Defaults of {@link HeuristicJudgeOptions}. */
export const DEFAULT_HEURISTIC_JUDGE_OPTIONS: HeuristicJudgeOptions = {
  supportOverlap: 0.8,
  supportWindowSentences: 2,
  cragPerfectRecall: 0.8,
  cragAcceptableRecall: 0.5,
  contextAnswerRecall: 0.6,
  shortAnswerWords: 6,
}

/** Version of the heuristic rule set, recorded beside its scores; bump when a rule or default changes. */
export const HEURISTIC_JUDGE_VERSION = 'heuristic-4'

/**
 * Maps a share of good items to a rubric score: 1 when all are good, 0.5 when at least half are, else 0.
 * Example: 3 of 4 claims supported -> 0.75 -> 0.5.
 */
export function scoreFromRatio(ratio: number): RubricScore {
  if (ratio >= 1) return 1
  return ratio >= 0.5 ? 0.5 : 0
}

/** Share of the reference's content words and literals found in `text`, in [0, 1]; 1 for an empty reference. */
export function referenceRecall(reference: string, text: string): number {
  const wanted = [...contentWords(reference), ...numberLiterals(reference), ...identifierLiterals(reference)]
  if (wanted.length === 0) return 1
  const words = contentWords(text)
  const numbers = numberLiterals(text)
  const lower = text.toLowerCase()
  const found = wanted.filter((w) => words.has(w) || numbers.has(w) || lower.includes(w)).length
  return found / wanted.length
}

/** Orders two sources by date, then version: positive when `a` is newer. Unknown dates compare equal. */
function compareRecency(a: ShownSource, b: ShownSource): number {
  if (a.date && b.date) return a.date < b.date ? -1 : a.date > b.date ? 1 : 0
  if (a.version && b.version) {
    const pa = a.version.split(/[.-]/).map(Number)
    const pb = b.version.split(/[.-]/).map(Number)
    for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
      const d = (pa[i] ?? 0) - (pb[i] ?? 0)
      if (Number.isFinite(d) && d !== 0) return d
    }
  }
  return 0
}

/**
 * The passages a claim may rest on: every run of `size` consecutive sentences of `text` (the whole text when it
 * has at most `size`). Sentences end at `.`, `!` or `?` before a capital, also when the space is missing
 * ("...century.First for Women is..."), as in text joined from several pages.
 * Example: "A. B. C." with size 2 -> ["A. B.", "B. C."].
 */
export function sentenceWindows(text: string, size: number): string[] {
  const sentences = text.split(/(?<=[.!?])\s*(?=["“(]?\p{Lu})/u).filter((s) => s.trim() !== '')
  if (sentences.length <= size) return [text]
  const out: string[] = []
  for (let i = 0; i + size <= sentences.length; i++) out.push(sentences.slice(i, i + size).join(' '))
  return out
}

interface ClaimFinding extends JudgeClaim {
  unknownMarkers: number[]
  citationOk: boolean
  /** A newer shown source that covers the claim's words but not its literals (answered from a stale source). */
  staleAgainst?: number
  why: string
}

function judgeClaim(claim: SplitClaim, input: JudgeInput, options: HeuristicJudgeOptions): ClaimFinding {
  const dropMeta = claim.kind === 'conflict_note'
  const shown = new Map(input.sources.map((s) => [s.marker, s]))
  // A fact rests on a passage; a conflict note, or a claim citing several sources at once, says what those
  // sources say together, so it may draw on all of their text.
  const supports = (text: string | undefined, windowed = claim.kind === 'fact') => {
    if (text === undefined) return { ok: false, matched: 0, missing: [] as string[] }
    const whole = measureSupport(claim.text, text, input.query, dropMeta)
    const passages = windowed ? sentenceWindows(text, options.supportWindowSentences) : [text]
    const ok = passages.some((window) => {
      const s = window === text ? whole : measureSupport(claim.text, window, input.query, dropMeta)
      return s.overlap >= options.supportOverlap && s.missingLiterals.length === 0
    })
    return { ok, matched: whole.matchedWords.length, missing: whole.missingLiterals }
  }
  const unknownMarkers = claim.markers.filter((m) => !shown.has(m))
  const cited = claim.markers.filter((m) => shown.has(m))
  let supportingMarkers = cited.filter((m) => supports(shown.get(m)?.text).ok)
  // A claim that joins two sources ("A is in X [1] and costs $5 [2]") is supported by their union only.
  const citedUnion = supports(cited.map((m) => shown.get(m)?.text ?? '').join('\n'), cited.length <= 1 && claim.kind === 'fact')
  if (supportingMarkers.length === 0 && cited.length > 1 && citedUnion.ok) {
    supportingMarkers = cited.filter((m) => supports(shown.get(m)?.text).matched > 0)
  }
  const supportingSources = input.sources.filter((s) => supports(s.text).ok)
  const wholeContext = supports(input.sources.map((s) => s.text ?? '').join('\n'))
  const supported = supportingSources.length > 0 || wholeContext.ok || (cited.length > 1 && citedUnion.ok)
  const citationOk = cited.length > 0 && unknownMarkers.length === 0 && (supportingMarkers.length > 0 || citedUnion.ok)

  let staleAgainst: number | undefined
  if (claim.kind === 'fact' && supportingSources.length > 0) {
    const newest = supportingSources.reduce((a, b) => (compareRecency(a, b) >= 0 ? a : b))
    const newer = input.sources.find((s) => {
      if (compareRecency(s, newest) <= 0 || s.text === undefined) return false
      const m = measureSupport(claim.text, s.text, input.query)
      return m.overlap >= options.supportOverlap && m.missingLiterals.length > 0
    })
    staleAgainst = newer?.marker
  }

  const why = unknownMarkers.length > 0
    ? `cites [${unknownMarkers.join('], [')}] which was not shown`
    : !supported
      ? `not in the context${wholeContext.missing.length > 0 ? ` (missing ${wholeContext.missing.join(', ')})` : ''}`
      : cited.length === 0
        ? 'supported but carries no marker'
        : !citationOk
          ? `its marker${cited.length > 1 ? 's' : ''} [${cited.join('], [')}] do not support it`
          : 'supported by its citation'
  return { text: claim.text, markers: claim.markers, supportingMarkers, supported, unknownMarkers, citationOk, staleAgainst, why }
}

/** Whether the shown context holds the answer: the caller's flag, else estimated from the golden case. */
export function estimateContextHasAnswer(input: JudgeInput, options: HeuristicJudgeOptions = DEFAULT_HEURISTIC_JUDGE_OPTIONS): boolean {
  if (input.contextHasAnswer !== undefined) return input.contextHasAnswer
  if (mustAbstain({ case_type: input.caseType })) return false
  const context = input.sources.map((s) => s.text ?? '').join('\n')
  if (input.mustContain.length > 0) return input.mustContain.every((l) => context.toLowerCase().includes(l.toLowerCase()))
  if (input.referenceAnswer.trim() !== '') return referenceRecall(input.referenceAnswer, context) >= options.contextAnswerRecall
  return input.sources.length > 0
}

function quote(text: string): string {
  return text.length > 80 ? `"${text.slice(0, 77)}..."` : `"${text}"`
}

/** Judges one case with the lexical rules. Pure and deterministic. */
export function judgeHeuristically(input: JudgeInput, options: HeuristicJudgeOptions = DEFAULT_HEURISTIC_JUDGE_OPTIONS): JudgeVerdict {
  const split = splitClaims(input.answer)
  const contextHasAnswer = estimateContextHasAnswer(input, options)
  const abstained = input.abstained || isAbstention(input.answer) || (split.claims.length === 0 && split.abstentionSentences.length > 0)
  if (abstained) {
    return {
      kind: 'heuristic',
      failed: false,
      // No claims: nothing unfaithful and nothing uncited (the rubric's rule, same as the model judge's).
      faithfulness: 1,
      citationAccuracy: 1,
      answerRelevance: contextHasAnswer ? 0 : 1,
      crag: contextHasAnswer ? 'missing' : 'perfect',
      reasons: {
        faithfulness: 'abstained: no claims, nothing unsupported',
        citation_accuracy: 'abstained: no claims, nothing uncited',
        answer_relevance: contextHasAnswer ? 'abstained although the context holds the answer' : 'abstained and the context lacks the answer',
        crag: contextHasAnswer ? 'missing: abstained although the answer was available' : 'perfect: correct abstention',
      },
      claims: [],
    }
  }

  const findings = split.claims.map((c) => judgeClaim(c, input, options))
  const n = findings.length
  const unsupported = findings.filter((f) => !f.supported)
  const hasConflictNote = split.claims.some((c) => c.kind === 'conflict_note')
  const stale = findings.filter((f) => f.staleAgainst !== undefined)
  let faithfulness: RubricScore = n === 0 ? 1 : scoreFromRatio((n - unsupported.length) / n)
  let faithReason = unsupported.length === 0 ? `all ${n} claim(s) supported by the context` : `${unsupported.length} of ${n} claim(s) unsupported: ${unsupported.map((f) => `${quote(f.text)} ${f.why}`).join('; ')}`
  if (stale.length > 0 && !hasConflictNote && faithfulness === 1) {
    faithfulness = 0.5
    faithReason = `follows an older source although newer source [${stale[0]?.staleAgainst}] disagrees, and does not say so`
  } else if (hasConflictNote && unsupported.length === 0 && stale.length === 0) {
    faithReason += '; follows the newer source and notes the older one (conflict rule: full marks)'
  }

  const fabricated = findings.flatMap((f) => f.unknownMarkers)
  const badCitations = findings.filter((f) => !f.citationOk)
  const citationAccuracy: RubricScore = fabricated.length > 0 ? 0 : n === 0 ? 1 : scoreFromRatio((n - badCitations.length) / n)
  const citeReason = fabricated.length > 0
    ? `marker(s) [${[...new Set(fabricated)].join('], [')}] point at sources that were not shown`
    : badCitations.length === 0
      ? `all ${n} claim(s) cite a supporting source`
      : `${badCitations.length} of ${n} claim(s) badly cited: ${badCitations.map((f) => `${quote(f.text)} ${f.why}`).join('; ')}`

  const answerText = split.claims.map((c) => c.text).join(' ')
  const refRecall = input.referenceAnswer.trim() === '' ? undefined : referenceRecall(input.referenceAnswer, answerText)
  const queryWords = [...contentWords(input.query)]
  const answerWords = contentWords(answerText)
  const queryCoverage = queryWords.length === 0 ? 1 : queryWords.filter((w) => answerWords.has(w)).length / queryWords.length
  const relevanceRatio = Math.max(queryCoverage, refRecall ?? 0)
  // A short answer ("Delhi", "Arthur's Magazine") rarely repeats the question's words, and word overlap cannot
  // tell whether it is the right KIND of answer; give it the benefit of the doubt (correctness is CRAG's job).
  const shortDirect = answerWords.size <= options.shortAnswerWords
  const answerRelevance: RubricScore = relevanceRatio >= 0.5 || shortDirect ? 1 : relevanceRatio > 0 ? 0.5 : 0

  const missingLiterals = input.mustContain.filter((l) => !input.answer.toLowerCase().includes(l.toLowerCase()))
  let crag: CragGrade
  let cragReason: string
  if (!contextHasAnswer && (mustAbstain({ case_type: input.caseType }) || input.contextHasAnswer === false)) {
    crag = 'incorrect'
    cragReason = 'answered although it should have abstained'
  } else {
    const recall = refRecall ?? 1
    // A wrong number or identifier makes an answer wrong, however many other words it shares.
    const referenceLiteralsKept = [...numberLiterals(input.referenceAnswer), ...identifierLiterals(input.referenceAnswer)].every((l) =>
      answerText.toLowerCase().includes(l),
    )
    if (stale.length > 0 && !hasConflictNote) {
      crag = 'incorrect'
      cragReason = 'answered from an older source that a newer one contradicts'
    } else if (missingLiterals.length > 0) {
      crag = recall >= options.cragAcceptableRecall && faithfulness > 0 && referenceLiteralsKept ? 'acceptable' : 'incorrect'
      cragReason = `must_contain missing: ${missingLiterals.map((l) => `"${l}"`).join(', ')}`
    } else if (input.mustContain.length > 0 && faithfulness > 0) {
      // The golden author named the essentials: all present and supported is a correct answer, whatever
      // extra detail (versions, changelog ids) the reference also mentions.
      crag = faithfulness === 1 ? 'perfect' : 'acceptable'
      cragReason = `holds every must_contain literal${faithfulness === 1 ? '' : ' but has an unsupported detail'} (reference recall ${recall.toFixed(2)})`
    } else if (faithfulness === 0) {
      crag = 'incorrect'
      cragReason = 'main claims unsupported by the context'
    } else if (recall >= options.cragPerfectRecall) {
      crag = faithfulness === 1 ? 'perfect' : 'acceptable'
      cragReason = `matches the reference (recall ${recall.toFixed(2)})${faithfulness === 1 ? '' : ' with an unsupported detail'}`
    } else if (recall >= options.cragAcceptableRecall) {
      crag = 'acceptable'
      cragReason = `partly matches the reference (recall ${recall.toFixed(2)})`
    } else {
      crag = 'incorrect'
      cragReason = `does not match the reference (recall ${recall.toFixed(2)})`
    }
  }

  return {
    kind: 'heuristic',
    failed: false,
    faithfulness,
    citationAccuracy,
    answerRelevance,
    crag,
    reasons: {
      faithfulness: faithReason,
      citation_accuracy: citeReason,
      answer_relevance: `query coverage ${queryCoverage.toFixed(2)}${refRecall === undefined ? '' : `, reference recall ${refRecall.toFixed(2)}`}${shortDirect ? ', short direct answer' : ''}`,
      crag: cragReason,
    },
    claims: findings.map(({ text, markers, supportingMarkers, supported }) => ({ text, markers, supportingMarkers, supported })),
  }
}

/** The heuristic judge behind the {@link Judge} interface. */
export function createHeuristicJudge(options: Partial<HeuristicJudgeOptions> = {}): Judge {
  const resolved = { ...DEFAULT_HEURISTIC_JUDGE_OPTIONS, ...options }
  return {
    kind: 'heuristic',
    promptVersion: HEURISTIC_JUDGE_VERSION,
    judge: async (input) => judgeHeuristically(input, resolved),
  }
}
