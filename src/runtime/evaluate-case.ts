/**
 * Evaluates one golden case, with no Vitest in sight (so CLI experiments reuse it): runs the system under
 * test through its adapter, scores retrieval against the resolved expected chunks, runs the hard checks and
 * the judge, assigns the error class, and returns the per-case record the reporter aggregates.
 */
import type { SystemInput, SystemOutput } from '../adapter/types.ts'
import { validateSystemOutput } from '../adapter/validate-output.ts'
import { mustAbstain } from '../cases/schema.ts'
import { citedMarkerSet, parseCitationMarkers } from '../checks/citations.ts'
import { didAbstain, foldForMatch, runHardChecks } from '../checks/hard-checks.ts'
import { statesDisagreement } from '../generation/conflict.ts'
import { CRAG_SCORE } from '../judge/rubric.ts'
import type { Judge, JudgeInput, JudgeVerdict } from '../judge/types.ts'
import { classifyError, hasEvidenceInTopK } from '../metrics/error-class.ts'
import { scoreRetrieval } from '../metrics/retrieval.ts'
import { spanRecallAtK } from '../metrics/span-recall.ts'
import { CASE_RECORD_VERSION, type CaseRecord, type ErrorClass } from '../scorecard/case-record.ts'
import type { ModuleCase } from './golden-module.ts'
import type { RagRuntime } from './create-runtime.ts'

/** The outcome of one case: its record, the raw output (for matchers) and an error if the system failed. */
export interface CaseEvaluation {
  record: CaseRecord
  output: SystemOutput
  /** Set when the adapter threw or returned a malformed output: the case fails and scores zero. */
  error?: Error
}

/** How many top chunks count as "shown" when the system reports no sources (retrieval mode). */
export const EVIDENCE_DEPTH = 5

/** Runs and scores one case. Never throws for a system failure: the failure is recorded and returned. */
export async function evaluateCase(runtime: RagRuntime, moduleCase: ModuleCase, file: string): Promise<CaseEvaluation> {
  const c = moduleCase.case
  const { config } = runtime
  const input: SystemInput = { caseId: c.case_id, query: c.query, tenantId: c.tenant_id, history: c.history, mode: config.mode }
  const base = baseRecord(moduleCase, file, config.mode)

  const started = performance.now()
  let output: SystemOutput
  const checkpointed = runtime.checkpoints ? await runtime.checkpoints.get(c.case_id, moduleCase.caseHash) : undefined
  try {
    output = checkpointed?.output ?? validateSystemOutput(await runtime.adapter.run(input), runtime.adapter.name)
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error))
    const record: CaseRecord = { ...base, latencyMs: performance.now() - started, error: err.message }
    return { record, output: { retrieved: [] }, error: err }
  }
  const latencyMs = checkpointed ? 0 : performance.now() - started

  // Retrieval: scored against the resolved expected chunks; must-abstain cases are unscored, not dropped.
  const ranked = output.retrieved.map((h) => h.chunkId)
  const judged = new Map(moduleCase.expected.map((e) => [e.chunkId, e.grade]))
  const scored = !mustAbstain(c) && moduleCase.expected.some((e) => e.grade > 0)
  const metrics = scored ? scoreRetrieval(ranked, judged, { ks: config.ks }) : {}
  if (scored && moduleCase.spans.length > 0) {
    const top = output.retrieved.flatMap((h) => {
      const chunk = runtime.prepared.chunkById.get(h.chunkId)
      return chunk ? [{ docId: chunk.docId, start: chunk.start, end: chunk.end }] : []
    })
    const spans = moduleCase.spans.filter((s) => s.grade > 0)
    for (const k of config.ks) metrics[`span_recall@${k}`] = spanRecallAtK(top, spans, k)
  }

  const hard = runHardChecks(output, c, config.mode).map(({ name, passed, message }) => ({ name, passed, message }))

  let answer: CaseRecord['answer']
  let judgement: JudgeVerdict | undefined
  const answerMetrics: Record<string, number> = {}
  let errorClass: ErrorClass | undefined
  if (config.mode === 'system' && output.answer !== undefined) {
    const abstained = didAbstain(output)
    answer = { text: output.answer, abstained, confidence: output.confidence, citedMarkers: citedMarkerSet(output.answer) }
    const shown = new Set((output.sources ?? []).map((s) => s.chunkId))
    if (checkpointed?.judgement) judgement = checkpointed.judgement
    else if (runtime.judge) {
      judgement = await judgeOrUnjudged(runtime.judge, {
        caseId: c.case_id,
        query: c.query,
        answer: output.answer,
        abstained,
        sources: output.sources ?? [],
        referenceAnswer: c.reference_answer,
        mustContain: c.must_contain,
        caseType: c.case_type,
        // Known exactly from the golden set: did the generator see a grade >= 2 expected chunk? (Abstention
        // relevance is 1 only when the context genuinely lacked the answer.) Unknown for external systems that
        // report no sources.
        contextHasAnswer: output.sources ? moduleCase.expected.some((e) => e.grade >= 2 && shown.has(e.chunkId)) : undefined,
      })
      if (!judgement.failed) {
        if (judgement.faithfulness !== undefined) answerMetrics.faithfulness = judgement.faithfulness
        if (judgement.citationAccuracy !== undefined) answerMetrics.citation_accuracy = judgement.citationAccuracy
        if (judgement.answerRelevance !== undefined) answerMetrics.answer_relevance = judgement.answerRelevance
        if (judgement.crag) answerMetrics.crag_truthfulness = CRAG_SCORE[judgement.crag]
      }
    }
    if (c.should_contain.length > 0) answerMetrics.should_contain = shouldContainScore(output.answer, c.should_contain)

    const shownIds = output.sources?.map((s) => s.chunkId) ?? ranked.slice(0, EVIDENCE_DEPTH)
    const missingMustContain = hard.some((h) => h.name === 'toContainAll' && !h.passed)
    const olderExpected = new Set(moduleCase.expected.filter((e) => e.grade > 0 && e.grade < 3).map((e) => e.chunkId))
    const citedOlder = (output.sources ?? []).some((s) => olderExpected.has(s.chunkId) && parseCitationMarkers(output.answer ?? '').includes(s.marker))
    errorClass = classifyError({
      caseType: c.case_type,
      mustAbstain: mustAbstain(c) || !c.answerable,
      abstained,
      evidenceRetrieved: hasEvidenceInTopK(shownIds, moduleCase.expected, shownIds.length),
      faithfulness: judgement && !judgement.failed ? judgement.faithfulness : undefined,
      citationAccuracy: judgement && !judgement.failed ? judgement.citationAccuracy : undefined,
      // Stale: the new value is missing while the older (superseded) source was cited for the answer.
      usedStaleValue: c.case_type === 'stale_conflict' ? missingMustContain && citedOlder : undefined,
      statedDisagreement: c.case_type === 'stale_conflict' ? statesDisagreement(output.answer) : undefined,
      missingMustContain,
    })
  } else if (config.mode === 'retrieval' && scored) {
    // Retrieval mode can only blame retrieval: evidence missing from the top k is the one class it can see.
    errorClass = hasEvidenceInTopK(ranked, moduleCase.expected, EVIDENCE_DEPTH) ? 'correct' : 'retrieval_miss'
  }

  const usage = output.usage
  const record: CaseRecord = {
    ...base,
    hard,
    retrieval: {
      retrieved: output.retrieved.map((h) => ({ chunkId: h.chunkId, score: h.score, tenantId: h.tenantId })),
      expected: moduleCase.expected,
      scored,
      metrics,
    },
    answer,
    judge: judgement && {
      kind: judgement.kind,
      model: judgement.model,
      failed: judgement.failed,
      faithfulness: judgement.faithfulness,
      citationAccuracy: judgement.citationAccuracy,
      answerRelevance: judgement.answerRelevance,
      crag: judgement.crag,
      reasons: judgement.reasons,
    },
    answerMetrics,
    errorClass,
    usage: usage
      ? { calls: usage.calls, cachedCalls: usage.cachedCalls, retries: usage.retries, costUsd: usage.costUsd, savedUsd: usage.savedUsd }
      : base.usage,
    latencyMs,
  }
  if (runtime.checkpoints && !checkpointed) await runtime.checkpoints.put(c.case_id, moduleCase.caseHash, { output, judgement })
  await runtime.saveProviderStats?.()
  return { record, output }
}

