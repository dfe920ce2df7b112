/**
 * Step 3 of a case evaluation (system mode): judge the answer, turn the verdict into answer metrics by the
 * harness's rules, and assign the error class.
 *
 * Abstentions are scored honestly: an abstention has no claims, so faithfulness, citation accuracy and answer
 * relevance are not scored for it (answer metrics are means over ANSWERED cases, reported next to answer
 * coverage); an abstention is CRAG `missing` (0) on an answerable case and `perfect` on one that must not be
 * answered, whatever the judge said (`cragOfAbstention`, the rule the heuristic judge grades by too).
 */
import { mustAbstain } from '../cases/schema.ts'
import { readAbstention } from '../grading/checks/abstention.ts'
import { parseCitationMarkers, citedMarkerSet } from '../grading/checks/citations.ts'
import type { ResolvedOutput } from '../system/resolved-output.ts'
import { foldForLiteralMatch } from '../shared/text/normalize.ts'
import { statesDisagreement } from '../shared/text/conflict-rule.ts'
import { CRAG_SCORE } from '../grading/judge/rubric.ts'
import { cragOfAbstention } from '../grading/metrics/crag.ts'
import type { Judge, JudgeVerdict } from '../grading/judge/types.ts'
import { judgeOrUnjudged } from '../grading/judge/judge-failure.ts'
import { classifyError, hasEvidenceInTopK } from '../grading/metrics/error-class.ts'
import { copyRatio, lengthRatio } from '../grading/metrics/gaming.ts'
import type { CaseRecord, ErrorClass, HardCheckResult } from './case-record.ts'
import type { SourceResolution } from '../system/sources/types.ts'
import type { ModuleCase } from '../cases/prepared-case.ts'

/** How many top retrieved items count as "shown" when the system reports no sources. */
export const EVIDENCE_DEPTH = 5

/** What the answer step adds to a case record. */
export interface AnswerStep {
  answer: CaseRecord['answer']
  judgement?: JudgeVerdict
  answerMetrics: Record<string, number>
  errorClass: ErrorClass
}

/** Harness chunk ids the generator saw: the resolved shown sources, else the top {@link EVIDENCE_DEPTH} retrieved. */
function shownChunkIds(resolved: ResolvedOutput): string[] {
  const items = resolved.output.sources ? resolved.shown : resolved.retrieved.slice(0, EVIDENCE_DEPTH)
  return items.flatMap((r) => (r.resolved ? r.chunkIds : []))
}

/**
 * Answer metrics from a verdict. Example: an abstention on an answerable case judged CRAG `perfect` ->
 * `{ crag_truthfulness: 0 }` (faithfulness etc. unscored); a judged answer -> every criterion the judge gave.
 */
export function answerMetricsOf(
  verdict: JudgeVerdict | undefined,
  abstained: boolean,
  answerable: boolean,
): Record<string, number> {
  const metrics: Record<string, number> = {}
  if (!verdict || verdict.failed) return metrics
  if (!abstained) {
    if (verdict.faithfulness !== undefined) metrics.faithfulness = verdict.faithfulness
    if (verdict.citationAccuracy !== undefined) metrics.citation_accuracy = verdict.citationAccuracy
    if (verdict.answerRelevance !== undefined) metrics.answer_relevance = verdict.answerRelevance
  }
  // One rule for every judge: an abstention is graded by answerability alone (see cragOfAbstention).
  if (abstained) metrics.crag_truthfulness = CRAG_SCORE[cragOfAbstention(answerable)]
  else if (verdict.crag) metrics.crag_truthfulness = CRAG_SCORE[verdict.crag]
  return metrics
}

