/**
 * Reading labelled corpora as {@link TestsetCandidate}s: a BEIR folder (queries, qrels, corpus; SQuAD-style
 * `metadata.answers` and `metadata.is_impossible` used when present) or a folder of `*.jsonl` rows
 * `{"id"?, "question", "answer"?, "source"?, "source_text"?, "question_type"?, "tenant"?, "answerable"?}`.
 * Bad rows are reported all at once, each with file, line, field and fix.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { Problem } from '../../shared/problems/problems.ts'
import { parseJsonlRecords } from '../../shared/problems/jsonl.ts'
import { QuestionTypeSchema } from '../../cases/schema.ts'
import { defaultBeirLoadOptions, loadBeir } from '../../corpus/load-beir.ts'
import { normalizeText } from '../../shared/text/normalize.ts'
import { answerSentenceSpan } from './answer-span.ts'
import type { TestsetCandidate } from './build-testset.ts'
import { TestsetInputError } from './errors.ts'

/** Candidates, the dataset's highest grade, and how many queries had neither a judgment nor an unanswerable flag. */
export interface CandidateSource {
  candidates: TestsetCandidate[]
  maxGrade: number
  /** Queries skipped because nothing judges them and they are not marked unanswerable. */
  unjudged: number
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

/** Reads a BEIR folder; the answer sentence (SQuAD answers) becomes the expected source's span. */
export async function readBeirCandidates(
  root: string,
  tenantId: string = defaultBeirLoadOptions.tenantId,
): Promise<CandidateSource> {
  const { corpus, queries, qrels } = await loadBeir(root, { tenantId })
  const byKey = new Map(corpus.documents.map((d) => [d.key, d]))
  let maxGrade = 1
  for (const row of qrels.values()) for (const g of row.values()) maxGrade = Math.max(maxGrade, g)
  const candidates: TestsetCandidate[] = []
  let unjudged = 0
  queries.forEach((q, i) => {
    const answers = stringList(q.metadata.answers)
    const judged = [...(qrels.get(q.id) ?? new Map<string, number>())].filter(([, g]) => g > 0)
    const typed = QuestionTypeSchema.safeParse(q.metadata.question_type)
    const common = {
      id: q.id,
      question: q.text,
      answer: answers[0] ?? '',
      tenantId,
      origin: `queries.jsonl:${i + 1}`,
      ...(typed.success ? { questionType: typed.data } : {}),
    }
    if (judged.length === 0) {
      if (q.metadata.is_impossible === true)
        candidates.push({ ...common, answerable: false, sources: [], spanText: '' })
      else unjudged += 1
      return
    }
    let spanText: string | undefined
    const sources = judged.map(([docId, grade]) => {
      const doc = byKey.get(docId)
      const span = doc ? answerSentenceSpan(doc.text, answers) : undefined
      if (doc && span && spanText === undefined) spanText = doc.text.slice(span[0], span[1])
      return { docId, grade, ...(span ? { span } : {}) }
    })
    const sourceText = judged.map(([docId]) => byKey.get(docId)?.text ?? '').join('\n')
    const fallback = answers[0] ?? sourceText
    candidates.push({ ...common, answerable: true, sources, spanText: spanText ?? fallback, sourceText })
  })
  return { candidates, maxGrade, unjudged }
}

/** One row of a rows folder. */
export const TestsetRowSchema = z.strictObject({
  id: z.union([z.string().min(1), z.number()]).optional(),
  question: z.string().trim().min(1),
  answer: z.string().default(''),
  /** The document id (as the corpus names it) that holds the answer. */
  source: z.string().min(1).optional(),
  /** The source's text, when the row carries it: the answer's sentence in it is the span checked for copying. */
  source_text: z.string().optional(),
  question_type: QuestionTypeSchema.optional(),
  tenant: z.string().min(1).optional(),
  /** Default: true when the row names a source. */
  answerable: z.boolean().optional(),
})

/** Reads every `*.jsonl` file of `dir` (sorted by name). Throws {@link TestsetInputError} listing every bad row. */
export async function readRowCandidates(
  dir: string,
  tenantId: string = defaultBeirLoadOptions.tenantId,
): Promise<CandidateSource> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.jsonl')).sort()
  const problems: Problem[] = []
  const candidates: TestsetCandidate[] = []
  if (files.length === 0)
    problems.push({
      code: 'no_rows',
      file: dir,
      path: '',
      message: 'holds no *.jsonl file',
      fix: 'put question/answer/source rows in <name>.jsonl files',
    })
  for (const name of files) {
    const parsed = parseJsonlRecords(normalizeText(await readFile(join(dir, name), 'utf8')), name, TestsetRowSchema)
    problems.push(...parsed.problems)
    for (const { value: row, line } of parsed.records) {
      const answerable = row.answerable ?? row.source !== undefined
      if (answerable && row.source === undefined) {
        problems.push({
          code: 'missing_field',
          file: name,
          line,
          path: 'source',
          message: 'an answerable row needs the id of the document that holds its answer',
          fix: 'add "source": "<document id>" or set "answerable": false',
        })
        continue
      }
      const span = row.source_text === undefined ? undefined : answerSentenceSpan(row.source_text, [row.answer])
      candidates.push({
        id: String(row.id ?? `${name.replace(/\.jsonl$/, '')}-${line}`),
        question: row.question,
        answer: row.answer,
        answerable,
        tenantId: row.tenant ?? tenantId,
        sources: answerable && row.source ? [{ docId: row.source, grade: 3 }] : [],
        spanText:
          span && row.source_text ? row.source_text.slice(span[0], span[1]) : row.answer || (row.source_text ?? ''),
        ...(row.source_text !== undefined ? { sourceText: row.source_text } : {}),
        ...(row.question_type ? { questionType: row.question_type } : {}),
        origin: `${name}:${line}`,
      })
    }
  }
  if (problems.length > 0)
    throw new TestsetInputError(
      dir,
      problems.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0)),
    )
  return { candidates, maxGrade: 3, unjudged: 0 }
}
