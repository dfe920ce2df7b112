/**
 * A BEIR dataset as a golden set, so the experiments run on public datasets without a golden file: each
 * query with relevance judgments becomes a `normal` case whose expected sources are `document` locators
 * (BEIR grades above 3 capped at 3, grades <= 0 and judgments of empty documents left out); a query flagged `metadata.is_impossible` (SQuAD 2.0)
 * becomes an `out_of_scope` case that must abstain; a query with neither is skipped and counted. Pure.
 *
 * `joinByTitle` concatenates the documents that share a title (SQuAD: the paragraphs of one article) into
 * one document, and each judged paragraph becomes a `span` locator inside it, so chunk size matters for
 * retrieval and the locators are resolved afresh for every chunker.
 */
import { GoldenCaseSchema, type GoldenCase } from '../../cases/schema.ts'
import type { SourceDocument } from '../../corpus/types.ts'
import { fingerprintCorpus } from '../../corpus/fingerprint.ts'
import type { BeirDataset } from '../../corpus/load-beir.ts'

/** Options of {@link beirGoldenSet}. */
export interface BeirGoldenOptions {
  /** Join documents sharing a title into one (paragraph spans become span locators). Default false. */
  joinByTitle?: boolean
  /** Keep only the first N usable queries (file order). Default: all. */
  limit?: number
}

/** The golden set derived from a BEIR dataset. */
export interface BeirGoldenSet {
  documents: SourceDocument[]
  fingerprint: string
  /** Cases, each with its 1-based line in `queries.jsonl` order. */
  cases: Array<{ case: GoldenCase; line: number }>
  /** Queries with no positive judgment and no `is_impossible` flag. */
  skipped: number
  /** Positive judgments of documents with no text (no chunk can hold them): left out. */
  emptyJudgments: number
}

/** Text placed between joined documents. */
export const JOIN_SEPARATOR = '\n\n'

/** A BEIR id as a golden case id (letters, digits, `.`, `_`, `-`; anything else becomes `_`). */
export function caseIdFor(queryId: string): string {
  const cleaned = queryId.replace(/[^A-Za-z0-9._-]/g, '_')
  return /^[A-Za-z0-9]/.test(cleaned) ? cleaned : `q${cleaned}`
}

interface Joined {
  documents: SourceDocument[]
  /** Original document key to its joined document key and span. */
  placeOf: Map<string, { key: string; span: [number, number] }>
}

function joinDocuments(documents: readonly SourceDocument[]): Joined {
  const byTitle = new Map<string, SourceDocument[]>()
  for (const d of documents) {
    const group = byTitle.get(d.title) ?? []
    group.push(d)
    byTitle.set(d.title, group)
  }
  const placeOf = new Map<string, { key: string; span: [number, number] }>()
  const joined = [...byTitle.entries()].map(([title, group], i) => {
    const first = group[0] as SourceDocument
    const key = title.trim() === '' ? `untitled-${i}` : title.replace(/\s+/g, '_')
    let text = ''
    for (const d of group) {
      if (text !== '') text += JOIN_SEPARATOR
      placeOf.set(d.key, { key, span: [text.length, text.length + d.text.length] })
      text += d.text
    }
    return {
      ...first,
      id: `${first.tenantId}/document/${key}`,
      key,
      text,
      origin: `${group.length} documents titled ${JSON.stringify(title)}`,
    }
  })
  return { documents: joined, placeOf }
}

/** Derives the golden set (see the module doc). Every case passes the golden case schema. */
export function beirGoldenSet(
  dataset: Pick<BeirDataset, 'corpus' | 'queries' | 'qrels'>,
  tenantId: string,
  options: BeirGoldenOptions = {},
): BeirGoldenSet {
  const joined = options.joinByTitle ? joinDocuments(dataset.corpus.documents) : undefined
  const cases: BeirGoldenSet['cases'] = []
  const empty = new Set(dataset.corpus.documents.filter((d) => d.text.trim() === '').map((d) => d.key))
  let skipped = 0
  let emptyJudgments = 0
  for (const [index, q] of dataset.queries.entries()) {
    if (options.limit !== undefined && cases.length >= options.limit) break
    const positive = [...(dataset.qrels.get(q.id) ?? new Map<string, number>()).entries()].filter(
      ([, grade]) => grade > 0,
    )
    const judged = positive.filter(([key]) => !empty.has(key))
    emptyJudgments += positive.length - judged.length
    const impossible = q.metadata.is_impossible === true
    if (judged.length === 0 && !impossible) {
      skipped++
      continue
    }
    const base = {
      case_id: caseIdFor(q.id),
      tenant_id: tenantId,
      query: q.text,
      question_type: 'simple',
      popularity: 'torso',
      dynamism: 'static',
    } as const
    const expected = judged.map(([key, grade]) => {
      const place = joined?.placeOf.get(key)
      const locator = place
        ? { kind: 'document' as const, id: place.key, span: place.span }
        : { kind: 'document' as const, id: key }
      return { locator, grade: Math.min(3, Math.round(grade)) }
    })
    const input = impossible
      ? { ...base, case_type: 'out_of_scope', answerable: false }
      : {
          ...base,
          case_type: 'normal',
          answerable: true,
          expected_sources: expected,
          must_contain: [],
          reference_answer: answersOf(q.metadata)[0] ?? '',
        }
    cases.push({ case: GoldenCaseSchema.parse(input), line: index + 1 })
  }
  const documents = joined?.documents ?? dataset.corpus.documents
  return {
    documents,
    fingerprint: joined ? fingerprintCorpus(documents) : dataset.corpus.fingerprint,
    cases,
    skipped,
    emptyJudgments,
  }
}

function answersOf(metadata: Record<string, unknown>): string[] {
  const answers = metadata.answers
  return Array.isArray(answers) ? answers.filter((a): a is string => typeof a === 'string') : []
}
