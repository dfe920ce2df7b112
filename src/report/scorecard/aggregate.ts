/**
 * `buildScorecard`: turns the per-case records of a run into the scorecard document. Pure: records and
 * context in, data out; the renderers and the gate read the result.
 */
import type { CaseRecord } from '../../evaluation/case-record.ts'
import { retrievalConventions } from '../../grading/metrics/conventions.ts'
import { summarizeAbstention } from './abstention-summary.ts'
import { summarizeAnswers } from './answer-quality.ts'
import { summarizeErrorClasses } from './error-classes.ts'
import { buildMetricRows, groupMetrics, type CaseMetricRow } from './grouped-metrics.ts'
import { summarizeHardChecks } from './hard-checks.ts'
import { splitByOrigin } from './origins.ts'
import { recallAlarm } from './recall-alarm.ts'
import { summarizeGradeSources } from './grade-sources.ts'
import { summarizeSources } from './source-summary.ts'
import { SCORECARD_VERSION, TOP_K_KEPT, type CaseSummary, type Scorecard, type ScorecardContext } from './scorecard.ts'
import type { ProviderUsage } from '../../evaluation/provider-usage.ts'
import type { UsageSection } from './usage.ts'
import { byCaseId, inCaseIdOrder } from './case-order.ts'
import { countClusters } from '../../shared/stats/clusters.ts'
import { sha256 } from '../../shared/util/hash.ts'

function sumUsage(records: readonly CaseRecord[]): UsageSection {
  const usage: UsageSection = { calls: 0, cachedCalls: 0, retries: 0, costUsd: 0, savedUsd: 0, latencyMsTotal: 0 }
  for (const r of records) {
    usage.calls += r.usage.calls
    usage.cachedCalls += r.usage.cachedCalls
    usage.retries += r.usage.retries
    usage.costUsd += r.usage.costUsd
    usage.savedUsd += r.usage.savedUsd
    usage.latencyMsTotal += r.latencyMs
  }
  return usage
}

/** Every model call of the run, summed over the providers. */
function ledgerTotal(providers: Record<string, ProviderUsage>): NonNullable<UsageSection['total']> {
  const total = { calls: 0, cachedCalls: 0, failures: 0, costUsd: 0, savedUsd: 0 }
  for (const p of Object.values(providers)) {
    total.calls += p.calls
    total.cachedCalls += p.cached
    total.failures += p.failures
    total.costUsd += p.costUsd
    total.savedUsd += p.savedUsd
  }
  return total
}

/** The cases the spend limit stopped (their error is the limit's message), or nothing. */
function spendLimitStop(records: readonly CaseRecord[]): Pick<UsageSection, 'spendLimit'> {
  const stopped = records
    .filter((r) => r.error?.includes('spend limit reached') === true)
    .sort((a, b) => byCaseId(a.caseId, b.caseId))
  if (stopped.length === 0) return {}
  return {
    spendLimit: {
      stoppedCases: stopped.length,
      caseIds: stopped.map((r) => r.caseId),
      message: stopped[0]?.error ?? '',
    },
  }
}

function summarizeCases(
  records: readonly CaseRecord[],
  retrieval: CaseMetricRow[],
  answer: CaseMetricRow[],
): Record<string, CaseSummary> {
  const retrievalOf = new Map<CaseRecord, CaseMetricRow>()
  const answerOf = new Map<CaseRecord, CaseMetricRow>()
  retrieval.forEach((row) => retrievalOf.set(row.record, row))
  answer.forEach((row) => answerOf.set(row.record, row))
  const cases: Record<string, CaseSummary> = {}
  for (const record of inCaseIdOrder(records, (r) => r.caseId)) {
    const r = retrievalOf.get(record)
    const a = answerOf.get(record)
    const hard: CaseSummary['hard'] = {}
    for (const check of record.hard) hard[check.name] = check.passed
    // Built field by field, in the order the JSON lists them (the per-row metric objects are the rows' own:
    // the scorecard is a value, never mutated).
    const entry = {
      caseHash: record.caseHash,
      expectedHash: expectedHashOf(record),
      ...rankingOf(record),
      caseType: record.caseType,
      file: record.file,
      line: record.line,
    } as CaseSummary
    if (r?.scored && r.metrics) entry.retrieval = r.metrics
    if (a?.scored && a.metrics) entry.answer = a.metrics
    entry.hard = hard
    if (record.retrieval.level !== undefined && r?.scored) entry.retrievalLevel = record.retrieval.level
    if (record.cluster !== undefined) entry.cluster = record.cluster
    if (record.sources && record.sources.unresolved.length > 0) entry.unresolvedSources = [...record.sources.unresolved]
    if (record.errorClass !== undefined) entry.errorClass = record.errorClass
    if (record.error !== undefined) entry.error = record.error
    if (record.judge?.failed) entry.unjudged = record.judge.reasons?.judge ?? 'the judge verdict could not be parsed'
    cases[record.caseId] = entry
  }
  return cases
}

