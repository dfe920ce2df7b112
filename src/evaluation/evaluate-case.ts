/**
 * Evaluates one golden case, with no Vitest in sight (so CLI experiments reuse it), in named steps:
 * run the system under test through its adapter -> resolve every source it named against the harness's
 * corpus -> score retrieval at the level it returned -> run each hard check once -> judge and classify the
 * answer (system mode) -> the per-case record the reporter aggregates and the matchers assert from.
 */
import { withAbstentionLanguage } from '../shared/text/abstention.ts'
import { SystemThrewError } from '../system/adapter/errors.ts'
import type { SystemOutput } from '../system/adapter/types.ts'
import { validateSystemOutput } from '../system/adapter/validate-output.ts'
import { runHardChecks } from '../grading/checks/hard-checks.ts'
import { resolveOutput, type ResolvedOutput } from '../system/resolved-output.ts'
import { markKnownFailures } from './known-failures.ts'
import { hasEvidenceInTopK } from '../grading/metrics/error-class.ts'
import { type CaseRecord, type ErrorClass, type RecordedExpected, type RecordedHit } from './case-record.ts'
import { EVIDENCE_DEPTH, evaluateAnswer, type AnswerStep } from './case-answer.ts'
import { scoreCaseRetrieval } from './case-retrieval.ts'
import { caseClaimMetrics } from './case-claims.ts'
import { caseResponseRelevancy } from './case-relevancy.ts'
import { caseConceptMetrics } from './case-concepts.ts'
import { caseGrades } from './case-grades.ts'
import { defaultResolver, sourceText, tallySources } from './case-sources.ts'
import type { ModuleCase } from '../cases/prepared-case.ts'
import type { RagRuntime } from './create-runtime.ts'
import { internText } from '../shared/text/text-memo.ts'
import { baseRecord } from './base-record.ts'
import { runCaseSystem, type SystemRun } from './case-system.ts'

export { EVIDENCE_DEPTH, shouldContainScore } from './case-answer.ts'

/** The outcome of one case: its record, the raw output and an error if the system failed. */
export interface CaseEvaluation {
  record: CaseRecord
  output: SystemOutput
  /** Set when the adapter threw or returned a malformed output: the case fails and scores zero. */
  error?: Error
}

type Checkpointed = SystemRun['checkpointed']

/**
 * Step 1, completed: the checkpoint's output, or the system's validated; a throw or a malformed output is the
 * error. (The call itself is {@link runCaseSystem}; its latency is the adapter call's.)
 */
function systemOutput(run: SystemRun, adapterName: string): { output?: SystemOutput; error?: Error } {
  if (run.checkpointed) return { output: run.checkpointed.output }
  if (run.error) return { error: run.error }
  try {
    return { output: validateSystemOutput(run.raw, adapterName) }
  } catch (error) {
    return { error: error instanceof Error ? error : new SystemThrewError(error) }
  }
}

/** Retrieval mode can only blame retrieval: evidence missing from the top k is the one class it can see. */
function retrievalOnlyClass(resolved: ResolvedOutput, moduleCase: ModuleCase): ErrorClass {
  const top = resolved.retrieved.slice(0, EVIDENCE_DEPTH).flatMap((r) => (r.resolved ? r.chunkIds : []))
  return hasEvidenceInTopK(top, moduleCase.expected, top.length) ? 'correct' : 'retrieval_miss'
}

/** The judge's verdict as the record keeps it. */
function recordedJudge(judgement: AnswerStep['judgement']): CaseRecord['judge'] {
  return (
    judgement && {
      kind: judgement.kind,
      model: judgement.model,
      failed: judgement.failed,
      faithfulness: judgement.faithfulness,
      citationAccuracy: judgement.citationAccuracy,
      answerRelevance: judgement.answerRelevance,
      crag: judgement.crag,
      reasons: judgement.reasons && internedReasons(judgement.reasons),
    }
  )
}

/** The reasons with each text interned: a record keeps them until the run ends, and many repeat across cases. */
function internedReasons(reasons: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of Object.keys(reasons)) {
    const reason = reasons[key]
    out[key] = typeof reason === 'string' ? internText(reason) : (reason as unknown as string)
  }
  return out
}

