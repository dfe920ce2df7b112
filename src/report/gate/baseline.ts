/**
 * The baseline: the committed, versioned reference a run is gated against (`baselines/<name>.baseline.json`).
 * It keeps the scorecard's aggregate metrics (overall and per case type) AND each case's values with its case
 * hash, so a later run can pair cases for the significance test, plus what makes two runs comparable.
 * Pure: building, serialising and parsing; the file I/O is in `src/report/files/baseline-file.ts`.
 */
import { z } from 'zod'
import type { CaseType } from '../../cases/schema.ts'
import type { EvalMode } from '../../system/adapter/types.ts'
import type { RetrievalLevel } from '../../system/sources/types.ts'
import type { MetricGroup, RunJudgeKind, Scorecard } from '../scorecard/scorecard.ts'
import { VersionedFileError } from '../../shared/problems/versioned-file-error.ts'
import { parseVersionedJson } from '../../shared/problems/versioned-json.ts'

/** Version of the {@link Baseline} shape; `parseBaseline` refuses any other. */
export const BASELINE_VERSION = 1

/** Means overall and per case type for one metric family. */
export interface BaselineMetricFamily {
  overall: MetricGroup
  byCaseType: Partial<Record<CaseType, MetricGroup>>
}

/** One case's values as they entered the baseline's averages. */
export interface BaselineCase {
  caseHash: string
  /** Hash of the resolved expected sources (see `CaseSummary.expectedHash`); absent in older baselines. */
  expectedHash?: string
  /** The case's top-ranked ids and answer digest when the baseline was taken (see `CaseSummary`); absent in older baselines. */
  topK?: string[]
  answerDigest?: string
  /** The hard checks that failed on the case (known failures included), so a later run sees which flipped; absent in older baselines. */
  failedChecks?: string[]
  caseType: CaseType
  retrieval?: Record<string, number>
  answer?: Record<string, number>
}

/** The baseline document. */
export interface Baseline {
  version: typeof BASELINE_VERSION
  /** ISO timestamp of `baseline accept`. */
  createdAt: string
  harnessVersion: string
  scorecardVersion: number
  mode: EvalMode
  goldenSetHash: string
  corpusFingerprint: string
  /** Judge kind of the answer metrics: heuristic and model scores are never compared with each other. */
  judgeKind: RunJudgeKind
  /** The model judge's id, when the judge was a model: scores of different judge models are not compared. */
  judgeModel?: string
  /** Judged / scorable cases when the baseline was taken, in [0, 1]. */
  judgeCoverage: number
  /** The level the retrieval metrics were scored at (chunk, document, span or mixed). Absent in older baselines. */
  retrievalLevel?: RetrievalLevel | 'mixed'
  models: { generator?: string; judge?: string; embedder?: string }
  configSnapshot: unknown
  /** Hard assertion totals (for the diff; the gate never compares them, any failure fails). */
  hard: { ran: number; passed: number; failed: number }
  metrics: { retrieval: BaselineMetricFamily; answer: BaselineMetricFamily }
  /** Case id to values, in case id order. */
  cases: Record<string, BaselineCase>
}

const MetricGroupSchema = z.object({
  n: z.number(),
  unscored: z.number(),
  failed: z.number(),
  mean: z.record(z.string(), z.number()),
})
const FamilySchema = z.object({ overall: MetricGroupSchema, byCaseType: z.record(z.string(), MetricGroupSchema) })
const ValuesSchema = z.record(z.string(), z.number())

/** The structural check applied when a baseline is loaded. */
export const BaselineSchema = z.object({
  version: z.literal(BASELINE_VERSION),
  createdAt: z.string(),
  harnessVersion: z.string(),
  scorecardVersion: z.number(),
  mode: z.enum(['retrieval', 'system']),
  goldenSetHash: z.string(),
  corpusFingerprint: z.string(),
  judgeKind: z.enum(['heuristic', 'model', 'mixed', 'none']),
  judgeModel: z.string().optional(),
  judgeCoverage: z.number().min(0).max(1),
  retrievalLevel: z.enum(['chunk', 'document', 'span', 'mixed']).optional(),
  models: z.object({ generator: z.string().optional(), judge: z.string().optional(), embedder: z.string().optional() }),
  configSnapshot: z.unknown(),
  hard: z.object({ ran: z.number(), passed: z.number(), failed: z.number() }),
  metrics: z.object({ retrieval: FamilySchema, answer: FamilySchema }),
  cases: z.record(
    z.string(),
    z.object({
      caseHash: z.string(),
      expectedHash: z.string().optional(),
      topK: z.array(z.string()).optional(),
      answerDigest: z.string().optional(),
      failedChecks: z.array(z.string()).optional(),
      caseType: z.string(),
      retrieval: ValuesSchema.optional(),
      answer: ValuesSchema.optional(),
    }),
  ),
})

