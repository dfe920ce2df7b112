/**
 * Building a golden set from a labelled corpus (pure): every labelled question becomes a candidate case; a
 * question that copies its answer span beyond the overlap threshold is rejected (and counted); the rest are
 * chosen by a seeded hash, stratified across question types, and written as golden cases with locators and
 * the facet defaults spelled out, so a reviewer can edit them.
 */
import { FACET_DEFAULTS, type GoldenCaseInput, type QuestionType } from '../../cases/schema.ts'
import { selectSample } from '../../evaluation/golden-set/sample.ts'
import { questionForm, questionSpanOverlap } from './answer-span.ts'
import { describeUnanchored, sharesNoContentWord } from './question-vocabulary.ts'

/** One labelled question, read from BEIR qrels or from a folder of rows. */
export interface TestsetCandidate {
  /** Stable id from the dataset (query id or row id). */
  id: string
  question: string
  /** Reference answer ('' when the dataset gives none). */
  answer: string
  /** False for questions the dataset marks unanswerable: they become `out_of_scope` cases with no sources. */
  answerable: boolean
  tenantId: string
  /** The judged documents (dataset ids) and their grade on the dataset's scale. */
  sources: Array<{ docId: string; grade: number; span?: [number, number] }>
  /** The text the question is checked against for copying: the answer's sentence, else the answer, else the document. */
  spanText: string
  /**
   * The text of the judged documents, when known: a question that shares no content word with it is rejected
   * (`shares_no_word`). Absent (a row without `source_text`): not checked.
   */
  sourceText?: string
  /** A CRAG question type when the dataset states one. */
  questionType?: QuestionType
  /** Where it came from (`queries.jsonl:12`), for the report. */
  origin: string
}

/** How to build. */
export interface BuildOptions {
  /** Cases to choose (after rejection); all accepted candidates when undefined or larger. */
  size?: number
  /** Seed of the hash that orders candidates within a stratum. */
  seed: number
  /** A question whose overlap with its answer span is ABOVE this share is rejected, in [0, 1]. */
  maxOverlap: number
  /** Prefix of generated case ids (`SQ` -> `SQ-<dataset id>`). */
  idPrefix: string
  /** Highest grade of the dataset's scale (mapped to 3 through the file's grade_scale header). */
  maxGrade: number
}

/** Defaults of {@link BuildOptions}: all cases, seed 20261130, reject above 0.8 overlap, prefix `TS`. */
export const defaultBuildOptions: BuildOptions = { seed: 20261130, maxOverlap: 0.8, idPrefix: 'TS', maxGrade: 3 }

/** A rejected candidate and why. */
export interface Rejection {
  id: string
  origin: string
  /** `copies_answer_span`: overlap above the threshold; `shares_no_word`: no content word of its document. */
  reason: 'copies_answer_span' | 'shares_no_word'
  overlap: number
  question: string
}

/** What was built: the cases and the counts for the report. */
export interface BuildResult {
  cases: GoldenCaseInput[]
  rejections: Rejection[]
  report: {
    candidates: number
    rejected: number
    /** Rejections per reason. */
    rejectedBy: Record<Rejection['reason'], number>
    accepted: number
    selected: number
    maxOverlap: number
    seed: number
    /** Per stratum (`<question form>` or `<form>/unanswerable`): candidates, rejected, selected. */
    byStratum: Record<string, { candidates: number; rejected: number; selected: number }>
  }
}

/** The stratum of a candidate: its CRAG type when stated, else its question form, with `/unanswerable` apart. */
export function stratumOf(c: Pick<TestsetCandidate, 'question' | 'questionType' | 'answerable'>): string {
  const type = c.questionType ?? questionForm(c.question)
  return c.answerable ? type : `${type}/unanswerable`
}