/** Step 3: the answer (judge, answer metrics, error class) in system mode, with the claim-level metrics joined. */
async function evaluateAnswerStep(
  runtime: RagRuntime,
  resolved: ResolvedOutput,
  moduleCase: ModuleCase,
  hard: CaseRecord['hard'],
  checkpointed: Checkpointed,
) {
  const answerStep =
    runtime.config.mode === 'system' && resolved.output.answer !== undefined
      ? await evaluateAnswer(resolved, moduleCase, hard, runtime.judge, checkpointed?.judgement, (r) =>
          sourceText(runtime.prepared, r),
        )
      : undefined
  // The claim-level answer metrics and response relevancy join the judge's (from the checkpoint on a resumed run).
  const abstained = answerStep?.answer?.abstained ?? false
  const claimMetrics = answerStep
    ? (checkpointed?.claimMetrics ?? {
        ...(await caseClaimMetrics(runtime, resolved, moduleCase, abstained)),
        ...(await caseResponseRelevancy(runtime, resolved.output.answer, abstained, moduleCase)),
      })
    : undefined
  if (answerStep && claimMetrics) Object.assign(answerStep.answerMetrics, claimMetrics)
  return { answerStep, claimMetrics }
}

/** What a case produced, for {@link completeRecord}. */
interface CaseOutcome {
  resolved: ResolvedOutput
  hard: CaseRecord['hard']
  retrieval: ReturnType<typeof scoreCaseRetrieval>
  gradeSources: ReturnType<typeof caseGrades>['sources']
  answerStep: AnswerStep | undefined
  errorClass: ErrorClass | undefined
  latencyMs: number
}

/** Step 4: completes the base record in place with what the case produced, and returns it. */
function completeRecord(base: CaseRecord, moduleCase: ModuleCase, outcome: CaseOutcome): CaseRecord {
  const { resolved, hard, retrieval, gradeSources, answerStep, errorClass } = outcome
  const scored = base.retrieval.scored
  const usage = resolved.output.usage
  // The record is the base record completed in place (base is this case's own object): the same keys in the
  // same order as spreading it into a new one, without copying a dozen properties per case.
  const record: CaseRecord = base
  record.hard = hard
  const retrieved = recordedHits(resolved)
  // The ranked ids and the qrels at the scored level are left out when they only repeat the retrieved chunk
  // ids and the expected chunks (chunk level): the record travels to the main process and stays in both task
  // trees for the run, and 20 ranked ids are a fifth of it.
  const ranked = sameIds(retrieval.ranked, retrieved) ? undefined : retrieval.ranked
  const judged = sameQrels(retrieval.judged, moduleCase.expected) ? undefined : retrieval.judged
  record.retrieval = {
    retrieved,
    expected: moduleCase.expected,
    scored,
    metrics: retrieval.metrics,
    level: retrieval.level,
    ranked,
    judged,
  }
  if (gradeSources && scored) record.retrieval.gradeSources = gradeSources
  record.sources = tallySources(resolved)
  record.answer = answerStep?.answer
  record.judge = recordedJudge(answerStep?.judgement)
  record.answerMetrics = answerStep?.answerMetrics ?? {}
  record.errorClass = errorClass
  if (usage)
    record.usage = {
      calls: usage.calls,
      cachedCalls: usage.cachedCalls,
      retries: usage.retries,
      costUsd: usage.costUsd,
      savedUsd: usage.savedUsd,
    }
  record.latencyMs = outcome.latencyMs
  return record
}

/**
 * Runs and scores one case. Never throws for a system failure: the failure is recorded and returned. Answers
 * are read for abstentions in the case's `language` (the `abstention.languages` option). `ran`: the case's system
 * call, when the caller started it before the runtime was complete (see the golden runtime); default: made here.
 */