function family(groups: {
  overall: MetricGroup
  byCaseType: Partial<Record<CaseType, MetricGroup>>
}): BaselineMetricFamily {
  return structuredClone({ overall: groups.overall, byCaseType: groups.byCaseType })
}

/** Builds the baseline a scorecard would become on `baseline accept`. */
export function createBaseline(scorecard: Scorecard, createdAt: string = new Date().toISOString()): Baseline {
  const cases: Record<string, BaselineCase> = {}
  for (const id of Object.keys(scorecard.cases).sort()) {
    const c = scorecard.cases[id]
    if (!c) continue
    cases[id] = {
      caseHash: c.caseHash,
      ...(c.expectedHash !== undefined ? { expectedHash: c.expectedHash } : {}),
      ...(c.topK !== undefined ? { topK: [...c.topK] } : {}),
      ...(c.answerDigest !== undefined ? { answerDigest: c.answerDigest } : {}),
      failedChecks: Object.keys(c.hard).filter((name) => c.hard[name as keyof typeof c.hard] === false),
      caseType: c.caseType,
      ...(c.retrieval ? { retrieval: { ...c.retrieval } } : {}),
      ...(c.answer ? { answer: { ...c.answer } } : {}),
    }
  }
  return {
    version: BASELINE_VERSION,
    createdAt,
    harnessVersion: scorecard.harnessVersion,
    scorecardVersion: scorecard.version,
    mode: scorecard.mode,
    goldenSetHash: scorecard.goldenSetHash,
    corpusFingerprint: scorecard.corpusFingerprint,
    judgeKind: scorecard.answer.judgeKind,
    ...(scorecard.answer.judgeModel !== undefined ? { judgeModel: scorecard.answer.judgeModel } : {}),
    judgeCoverage: scorecard.answer.coverage,
    ...(scorecard.sources?.level !== undefined ? { retrievalLevel: scorecard.sources.level } : {}),
    models: { ...scorecard.models },
    configSnapshot: structuredClone(scorecard.configSnapshot),
    hard: { ran: scorecard.hard.ran, passed: scorecard.hard.passed, failed: scorecard.hard.failed },
    metrics: { retrieval: family(scorecard.retrieval), answer: family(scorecard.answer) },
    cases,
  }
}

/**
 * The baseline as pretty JSON (2-space indent, trailing newline), so its git diff reads well; each case's
 * `topK` and `failedChecks` stay on one line (one line a case rather than one line an id).
 */
export function serializeBaseline(baseline: Baseline): string {
  const pretty = JSON.stringify(baseline, null, 2)
  return `${pretty.replace(
    /"(topK|failedChecks)": \[((?:\s*"(?:[^"\\]|\\.)*",?)*)\s*\]/g,
    (_all, key: string, ids: string) =>
      `"${key}": [${ids
        .trim()
        .split(/,\s*\n\s*/)
        .join(', ')}]`,
  )}\n`
}

/**
 * Parses a baseline from JSON text; `source` names it in errors.
 * @throws VersionedFileError (`VITEST_RAG_BASELINE_FORMAT`) when not JSON or not shaped like a baseline,
 * (`VITEST_RAG_BASELINE_VERSION`) when its `version` is not {@link BASELINE_VERSION}.
 */
export function parseBaseline(text: string, source = 'baseline'): Baseline {
  const read = parseVersionedJson(text, BaselineSchema, BASELINE_VERSION)
  if (!read.ok) throw new VersionedFileError('baseline', source, read)
  return read.json as Baseline
}

/**
 * The part of a baseline a reviewer compares on `baseline accept`: identity (with what produced it, the config
 * snapshot's `producedBy`: judge and prompt versions) and aggregate means (per-case values and the rest of the
 * config are left out so the diff stays readable).
 */
export function summarizeBaselineForDiff(baseline: Baseline): Record<string, unknown> {
  const means = (f: BaselineMetricFamily) => ({
    overall: f.overall.mean,
    ...Object.fromEntries(Object.entries(f.byCaseType).map(([type, group]) => [type, group?.mean ?? {}])),
  })
  return {
    goldenSetHash: baseline.goldenSetHash,
    corpusFingerprint: baseline.corpusFingerprint,
    mode: baseline.mode,
    judgeKind: baseline.judgeKind,
    ...(baseline.judgeModel !== undefined ? { judgeModel: baseline.judgeModel } : {}),
    judgeCoverage: baseline.judgeCoverage,
    models: baseline.models,
    ...producedByOf(baseline.configSnapshot),
    cases: Object.keys(baseline.cases).length,
    hard: baseline.hard,
    retrieval: means(baseline.metrics.retrieval),
    answer: means(baseline.metrics.answer),
  }
}

/** `{ producedBy }` from a config snapshot that records it, else nothing (a baseline accepted before it was). */
function producedByOf(snapshot: unknown): { producedBy?: unknown } {
  const producedBy = (snapshot as { producedBy?: unknown } | null | undefined)?.producedBy
  return producedBy === undefined ? {} : { producedBy }
}
