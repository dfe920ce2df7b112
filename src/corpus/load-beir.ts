/**
 * Loads a dataset in BEIR layout: `corpus.jsonl` (`_id`, `title`, `text`), `queries.jsonl` (`_id`, `text`,
 * `metadata`) and `qrels/*.tsv` (header `query-id corpus-id score`). A document's `text` is the `text` field
 * alone (span offsets, like SQuAD answer offsets, index into it); `title` is kept apart.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { readJsonlLines } from '../shared/problems/jsonl.ts'
import type { Problem } from '../shared/problems/problems.ts'
import { CorpusError } from './errors.ts'
import { fingerprintCorpus } from './fingerprint.ts'
import { normalizeText } from '../shared/text/normalize.ts'
import type { Corpus, SourceDocument } from './types.ts'

/** One BEIR query. `metadata` is passed through as the dataset wrote it (`{}` when absent). */
export interface BeirQuery {
  id: string
  text: string
  metadata: Record<string, unknown>
}

/** Options of {@link loadBeir}. */
export interface BeirLoadOptions {
  /** Tenant every document belongs to. Default `'default'`. */
  tenantId?: string
  /** Read only `qrels/<split>.tsv`; default: every `.tsv` file in `qrels/`, merged. */
  split?: string
}

/** A loaded BEIR dataset. `qrels` maps query id -> corpus `_id` (the document's `key`) -> graded score. */
export interface BeirDataset {
  corpus: Corpus
  queries: BeirQuery[]
  qrels: Map<string, Map<string, number>>
}

/** Default options of {@link loadBeir}. */
export const defaultBeirLoadOptions = { tenantId: 'default' } as const

function readJsonl(
  text: string,
  file: string,
  problems: Problem[],
  each: (record: Record<string, unknown>, line: number) => void,
): void {
  readJsonlLines(text, file, problems, (json, line) => each(json as Record<string, unknown>, line), { objects: true })
}

function requireString(
  record: Record<string, unknown>,
  field: string,
  file: string,
  line: number,
  problems: Problem[],
): string | undefined {
  const value = record[field]
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  problems.push({
    code: 'invalid_record',
    file,
    line,
    path: field,
    value,
    message: `${JSON.stringify(value) ?? 'missing'} is not a string`,
    fix: `add "${field}": "<text>"`,
  })
  return undefined
}

/** Reads `corpus.jsonl`: one document per record, a duplicate `_id` reported and skipped. */
async function readBeirCorpus(root: string, tenantId: string, problems: Problem[]): Promise<SourceDocument[]> {
  const documents: SourceDocument[] = []
  const seen = new Map<string, number>()
  readJsonl(await readFile(join(root, 'corpus.jsonl'), 'utf8'), 'corpus.jsonl', problems, (record, line) => {
    const key = requireString(record, '_id', 'corpus.jsonl', line, problems)
    const text = requireString(record, 'text', 'corpus.jsonl', line, problems)
    if (key === undefined || text === undefined) return
    const first = seen.get(key)
    if (first !== undefined) {
      problems.push({
        code: 'duplicate_id',
        file: 'corpus.jsonl',
        line,
        path: '_id',
        value: key,
        message: `"${key}" is already used on line ${first}`,
      })
      return
    }
    seen.set(key, line)
    const title = typeof record.title === 'string' ? normalizeText(record.title) : ''
    documents.push({
      id: `${tenantId}/document/${key}`,
      key,
      tenantId,
      kind: 'document',
      title,
      text: normalizeText(text),
      origin: `corpus.jsonl:${line}`,
    })
  })
  return documents
}

/** Reads `queries.jsonl` when there is one (no queries otherwise). */
async function readBeirQueries(root: string, problems: Problem[]): Promise<BeirQuery[]> {
  const queries: BeirQuery[] = []
  const queriesPath = join(root, 'queries.jsonl')
  if (existsSync(queriesPath)) {
    readJsonl(await readFile(queriesPath, 'utf8'), 'queries.jsonl', problems, (record, line) => {
      const id = requireString(record, '_id', 'queries.jsonl', line, problems)
      const text = requireString(record, 'text', 'queries.jsonl', line, problems)
      if (id === undefined || text === undefined) return
      const metadata =
        record.metadata !== null && typeof record.metadata === 'object'
          ? (record.metadata as Record<string, unknown>)
          : {}
      queries.push({ id, text: normalizeText(text), metadata })
    })
  }
  return queries
}

/** Reads `qrels/<split>.tsv`, or every `.tsv` of `qrels/` in name order, merged (none when there is no folder). */
async function readBeirQrels(
  root: string,
  split: string | undefined,
  problems: Problem[],
): Promise<Map<string, Map<string, number>>> {
  const qrels = new Map<string, Map<string, number>>()
  const qrelsDir = join(root, 'qrels')
  const files = existsSync(qrelsDir) ? (await readdir(qrelsDir)).filter((f) => f.endsWith('.tsv')).sort() : []
  for (const name of split === undefined ? files : [`${split}.tsv`]) {
    const file = `qrels/${name}`
    normalizeText(await readFile(join(qrelsDir, name), 'utf8'))
      .split('\n')
      .forEach((raw, index) => {
        if (raw.trim() === '' || (index === 0 && raw.startsWith('query-id'))) return
        const [queryId, corpusId, score] = raw.split('\t')
        const grade = Number(score)
        if (queryId === undefined || corpusId === undefined || score === undefined || !Number.isFinite(grade)) {
          problems.push({
            code: 'invalid_record',
            file,
            line: index + 1,
            path: '',
            value: raw,
            message: `${JSON.stringify(raw)} is not "query-id<TAB>corpus-id<TAB>score"`,
          })
          return
        }
        let row = qrels.get(queryId)
        if (!row) qrels.set(queryId, (row = new Map()))
        row.set(corpusId, grade)
      })
  }
  return qrels
}

/**
 * Loads the BEIR dataset at `root`. Throws {@link CorpusError} listing every problem (bad JSON lines,
 * missing fields, duplicate ids, malformed qrels rows) when there are any.
 */
export async function loadBeir(root: string, options: BeirLoadOptions = {}): Promise<BeirDataset> {
  const tenantId = options.tenantId ?? defaultBeirLoadOptions.tenantId
  const problems: Problem[] = []
  const documents = await readBeirCorpus(root, tenantId, problems)
  const queries = await readBeirQueries(root, problems)
  const qrels = await readBeirQrels(root, options.split, problems)
  if (problems.length > 0) throw new CorpusError(root, problems)
  return { corpus: { documents, fingerprint: fingerprintCorpus(documents), root }, queries, qrels }
}