/** 16 hex digits of sha256 over the case's expected chunks (`id:grade`, sorted): what its ground truth resolved to. */
export function expectedHashOf(record: Pick<CaseRecord, 'retrieval'>): string {
  return sha256(
    record.retrieval.expected
      .map((e) => `${e.chunkId}:${e.grade}`)
      .sort()
      .join('\n'),
  ).slice(0, 16)
}

/** What a later run diffs a case against: its top {@link TOP_K_KEPT} ids and its answer's digest (each when present). */
export function rankingOf(
  record: Pick<CaseRecord, 'retrieval' | 'answer'>,
): Pick<CaseSummary, 'topK' | 'answerDigest'> {
  const ranked = record.retrieval.ranked ?? record.retrieval.retrieved.map((h) => h.chunkId)
  return {
    ...(ranked.length > 0 ? { topK: ranked.slice(0, TOP_K_KEPT) } : {}),
    ...(record.answer !== undefined ? { answerDigest: sha256(record.answer.text).slice(0, 16) } : {}),
  }
}

/** How the retrieval figures were computed. The condensed-list option travels in the config snapshot (`judgedOnly`), the one record of how the run was scored. */
function conventionsOf(context: ScorecardContext): Scorecard['conventions'] {
  const judgedOnly = (context.configSnapshot as { judgedOnly?: unknown } | null | undefined)?.judgedOnly === true
  return { retrieval: retrievalConventions(undefined, judgedOnly) }
}

/**
 * Builds the scorecard of a run.
 * - Hard assertions: per check, ran / passed / failed, counting only checks that applied.
 * - Retrieval: means of `record.retrieval.metrics` overall, per case type and per CRAG facet; an errored case
 *   scores 0 on every metric; a case with `retrieval.scored === false` (must-abstain) is counted as unscored.
 * - Answers: means of `record.answerMetrics` over the system-mode cases that have values (errored ones
 *   score 0), with judge kind, coverage and calibration.
 * - Abstention, error classes and usage as tallies.
 * Duplicate case ids are kept as separate records in every mean; `cases` keeps the last one (the golden file
 * parser rejects duplicates, so this only happens with hand-made input).
 */
export function buildScorecard(records: readonly CaseRecord[], context: ScorecardContext): Scorecard {
  const retrievalRows = buildMetricRows(records, (r) => ({ metrics: r.retrieval.metrics, scored: r.retrieval.scored }))
  const systemRecords = records.filter((r) => r.mode === 'system')
  const answerRows = buildMetricRows(systemRecords, (r) => ({ metrics: r.answerMetrics, scored: true }))
  const errored = records
    .filter((r) => r.error !== undefined)
    .map((r) => r.caseId)
    .sort()
  const origins = splitByOrigin(records, retrievalRows, answerRows)
  const gradeSources = summarizeGradeSources(records)
  const retrieval = groupMetrics(retrievalRows)
  const retrievalAlarm = recallAlarm(retrieval)
  return {
    version: SCORECARD_VERSION,
    harnessVersion: context.harnessVersion,
    mode: context.mode,
    startedAt: context.startedAt,
    finishedAt: context.finishedAt,
    goldenSetHash: context.goldenSetHash,
    goldenFiles: context.goldenFiles.map((f) => ({ ...f })),
    corpusFingerprint: context.corpusFingerprint,
    models: { ...context.models },
    configSnapshot: context.configSnapshot,
    run: {
      cases: records.length,
      clusters: countClusters(records.map((r) => r.cluster)),
      ...(context.expectedCases !== undefined ? { expectedCases: context.expectedCases } : {}),
      partial: context.expectedCases !== undefined && records.length < context.expectedCases,
      errored: errored.length,
      erroredCaseIds: errored,
      ...(context.selection && Object.keys(context.selection).length > 0
        ? { selection: structuredClone(context.selection) }
        : {}),
      ...(context.interrupted ? { interrupted: true } : {}),
      ...(context.unhandledErrors ? { unhandledErrors: context.unhandledErrors } : {}),
      ...(context.runFailures !== undefined && context.runFailures.length > 0
        ? { failures: [...context.runFailures] }
        : {}),
    },
    hard: summarizeHardChecks(records),
    retrieval,
    answer: summarizeAnswers(answerRows, context.calibration),
    abstention: summarizeAbstention(records),
    errorClasses: summarizeErrorClasses(records),
    usage: {
      ...sumUsage(records),
      ...(context.providers ? { providers: context.providers, total: ledgerTotal(context.providers) } : {}),
      ...spendLimitStop(records),
    },
    conventions: conventionsOf(context),
    sources: summarizeSources(records),
    cases: summarizeCases(records, retrievalRows, answerRows),
    ...(origins ? { origins } : {}),
    ...(retrievalAlarm ? { retrievalAlarm } : {}),
    ...(gradeSources ? { gradeSources } : {}),
  }
}