/** Judges and classifies a system-mode answer. `checkpointed` reuses a verdict from a resumed run. */
export async function evaluateAnswer(
  resolved: ResolvedOutput,
  moduleCase: ModuleCase,
  hard: readonly HardCheckResult[],
  judge: Judge | undefined,
  checkpointed: JudgeVerdict | undefined,
  textOf: (resolution: SourceResolution | undefined) => string | undefined = () => undefined,
): Promise<AnswerStep> {
  const c = moduleCase.case
  const { output } = resolved
  const text = output.answer ?? ''
  const { abstained } = readAbstention(output)
  const mustNotAnswer = mustAbstain(c) || !c.answerable
  const shown = new Set(shownChunkIds(resolved))
  let judgement = checkpointed
  if (!judgement && judge) {
    // A judge that throws leaves the case unjudged, its reason recorded (see judge-failure.ts).
    judgement = await judgeOrUnjudged(judge, {
      caseId: c.case_id,
      query: c.query,
      answer: text,
      abstained,
      // A source sent without its text is judged by the corpus text it resolves to.
      sources: (output.sources ?? []).map((s, i) =>
        s.text !== undefined ? s : { ...s, text: textOf(resolved.shown[i]) },
      ),
      referenceAnswer: c.reference_answer,
      mustContain: c.must_contain,
      caseType: c.case_type,
      answerable: !mustNotAnswer,
      // Known exactly from the golden set: did the generator see a grade >= 2 expected chunk? Unknown for
      // systems that report no sources.
      contextHasAnswer: output.sources
        ? moduleCase.expected.some((e) => e.grade >= 2 && shown.has(e.chunkId))
        : undefined,
    })
  }
  const answerMetrics = answerMetricsOf(judgement, abstained, !mustNotAnswer)
  if (c.should_contain.length > 0) answerMetrics.should_contain = shouldContainScore(text, c.should_contain)
  if (!abstained) Object.assign(answerMetrics, gamingSignals(resolved, text, c.reference_answer, textOf))

  const errorClass = classifyAnswer(resolved, moduleCase, hard, judgement, abstained, shown)
  return {
    answer: { text, abstained, confidence: output.confidence, citedMarkers: citedMarkerSet(text) },
    judgement,
    answerMetrics,
    errorClass,
  }
}

/**
 * The gaming signals of an answer (see `grading/metrics/gaming.ts`), each only when measurable:
 * `copy_ratio` against the context the generator saw (the shown sources' text, else the top
 * {@link EVIDENCE_DEPTH} retrieved items' corpus text) and `length_ratio` against the reference answer.
 */
function gamingSignals(
  resolved: ResolvedOutput,
  text: string,
  reference: string | undefined,
  textOf: (resolution: SourceResolution | undefined) => string | undefined,
): Record<string, number> {
  const { output } = resolved
  const contexts = output.sources
    ? output.sources.map((s, i) => s.text ?? textOf(resolved.shown[i]))
    : resolved.retrieved.slice(0, EVIDENCE_DEPTH).map((r) => textOf(r))
  const signals: Record<string, number> = {}
  const copy = copyRatio(
    text,
    contexts.filter((t): t is string => t !== undefined),
  )
  if (copy !== undefined) signals.copy_ratio = copy
  const length = lengthRatio(text, reference)
  if (length !== undefined) signals.length_ratio = length
  return signals
}

/** The error class of an answered (or abstained) case, from facts computed above (see `classifyError`). */
function classifyAnswer(
  resolved: ResolvedOutput,
  moduleCase: ModuleCase,
  hard: readonly HardCheckResult[],
  judgement: JudgeVerdict | undefined,
  abstained: boolean,
  shown: ReadonlySet<string>,
): ErrorClass {
  const c = moduleCase.case
  const { output } = resolved
  const text = output.answer ?? ''
  const mustNotAnswer = mustAbstain(c) || !c.answerable
  const missingMustContain = hard.some((h) => h.name === 'toContainAll' && !h.passed)
  const olderExpected = new Set(moduleCase.expected.filter((e) => e.grade > 0 && e.grade < 3).map((e) => e.chunkId))
  const cited = parseCitationMarkers(text)
  const citedOlder = (output.sources ?? []).some((s, i) => {
    const r = resolved.shown[i]
    return r?.resolved === true && r.chunkIds.some((id) => olderExpected.has(id)) && cited.includes(s.marker)
  })
  const judged = judgement && !judgement.failed ? judgement : undefined
  return classifyError({
    caseType: c.case_type,
    mustAbstain: mustNotAnswer,
    abstained,
    evidenceRetrieved: hasEvidenceInTopK([...shown], moduleCase.expected, shown.size),
    faithfulness: judged?.faithfulness,
    citationAccuracy: judged?.citationAccuracy,
    // Stale: the new value is missing while the older (superseded) source was cited for the answer.
    usedStaleValue: c.case_type === 'stale_conflict' ? missingMustContain && citedOlder : undefined,
    statedDisagreement: c.case_type === 'stale_conflict' ? statesDisagreement(text) : undefined,
    missingMustContain,
  })
}

/**
 * Weighted share of `should_contain` literals present: sum of weights found / sum of all weights.
 * Example: [{ "5 seats", 2 }, { "Team plan", 1 }], answer has only "5 seats" -> 2 / 3 = 0.667.
 */
export function shouldContainScore(answer: string, literals: ReadonlyArray<{ text: string; weight: number }>): number {
  const folded = foldForLiteralMatch(answer)
  const total = literals.reduce((s, l) => s + l.weight, 0)
  const found = literals.filter((l) => folded.includes(foldForLiteralMatch(l.text))).reduce((s, l) => s + l.weight, 0)
  return total === 0 ? 1 : found / total
}