/**
 * The judge's verdict, or, when the judge itself fails (transport error, spend refusal, provider outage), a
 * failed verdict carrying the reason: the case stays unjudged (its answer metrics absent, lowering judge
 * coverage) while its retrieval metrics and hard checks stand. A judge outage is not a system failure.
 */
async function judgeOrUnjudged(judge: Judge, input: JudgeInput): Promise<JudgeVerdict> {
  try {
    return await judge.judge(input)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { kind: judge.kind, ...(judge.model !== undefined ? { model: judge.model } : {}), failed: true, reasons: { judge: `the judge failed, so the case is unjudged: ${reason}` }, claims: [] }
  }
}

/**
 * Weighted share of `should_contain` literals present: sum of weights found / sum of all weights.
 * Example: [{ "5 seats", 2 }, { "Team plan", 1 }], answer has only "5 seats" -> 2 / 3 = 0.667.
 */
export function shouldContainScore(answer: string, literals: ReadonlyArray<{ text: string; weight: number }>): number {
  const folded = foldForMatch(answer)
  const total = literals.reduce((s, l) => s + l.weight, 0)
  const found = literals.filter((l) => folded.includes(foldForMatch(l.text))).reduce((s, l) => s + l.weight, 0)
  return total === 0 ? 1 : found / total
}

/** The record a case starts with (set before the system runs, so even a timed-out case reports its facets). */
export function baseRecord(moduleCase: ModuleCase, file: string, mode: CaseRecord['mode']): CaseRecord {
  const c = moduleCase.case
  return {
    version: CASE_RECORD_VERSION,
    caseId: c.case_id,
    caseType: c.case_type,
    tenantId: c.tenant_id,
    file,
    line: moduleCase.line,
    facets: { answerable: c.answerable, questionType: c.question_type, popularity: c.popularity, dynamism: c.dynamism },
    mode,
    caseHash: moduleCase.caseHash,
    hard: [],
    retrieval: { retrieved: [], expected: moduleCase.expected, scored: !mustAbstain(c) && moduleCase.expected.some((e) => e.grade > 0), metrics: {} },
    answerMetrics: {},
    usage: { calls: 0, cachedCalls: 0, retries: 0, costUsd: 0, savedUsd: 0 },
    latencyMs: 0,
  }
}