export function evaluateCase(
  runtime: RagRuntime,
  moduleCase: ModuleCase,
  file: string,
  ran?: Promise<SystemRun>,
): Promise<CaseEvaluation> {
  const call = ran ?? runCaseSystem(runtime, moduleCase)
  return withAbstentionLanguage(moduleCase.case.language, () => evaluateCaseSteps(runtime, moduleCase, file, call))
}

async function evaluateCaseSteps(
  runtime: RagRuntime,
  moduleCase: ModuleCase,
  file: string,
  ran: Promise<SystemRun>,
): Promise<CaseEvaluation> {
  const c = moduleCase.case
  const { config } = runtime
  const base = baseRecord(moduleCase, file, config.mode)
  const call = await ran
  const checkpointed = call.checkpointed
  const run = { ...systemOutput(call, runtime.adapter.name), latencyMs: call.latencyMs }
  if (run.output === undefined) {
    const error = run.error as Error
    return {
      record: { ...base, latencyMs: run.latencyMs, error: error.message, systemFailed: true },
      output: { retrieved: [] },
      error,
    }
  }
  const output = run.output

  // Step 2: the harness resolves what the system named, then scores retrieval and runs the hard checks once.
  const resolved = resolveOutput(runtime.resolveSource ?? defaultResolver(runtime.prepared), output, c.tenant_id)
  const scored = base.retrieval.scored
  const { graded, sources: gradeSources } = caseGrades(runtime, moduleCase)
  const retrieval = scoreCaseRetrieval(resolved.retrieved, graded, runtime.prepared, config.ks, scored, {
    judgedAtK: runtime.qrels !== undefined,
    judgedOnly: config.judgedOnly,
  })
  const hard = markKnownFailures(runHardChecks(resolved, c, config.mode), c)

  const { answerStep, claimMetrics } = await evaluateAnswerStep(runtime, resolved, moduleCase, hard, checkpointed)
  // Concept metrics join their family: context ones the retrieval metrics, answer ones the answer metrics.
  const concepts = caseConceptMetrics(runtime.prepared, resolved, moduleCase)
  if (scored) Object.assign(retrieval.metrics, concepts.context)
  if (answerStep) Object.assign(answerStep.answerMetrics, concepts.answer)
  const errorClass =
    answerStep?.errorClass ??
    (config.mode === 'retrieval' && scored ? retrievalOnlyClass(resolved, moduleCase) : undefined)
  const outcome = { resolved, hard, retrieval, gradeSources, answerStep, errorClass, latencyMs: run.latencyMs }
  const record = completeRecord(base, moduleCase, outcome)
  // Step 5: remember the case for a resumed run. (The provider usage is saved by the caller, whatever the
  // case's outcome: see the golden runtime.)
  if (runtime.checkpoints && !checkpointed)
    await runtime.checkpoints.put(c.case_id, moduleCase.caseHash, {
      output,
      judgement: answerStep?.judgement,
      ...(claimMetrics ? { claimMetrics } : {}),
    })
  return { record, output }
}

/** The retrieved items as recorded: resolved ones by their harness chunk, true tenant and way of resolving. */
function sameIds(ranked: readonly string[] | undefined, hits: readonly RecordedHit[]): boolean {
  return ranked !== undefined && ranked.length === hits.length && ranked.every((id, i) => id === hits[i]!.chunkId)
}

function sameQrels(judged: readonly RecordedExpected[] | undefined, expected: readonly RecordedExpected[]): boolean {
  return (
    judged !== undefined &&
    judged.length === expected.length &&
    judged.every((e, i) => e.chunkId === expected[i]!.chunkId && e.grade === expected[i]!.grade)
  )
}

function recordedHits(resolved: ResolvedOutput): RecordedHit[] {
  return resolved.output.retrieved.map((h, i) => {
    const r = resolved.retrieved[i]
    if (r?.resolved)
      return {
        chunkId: r.chunkIds[0] ?? r.docId,
        score: h.score ?? 0,
        tenantId: r.tenantId,
        docId: r.docId,
        via: r.via,
      }
    return {
      chunkId: r?.reference ?? `item ${i + 1}`,
      score: h.score ?? 0,
      tenantId: h.tenantId ?? '',
      via: 'unresolved',
    }
  })
}