/** Builds the golden cases from `candidates` (see the file comment). Deterministic in its inputs. */
export function buildTestset(candidates: readonly TestsetCandidate[], options: BuildOptions): BuildResult {
  const byStratum: BuildResult['report']['byStratum'] = {}
  const bump = (stratum: string, field: 'candidates' | 'rejected' | 'selected') => {
    const entry = (byStratum[stratum] ??= { candidates: 0, rejected: 0, selected: 0 })
    entry[field] += 1
  }
  const accepted: TestsetCandidate[] = []
  const rejections: Rejection[] = []
  for (const c of candidates) {
    bump(stratumOf(c), 'candidates')
    const overlap = c.answerable ? questionSpanOverlap(c.question, c.spanText) : 0
    const reason =
      overlap > options.maxOverlap
        ? 'copies_answer_span'
        : c.answerable && c.sourceText !== undefined && sharesNoContentWord(c.question, c.sourceText)
          ? 'shares_no_word'
          : undefined
    if (reason !== undefined) {
      rejections.push({ id: c.id, origin: c.origin, reason, overlap, question: c.question })
      bump(stratumOf(c), 'rejected')
    } else accepted.push(c)
  }
  const size = options.size ?? accepted.length
  const chosen = selectSample(
    accepted.map((c) => ({ case_id: c.id, case_type: stratumOf(c) })),
    size,
    options.seed,
  )
  const cases = accepted.filter((c) => chosen.has(c.id)).map((c) => toGoldenCase(c, options))
  for (const c of accepted) if (chosen.has(c.id)) bump(stratumOf(c), 'selected')
  return {
    cases,
    rejections,
    report: {
      candidates: candidates.length,
      rejected: rejections.length,
      rejectedBy: {
        copies_answer_span: rejections.filter((r) => r.reason === 'copies_answer_span').length,
        shares_no_word: rejections.filter((r) => r.reason === 'shares_no_word').length,
      },
      accepted: accepted.length,
      selected: cases.length,
      maxOverlap: options.maxOverlap,
      seed: options.seed,
      byStratum,
    },
  }
}

function toGoldenCase(c: TestsetCandidate, options: BuildOptions): GoldenCaseInput {
  const base = {
    case_id: `${options.idPrefix}-${c.id}`.replace(/[^A-Za-z0-9._-]/g, '_'),
    tenant_id: c.tenantId,
    query: c.question,
    reference_answer: c.answer,
    question_type: c.questionType ?? FACET_DEFAULTS.question_type,
    popularity: FACET_DEFAULTS.popularity,
    dynamism: FACET_DEFAULTS.dynamism,
    tags: [`form:${questionForm(c.question)}`],
    notes: `built from ${c.origin}`,
  }
  if (!c.answerable) return { ...base, case_type: 'out_of_scope', answerable: false, expected_sources: [] }
  return {
    ...base,
    case_type: 'normal',
    answerable: true,
    expected_sources: c.sources.map((s) => ({
      locator: { kind: 'document' as const, id: s.docId, ...(s.span ? { span: s.span } : {}) },
      grade: s.grade,
    })),
  }
}

/**
 * The golden file text: a comment saying how it was built, a `grade_scale` header mapping the dataset's
 * 0..maxGrade onto 0-3 (omitted when the dataset already grades 0-3), then one case per line.
 */
export function renderGoldenFile(result: BuildResult, options: BuildOptions, source: string): string {
  const lines = [
    `// built by vitest-rag build-testset from ${source}: seed ${options.seed}, max overlap ${options.maxOverlap}, ${result.report.selected} of ${result.report.candidates} candidates (${result.report.rejected} rejected)`,
  ]
  if (options.maxGrade !== 3) lines.push(JSON.stringify({ grade_scale: { low: 0, high: options.maxGrade } }))
  for (const c of result.cases) lines.push(JSON.stringify(c))
  return `${lines.join('\n')}\n`
}

/** The report as text: totals, then one line per stratum. */
export function renderBuildReport(result: BuildResult): string {
  const r = result.report
  const lines = [
    `candidates ${r.candidates}, rejected ${r.rejected} (${r.rejectedBy.copies_answer_span} copy their answer span: overlap > ${r.maxOverlap}; ${r.rejectedBy.shares_no_word} share no content word with their document), accepted ${r.accepted}, selected ${r.selected} (seed ${r.seed})`,
    ...Object.entries(r.byStratum)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([stratum, s]) =>
          `  ${stratum.padEnd(22)} candidates ${String(s.candidates).padStart(5)}  rejected ${String(s.rejected).padStart(4)}  selected ${String(s.selected).padStart(5)}`,
      ),
  ]
  const unanchored = result.rejections.filter((x) => x.reason === 'shares_no_word').map((x) => x.id)
  const alarm = describeUnanchored(unanchored, r.candidates, 'rejected')
  if (alarm) lines.push(`  ${alarm}`)
  return `${lines.join('\n')}\n`
}
