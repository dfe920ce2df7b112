/**
 * The offline heuristic judge: deterministic, free, no model. It splits the answer into claims, checks
 * each claim lexically against the sources its markers point at (content-word overlap plus number and
 * identifier literals), detects abstention, and grades CRAG from the reference answer and must_contain.
 *
 * Its scores are labelled `kind: 'heuristic'` and must never be mixed with model-judged scores in one
 * baseline: the two are different instruments (see `calibration.ts` for how each agrees with humans).
 */
import { mustAbstain } from '../../cases/schema.ts'
import { isAbstention } from '../../shared/text/abstention.ts'
import { answerContext, judgeClaim, type AnswerContext, type ClaimFinding } from './claim-judgement.ts'
import { splitClaims, type SplitClaim } from './claims.ts'
import { FAITHFULNESS_THRESHOLDS, measureAnswerSupport, verdictFromSupport } from './support-score.ts'
import { readText, referenceLiterals, referenceRecall } from './support.ts'
import { cragOfAbstention } from '../metrics/crag.ts'
import type { CragGrade, RubricScore } from './rubric.ts'
import type { Judge, JudgeClaim, JudgeInput, JudgeVerdict } from './types.ts'

/** Thresholds of the heuristic judge, all ratios in [0, 1]. */
export interface HeuristicJudgeOptions {
  /** Share of a claim's novel words a passage must hold to support it (claim flags, citations). Default 0.8. */
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
export const HEURISTIC_JUDGE_VERSION = 'heuristic-6'

/**
 * Maps a share of good items to a rubric score: 1 when all are good, 0.5 when at least half are, else 0.
 * Example: 3 of 4 claims supported -> 0.75 -> 0.5.
 */
export function scoreFromRatio(ratio: number): RubricScore {
  if (ratio >= 1) return 1
  return ratio >= 0.5 ? 0.5 : 0
}

/** Whether the shown context holds the answer: the caller's flag, else estimated from the golden case. */
export function estimateContextHasAnswer(
  input: JudgeInput,
  options: HeuristicJudgeOptions = DEFAULT_HEURISTIC_JUDGE_OPTIONS,
  context?: string,
): boolean {
  if (input.contextHasAnswer !== undefined) return input.contextHasAnswer
  if (mustAbstain({ case_type: input.caseType })) return false
  const text = context ?? input.sources.map((s) => s.text ?? '').join('\n')
  if (input.mustContain.length > 0) {
    const lower = readText(text).lower
    return input.mustContain.every((l) => lower.includes(l.toLowerCase()))
  }
  if (input.referenceAnswer.trim() !== '')
    return referenceRecall(input.referenceAnswer, text) >= options.contextAnswerRecall
  return input.sources.length > 0
}

function quote(text: string): string {
  return text.length > 80 ? `"${text.slice(0, 77)}..."` : `"${text}"`
}

/** A score with the sentence that explains it. */
type Scored<T> = { score: T; reason: string }

/**
 * The verdict on an abstention. Its CRAG grade follows {@link cragOfAbstention}: on a case known to be
 * answerable it is `missing`, even when no source holding the answer was shown (the system failed to find
 * it; abstaining is honest, not perfect). Unknown answerability falls back to the context.
 */
function abstainedVerdict(contextHasAnswer: boolean, answerable: boolean | undefined): JudgeVerdict {
  const crag = cragOfAbstention(answerable ?? contextHasAnswer)
  const cragReason =
    crag === 'perfect'
      ? 'perfect: correct abstention'
      : contextHasAnswer
        ? 'missing: abstained although the answer was available'
        : 'missing: abstained on an answerable case (the answer was not in the shown context)'
  return {
    kind: 'heuristic',
    failed: false,
    // No claims: nothing unfaithful and nothing uncited (the rubric's rule, same as the model judge's).
    faithfulness: 1,
    citationAccuracy: 1,
    answerRelevance: contextHasAnswer ? 0 : 1,
    crag,
    reasons: {
      faithfulness: 'abstained: no claims, nothing unsupported',
      citation_accuracy: 'abstained: no claims, nothing uncited',
      answer_relevance: contextHasAnswer
        ? 'abstained although the context holds the answer'
        : 'abstained and the context lacks the answer',
      crag: cragReason,
    },
    claims: [],
  }
}

/**
 * Faithfulness from the continuous support of the answer's factual claims ({@link measureAnswerSupport}) by the
 * thresholds of {@link verdictFromSupport}; an unsupported conflict note caps it at 0.5, and so does following a
 * stale source without saying so. The reason names the support parts and each claim no passage supports.
 */
function scoreFaithfulness(
  findings: readonly ClaimFinding[],
  claims: readonly SplitClaim[],
  context: AnswerContext,
): Scored<RubricScore> & { support: number } {
  const facts = claims.filter((c) => c.kind === 'fact').map((c) => c.text)
  const parts = measureAnswerSupport(
    facts,
    context.input.query,
    context.wholeText,
    context.options.supportWindowSentences,
  )
  const n = findings.length
  const unsupported = findings.filter((f) => !f.supported)
  const badNote = findings.some((f, i) => !f.supported && claims[i]?.kind === 'conflict_note')
  const stale = findings.filter((f) => f.staleAgainst !== undefined)
  const hasConflictNote = claims.some((c) => c.kind === 'conflict_note')
  let score = verdictFromSupport(parts.score)
  if (badNote && score === 1) score = 0.5
  const support = `support ${parts.score.toFixed(2)} (word pairs ${parts.bigram.toFixed(2)}, passage ${parts.passage.toFixed(2)}, literals ${parts.literals.toFixed(2)}; faithful from ${FAITHFULNESS_THRESHOLDS.faithful}, partial from ${FAITHFULNESS_THRESHOLDS.partial})`
  let reason =
    unsupported.length === 0
      ? `all ${n} claim(s) supported by the context; ${support}`
      : `${unsupported.length} of ${n} claim(s) unsupported: ${unsupported.map((f) => `${quote(f.text)} ${f.why}`).join('; ')}; ${support}`
  if (stale.length > 0 && !hasConflictNote && score === 1) {
    score = 0.5
    reason = `follows an older source although newer source [${stale[0]?.staleAgainst}] disagrees, and does not say so; ${support}`
  } else if (hasConflictNote && unsupported.length === 0 && stale.length === 0) {
    reason += '; follows the newer source and notes the older one (conflict rule: full marks)'
  }
  return { score, reason, support: parts.score }
}

function scoreCitations(findings: readonly ClaimFinding[]): Scored<RubricScore> {
  const n = findings.length
  const fabricated = findings.flatMap((f) => f.unknownMarkers)
  const badCitations = findings.filter((f) => !f.citationOk)
  const score: RubricScore = fabricated.length > 0 ? 0 : n === 0 ? 1 : scoreFromRatio((n - badCitations.length) / n)
  const reason =
    fabricated.length > 0
      ? `marker(s) [${[...new Set(fabricated)].join('], [')}] point at sources that were not shown`
      : badCitations.length === 0
        ? `all ${n} claim(s) cite a supporting source`
        : `${badCitations.length} of ${n} claim(s) badly cited: ${badCitations.map((f) => `${quote(f.text)} ${f.why}`).join('; ')}`
  return { score, reason }
}

function scoreRelevance(
  input: JudgeInput,
  answerText: string,
  refRecall: number | undefined,
  options: HeuristicJudgeOptions,
): Scored<RubricScore> {
  const queryWords = readText(input.query).words
  const answerWords = readText(answerText).words
  let covered = 0
  for (const w of queryWords) if (answerWords.has(w)) covered++
  const queryCoverage = queryWords.size === 0 ? 1 : covered / queryWords.size
  const relevanceRatio = Math.max(queryCoverage, refRecall ?? 0)
  // A short answer ("Delhi", "Arthur's Magazine") rarely repeats the question's words, and word overlap cannot
  // tell whether it is the right KIND of answer; give it the benefit of the doubt (correctness is CRAG's job).
  const shortDirect = answerWords.size <= options.shortAnswerWords
  const score: RubricScore = relevanceRatio >= 0.5 || shortDirect ? 1 : relevanceRatio > 0 ? 0.5 : 0
  const reason = `query coverage ${queryCoverage.toFixed(2)}${refRecall === undefined ? '' : `, reference recall ${refRecall.toFixed(2)}`}${shortDirect ? ', short direct answer' : ''}`
  return { score, reason }
}

/** What the CRAG grade of an answered case depends on, computed by the other criteria. */
interface CragFacts {
  contextHasAnswer: boolean
  answerText: string
  refRecall: number | undefined
  faithfulness: RubricScore
  staleUnnoted: boolean
}

function gradeCrag(input: JudgeInput, facts: CragFacts, options: HeuristicJudgeOptions): Scored<CragGrade> {
  const { faithfulness } = facts
  if (!facts.contextHasAnswer && (mustAbstain({ case_type: input.caseType }) || input.contextHasAnswer === false)) {
    return { score: 'incorrect', reason: 'answered although it should have abstained' }
  }
  const recall = facts.refRecall ?? 1
  const answerLower = input.mustContain.length > 0 ? input.answer.toLowerCase() : ''
  const missingLiterals = input.mustContain.filter((l) => !answerLower.includes(l.toLowerCase()))
  // A wrong number or identifier makes an answer wrong, however many other words it shares.
  const { numbers, identifiers } = referenceLiterals(input.referenceAnswer)
  const answerTextLower = readText(facts.answerText).lower
  const referenceLiteralsKept = [...numbers, ...identifiers].every((l) => answerTextLower.includes(l))
  if (facts.staleUnnoted)
    return { score: 'incorrect', reason: 'answered from an older source that a newer one contradicts' }
  if (missingLiterals.length > 0) {
    const score =
      recall >= options.cragAcceptableRecall && faithfulness > 0 && referenceLiteralsKept ? 'acceptable' : 'incorrect'
    return { score, reason: `must_contain missing: ${missingLiterals.map((l) => `"${l}"`).join(', ')}` }
  }
  if (input.mustContain.length > 0 && faithfulness > 0) {
    // The golden author named the essentials: all present and supported is a correct answer, whatever
    // extra detail (versions, changelog ids) the reference also mentions.
    const detail = faithfulness === 1 ? '' : ' but has an unsupported detail'
    return {
      score: faithfulness === 1 ? 'perfect' : 'acceptable',
      reason: `holds every must_contain literal${detail} (reference recall ${recall.toFixed(2)})`,
    }
  }
  if (faithfulness === 0) return { score: 'incorrect', reason: 'main claims unsupported by the context' }
  if (recall >= options.cragPerfectRecall) {
    const detail = faithfulness === 1 ? '' : ' with an unsupported detail'
    return {
      score: faithfulness === 1 ? 'perfect' : 'acceptable',
      reason: `matches the reference (recall ${recall.toFixed(2)})${detail}`,
    }
  }
  if (recall >= options.cragAcceptableRecall)
    return { score: 'acceptable', reason: `partly matches the reference (recall ${recall.toFixed(2)})` }
  return { score: 'incorrect', reason: `does not match the reference (recall ${recall.toFixed(2)})` }
}

/** Judges one case with the lexical rules. Pure and deterministic. */
export function judgeHeuristically(
  input: JudgeInput,
  options: HeuristicJudgeOptions = DEFAULT_HEURISTIC_JUDGE_OPTIONS,
): JudgeVerdict {
  const split = splitClaims(input.answer)
  const context = answerContext(input, options)
  const contextHasAnswer = estimateContextHasAnswer(input, options, context.wholeText)
  const abstained =
    input.abstained || isAbstention(input.answer) || (split.claims.length === 0 && split.abstentionSentences.length > 0)
  if (abstained) return abstainedVerdict(contextHasAnswer, input.answerable)

  const findings = split.claims.map((c) => judgeClaim(c, context))
  const hasConflictNote = split.claims.some((c) => c.kind === 'conflict_note')
  const faithfulness = scoreFaithfulness(findings, split.claims, context)
  const citations = scoreCitations(findings)
  const answerText = split.claims.map((c) => c.text).join(' ')
  const refRecall = input.referenceAnswer.trim() === '' ? undefined : referenceRecall(input.referenceAnswer, answerText)
  const relevance = scoreRelevance(input, answerText, refRecall, options)
  const staleUnnoted = findings.some((f) => f.staleAgainst !== undefined) && !hasConflictNote
  const crag = gradeCrag(
    input,
    { contextHasAnswer, answerText, refRecall, faithfulness: faithfulness.score, staleUnnoted },
    options,
  )
  return {
    kind: 'heuristic',
    failed: false,
    faithfulness: faithfulness.score,
    citationAccuracy: citations.score,
    answerRelevance: relevance.score,
    crag: crag.score,
    reasons: {
      faithfulness: faithfulness.reason,
      citation_accuracy: citations.reason,
      answer_relevance: relevance.reason,
      crag: crag.reason,
    },
    claims: findings.map(({ text, markers, supportingMarkers, supported }) => ({
      text,
      markers,
      supportingMarkers,
      supported,
    })),
    faithfulnessSupport: faithfulness.support,
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
